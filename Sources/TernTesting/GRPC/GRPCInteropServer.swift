public import Foundation

/// A gRPC server nobody here wrote: the interoperability `grpc.testing.TestService` on Python's grpcio
/// (PyPI's `grpcio` and `grpcio-reflection`, which `make deps` installs), on 127.0.0.1. Its messages come
/// from the interop `.proto` files beside this file, compiled by `protoc` into a descriptor set; server
/// reflection (v1alpha, as grpcio-reflection serves it) is on unless `reflection` is false. `google.rpc.Status`
/// and its details are in the descriptor set too: a `responseStatus` whose message starts with "details" is
/// answered with `grpc-status-details-bin` (an `ErrorInfo`).
public final class GRPCInteropServer: StoppableServer {
    /// The folder holding the interop `.proto` files (`src/proto/grpc/testing/test.proto`, imports written
    /// from this folder).
    public static let protoFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("interop")
    /// `test.proto`, which defines `grpc.testing.TestService`.
    public static let testProto = protoFolder.appendingPathComponent("src/proto/grpc/testing/test.proto")
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("interop_server.py")

    /// Why the server cannot run here, when it cannot (no grpcio, no protoc); `nil` when it can.
    public static let unavailable: String? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc") else {
            return "protoc is not installed (make deps installs protobuf-compiler)"
        }
        guard let probe = try? ChildProcess("/usr/bin/env", ["python3", "-c", "import grpc, grpc_reflection"]) else {
            return "python3 is not installed"
        }
        return probe.waitUntilExit() == 0 ? nil : "grpcio and grpcio-reflection are not installed (make deps)"
    }()

    /// Why the gRPC-Web server cannot run here (no sonora), when it cannot; `nil` when it can.
    public static let webUnavailable: String? = {
        if let unavailable { return unavailable }
        guard let probe = try? ChildProcess("/usr/bin/env", ["python3", "-c", "import sonora.wsgi"]),
            probe.waitUntilExit() == 0
        else { return "sonora (PyPI's gRPC-Web server) is not installed (make deps)" }
        return nil
    }()

    /// The port on 127.0.0.1.
    public let port: Int
    /// The descriptor set the server was started with (`--protoset` for tests that want one).
    public let protoset: URL
    private let folder: URL
    private let process: ChildProcess

    /// `grpc://127.0.0.1:PORT`, `grpcs://localhost:PORT` over TLS, or `grpc-web://127.0.0.1:PORT`.
    public let address: String

    /// Starts the server on a free port and waits up to 20 s until it accepts connections.
    ///
    /// - Parameters:
    ///   - reflection: whether server reflection is on.
    ///   - token: when given, every call (reflection too) needs `authorization: Bearer TOKEN`.
    ///   - garbage: `UnaryCall` answers bytes that are no `SimpleResponse`.
    ///   - certificate: TLS with this chain and key.
    ///   - web: gRPC-Web over HTTP/1.1 instead (through PyPI's sonora), without reflection.
    public init(
        reflection: Bool = true, token: String? = nil, garbage: Bool = false,
        certificate: TestCertificateAuthority.Issued? = nil, web: Bool = false
    ) async throws {
        if let reason = web ? Self.webUnavailable : Self.unavailable { throw UnresponsiveListener.Failure(reason) }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-grpc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        protoset = folder.appendingPathComponent("interop.protoset")
        try await Self.compileProtoset(to: protoset)
        let port = try FreePort.onLoopback()
        self.port = port
        var arguments = [Self.script.path, String(port), protoset.path]
        if !reflection { arguments.append("--no-reflection") }
        if let token { arguments += ["--token", token] }
        if garbage { arguments.append("--garbage") }
        if web { arguments.append("--web") }
        if let certificate {
            let chain = folder.appendingPathComponent("server.pem")
            let key = folder.appendingPathComponent("server.key")
            try Data(certificate.certificatePEM.utf8).write(to: chain)
            try Data(certificate.keyPEM.utf8).write(to: key)
            arguments += ["--tls", chain.path, key.path]
        }
        address =
            web
            ? "grpc-web://127.0.0.1:\(port)"
            : certificate == nil ? "grpc://127.0.0.1:\(port)" : "grpcs://localhost:\(port)"
        process = try ChildProcess("/usr/bin/env", ["python3"] + arguments, output: .null, error: .null)
        if await FreePort.waitUntilListening(port, seconds: 20) { return }
        await stop()
        throw UnresponsiveListener.Failure("the gRPC server did not listen on 127.0.0.1:\(port) within 20 s")
    }

    /// Compiles the interop `.proto` files with `protoc` into the descriptor set `file`.
    static func compileProtoset(to file: URL) async throws {
        let compiled = try await ExternalCommand.run(
            "/usr/bin/protoc",
            [
                "--include_imports", "--descriptor_set_out=\(file.path)", "-I", Self.protoFolder.path,
                "src/proto/grpc/testing/test.proto", "google/rpc/status.proto", "google/rpc/error_details.proto",
            ], in: Self.protoFolder)
        guard compiled.status == 0 else { throw UnresponsiveListener.Failure("protoc failed: \(compiled.output)") }
    }

    /// Stops the server and waits until it has exited; idempotent.
    public func stop() async {
        await process.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with a server started, then stops it, also when `body` throws.
    public static func with<T>(
        reflection: Bool = true, token: String? = nil, garbage: Bool = false,
        certificate: TestCertificateAuthority.Issued? = nil, web: Bool = false,
        _ body: (GRPCInteropServer) async throws -> T
    ) async throws -> T {
        try await running(
            try await GRPCInteropServer(
                reflection: reflection, token: token, garbage: garbage, certificate: certificate, web: web),
            body)
    }
}
