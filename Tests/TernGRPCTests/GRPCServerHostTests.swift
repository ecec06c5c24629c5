import Foundation
import Synchronization
import Tern
import TernGRPC
import Testing

/// `GRPCServerHost` answering through grpc-swift's client (`GRPCClientConnector`), bytes both ways: the
/// initial metadata, the messages, a status with trailers, a status alone, a method it was not given.
@Suite("A gRPC server host on 127.0.0.1")
struct GRPCServerHostTests {
    static let method = "test.Echo/Twice"

    /// Starts a host whose one method answers every request message twice, then `status`.
    func withHost(status: GRPCStatus, _ body: (GRPCServerHost) async throws -> Void) async throws {
        let host = try await GRPCServerHost.start(port: 0, methods: [Self.method]) { call in
            if status.code == .permissionDenied { return .status(status) }
            let echo = call.metadata.filter { $0.name == "x-echo" }
            return .answer(metadata: echo) { writer in
                do {
                    for try await message in call.requests {
                        try await writer.write(message)
                        try await writer.write(message)
                    }
                } catch {
                    return GRPCStatus(code: .cancelled)
                }
                return status
            }
        }
        do {
            try await body(host)
        } catch {
            await host.shutdown()
            throw error
        }
        await host.shutdown()
    }

    /// Calls `method` on `port` with `messages`; the metadata and messages received, and the status.
    func call(
        _ method: String, port: Int, messages: [[UInt8]], metadata: [GRPCMetadataEntry] = []
    ) async -> (headers: [GRPCMetadataEntry], messages: [[UInt8]], status: GRPCStatus) {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        for message in messages { continuation.yield(message) }
        continuation.finish()
        let received = Mutex<(headers: [GRPCMetadataEntry], messages: [[UInt8]])>(([], []))
        let call = GRPCCall(
            url: URL(string: "grpc://127.0.0.1:\(port)")!, method: method, metadata: metadata, timeout: .seconds(20))
        let status = await GRPCClientConnector().run(call, messages: stream) { event in
            switch event {
            case .metadata(let headers): received.withLock { $0.headers = headers }
            case .message(let bytes): received.withLock { $0.messages.append(bytes) }
            }
        }
        let (headers, messages) = received.withLock { ($0.headers, $0.messages) }
        return (headers, messages, status)
    }

    @Test("metadata, each message twice and an OK status with its trailers")
    func answers() async throws {
        let trailer = GRPCMetadataEntry(name: "x-trailer-bin", value: .binary([1, 2, 3]))
        try await withHost(status: GRPCStatus(code: .ok, trailers: [trailer])) { host in
            let echo = GRPCMetadataEntry(name: "x-echo", value: .text("hello"))
            let result = await call(Self.method, port: host.port, messages: [[1], [2, 2]], metadata: [echo])
            #expect(result.status.code == .ok, "\(result.status)")
            #expect(result.status.trailers.contains(trailer), "\(result.status)")
            #expect(result.headers.contains(echo), "\(result.headers)")
            #expect(result.messages == [[1], [1], [2, 2], [2, 2]])
        }
    }

    @Test("a status other than OK after messages, and a status alone, arrive with their message")
    func statuses() async throws {
        try await withHost(status: GRPCStatus(code: .notFound, message: "no such thing")) { host in
            let result = await call(Self.method, port: host.port, messages: [[7]])
            #expect(result.messages == [[7], [7]])
            #expect(result.status.code == .notFound)
            #expect(result.status.message == "no such thing")
        }
        try await withHost(status: GRPCStatus(code: .permissionDenied, message: "no")) { host in
            let result = await call(Self.method, port: host.port, messages: [[7]])
            #expect(result.messages.isEmpty)
            #expect(result.status.code == .permissionDenied)
            #expect(result.status.message == "no")
        }
    }

    @Test("a method the host was not given is UNIMPLEMENTED")
    func unimplemented() async throws {
        try await withHost(status: GRPCStatus(code: .ok)) { host in
            let result = await call("test.Echo/Other", port: host.port, messages: [])
            #expect(result.status.code == .unimplemented, "\(result.status)")
        }
    }
}
