import Foundation
import Tern
import TernGRPC
import TernTesting
import Testing

/// grpc/grpc's interop case cancel_after_begin, which a one-shot `tern grpc` cannot make (it reads all its
/// messages before it calls): a client-streaming call cancelled before it sent a message ends CANCELLED,
/// against grpcio's interop server and grpc-swift's.
@Suite(
    "cancel_after_begin against grpcio and grpc-swift", .serialized, .timeLimit(.minutes(2)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct CancelAfterBeginTests {
    /// Whether a TCP connection to 127.0.0.1:`port` is established (read from /proc/net/tcp), waiting up to
    /// 30 s for one.
    static func waitForConnection(to port: Int) async -> Bool {
        let remote = ":" + String(format: "%04X", port)
        for _ in 0..<300 {
            for line in Self.connections().split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ")
                // local, remote, state (01: ESTABLISHED): the client's side has the server's port as remote.
                if columns.count > 3, columns[2].hasSuffix(remote), columns[3] == "01" { return true }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// The text of /proc/net/tcp, read to its end (a procfs file has no size: it is read until `read` says
    /// it is over, at most 16 MiB).
    static func connections() -> String {
        let descriptor = open("/proc/net/tcp", O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 16 << 20 {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Starts StreamingInputCall on `port`, sends nothing, cancels once connected; the call's status.
    func cancelledCall(port: Int) async -> GRPCStatus {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let call = GRPCCall(
            url: URL(string: "grpc://127.0.0.1:\(port)")!, method: "grpc.testing.TestService/StreamingInputCall",
            timeout: .seconds(30))
        let task = Task { await GRPCClientConnector().run(call, messages: stream) { _ in } }
        let connected = await Self.waitForConnection(to: port)
        #expect(connected, "the client never connected")
        task.cancel()
        let status = await task.value
        continuation.finish()
        return status
    }

    @Test("grpcio's server")
    func grpcio() async throws {
        try await GRPCInteropServer.with(reflection: false) { server in
            let status = await cancelledCall(port: server.port)
            #expect(status.code == .cancelled, "\(status)")
        }
    }

    @Test("grpc-swift's server")
    func grpcSwift() async throws {
        try await SwiftGRPCInteropServer.with { server in
            let status = await cancelledCall(port: server.port)
            #expect(status.code == .cancelled, "\(status)")
        }
    }
}
