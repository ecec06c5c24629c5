import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// Where an attempt's time went, measured against a real server on 127.0.0.1: a new connection is
/// timed, a kept-alive one is reused, a delayed answer shows in the wait, a streamed body in `send`.
@Suite("Timing phases")
struct TransferPhasesTests {
    @Test("the first request opens a connection and times it; the next reuses it")
    func newThenReused() async throws {
        try await withMockServer { server in
            let transport = HTTPClientTransport.shared
            let url = server.baseURL.appendingPathComponent("users/1")
            let first = try await transport.perform(Request(method: .get, url: url), context: TransportContext())
            let second = try await transport.perform(Request(method: .get, url: url), context: TransportContext())
            let opened = try #require(first.phases)
            #expect(opened.reusedConnection == false)
            let connect = try #require(opened.connect)
            #expect(connect > .zero)
            #expect(opened.dns == nil)  // 127.0.0.1 is an address: nothing was looked up
            #expect(opened.tls == nil)
            #expect(opened.send == nil)  // no body
            let firstByte = try #require(opened.firstByte)
            let transfer = try #require(opened.transfer)
            #expect(connect + firstByte + transfer <= opened.total + .microseconds(1))
            let reused = try #require(second.phases)
            #expect(reused.reusedConnection == true)
            #expect(reused.connect == nil)
            #expect(reused.firstByte != nil)
        }
    }

    @Test("a server that waits before answering shows in firstByte")
    func delayedAnswer() async throws {
        try await withMockServer { server in
            let url = server.baseURL.appendingPathComponent("delay/300")
            let reply = try await HTTPClientTransport.shared.perform(
                Request(method: .get, url: url), context: TransportContext())
            let phases = try #require(reply.phases)
            let firstByte = try #require(phases.firstByte)
            #expect(firstByte >= .milliseconds(300))
            #expect(phases.total >= firstByte)
        }
    }

    @Test("a body streamed from a file is timed as send, before the wait")
    func streamedBody() async throws {
        try await withMockServer { server in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-phases-\(UUID())")
            try MockServer.expectedBytes(count: 2 * 1024 * 1024).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var request = Request(
                method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
            request.body = .file(file)
            let reply = try await HTTPClientTransport.shared.perform(request, context: TransportContext())
            #expect(reply.status == .ok)
            let phases = try #require(reply.phases)
            let send = try #require(phases.send)
            #expect(send > .zero)
            #expect(send + (phases.firstByte ?? .zero) <= phases.total)
        }
    }

    @Test("over TLS the handshake is timed apart from the connect, and the phases add up")
    func tlsConnection() async throws {
        let server = try await TLSTestServer(leaf: .selfSigned)
        var configuration = TransportConfiguration()
        configuration.tls = TLSSettings(insecure: true)
        let transport = HTTPClientTransport(configuration: configuration)
        do {
            let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/hello"))
            let reply = try await transport.perform(
                Request(method: .get, url: url), context: TransportContext(timeout: .seconds(20)))
            let phases = try #require(reply.phases)
            #expect(phases.reusedConnection == false)
            let connect = try #require(phases.connect)
            let tls = try #require(phases.tls)
            #expect(connect > .zero && tls > .zero)
            #expect(phases.dns == nil)  // an address
            #expect(reply.connection?.httpVersion == "HTTP/2")
            #expect(reply.connection?.tlsVersion != nil)
            let sum = connect + tls + (phases.firstByte ?? .zero) + (phases.transfer ?? .zero)
            #expect(sum <= phases.total + .microseconds(1))
            let again = try await transport.perform(
                Request(method: .get, url: url), context: TransportContext(timeout: .seconds(20)))
            #expect(again.phases?.reusedConnection == true)
            #expect(again.phases?.tls == nil)
        } catch {
            try await transport.shutdown()
            await server.stop()
            throw error
        }
        try await transport.shutdown()
        await server.stop()
    }

    @Test("a client of the caller's own is not watched: no connection phase, reuse unknown")
    func givenClient() async throws {
        try await withMockServer { server in
            let transport = HTTPClientTransport(client: HTTPClientTransport.shared.client)
            let reply = try await transport.perform(
                Request(method: .get, url: server.baseURL.appendingPathComponent("users/1")),
                context: TransportContext())
            let phases = try #require(reply.phases)
            #expect(phases.reusedConnection == nil)
            #expect(phases.connect == nil)
            #expect(phases.firstByte != nil)
        }
    }

    @Test("phases encode as milliseconds, nulls kept, and decode back")
    func codable() throws {
        let phases = TransferPhases(
            connect: .microseconds(1234), firstByte: .milliseconds(5), transfer: .microseconds(250),
            total: .microseconds(6484), reusedConnection: false)
        let json = try #require(String(data: JSONEncoder().encode(phases), encoding: .utf8))
        #expect(json.contains(#""connectMs":1.234"#))
        #expect(json.contains(#""dnsMs":null"#))
        #expect(json.contains(#""reusedConnection":false"#))
        let decoded = try JSONDecoder().decode(TransferPhases.self, from: Data(json.utf8))
        #expect(decoded == phases)
        let hostile = try JSONDecoder().decode(
            TransferPhases.self, from: Data(#"{"connectMs":-4,"totalMs":1e300}"#.utf8))
        #expect(hostile.connect == nil)
        #expect(hostile.total == .zero)
    }
}
