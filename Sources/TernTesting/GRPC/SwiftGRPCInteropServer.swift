public import Foundation
import TernGRPC
import TernProtobuf

/// The interoperability `grpc.testing.TestService` on grpc-swift's server (through `GRPCServerHost`), in
/// this process, on 127.0.0.1: the second server the interop cases run against, beside grpcio's. It has no
/// reflection: clients take the descriptor set it was started with (`protoset`).
public final class SwiftGRPCInteropServer: StoppableServer {
    /// Why the server cannot run here (no protoc); `nil` when it can.
    public static let unavailable: String? =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc")
        ? nil : "protoc is not installed (make deps installs protobuf-compiler)"

    /// The port on 127.0.0.1.
    public var port: Int { host.port }
    /// `grpc://127.0.0.1:PORT`.
    public var address: String { "grpc://127.0.0.1:\(port)" }
    /// The interop descriptor set (`--protoset` for clients).
    public let protoset: URL
    private let folder: URL
    private let host: GRPCServerHost

    /// Compiles the interop descriptors and starts serving on a free port.
    public init() async throws {
        if let reason = Self.unavailable { throw UnresponsiveListener.Failure(reason) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-grpc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let protoset = folder.appendingPathComponent("interop.protoset")
        do {
            try await GRPCInteropServer.compileProtoset(to: protoset)
            let service = InteropTestService(pool: try DescriptorPool(files: try DescriptorFiles.protoset(protoset)))
            host = try await GRPCServerHost.start(port: 0, methods: InteropTestService.methods) { call in
                await service.answer(call)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        self.folder = folder
        self.protoset = protoset
    }

    /// Stops serving; idempotent.
    public func stop() async {
        await host.shutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with a server started, then stops it, also when `body` throws.
    public static func with<T>(_ body: (SwiftGRPCInteropServer) async throws -> T) async throws -> T {
        try await running(try await SwiftGRPCInteropServer(), body)
    }
}
