import Foundation
import TernTesting
import Testing

@testable import TernMock

/// Slow and surplus clients cannot hold the mock's WebSocket listener: the HTTP listener's header
/// timeout bounds the handshake, and its connection cap the connections.
@Suite("MockWebSocketServer limits: handshake timeout, connection cap", .timeLimit(.minutes(2)))
struct MockWebSocketHardeningTests {
    static let conversations = [
        MockConversation(path: "/chat", steps: [.client(text: "hi"), .server(text: "hello"), .client(text: "bye")])
    ]

    /// A masked text frame "hi", as a client sends it.
    static let hi: [UInt8] = {
        let key: [UInt8] = [1, 2, 3, 4]
        return [0x81, 0x82] + key + zip(Array("hi".utf8), [0, 1]).map { $0 ^ key[$1] }
    }()

    /// A whole upgrade request for `/chat`.
    static let upgrade =
        "GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    @Test("a half-sent handshake is closed after the header timeout")
    func halfSentHandshakeClosed() async throws {
        let server = try await MockWebSocketServer.start(
            conversations: Self.conversations, limits: MockServer.Limits(headerTimeout: .milliseconds(500)))
        let client = try RawClient(port: server.port)
        await client.send("GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        #expect(await client.waitUntilClosed(within: .seconds(30)))
        #expect(try await eventually { server.openConnectionCount == 0 })
        await server.shutdown()
    }

    @Test("an upgraded conversation outlives the handshake timeout: its own deadlines take over")
    func upgradedConversationKept() async throws {
        let server = try await MockWebSocketServer.start(
            conversations: Self.conversations, limits: MockServer.Limits(headerTimeout: .seconds(2)))
        let client = try RawClient(port: server.port)
        await client.send(Self.upgrade)
        // Two seconds leave a loaded machine room to finish the handshake before its timeout.
        #expect(await client.read(until: "\r\n\r\n", within: .seconds(20)).hasPrefix("HTTP/1.1 101"))
        // Well past the handshake timeout, the conversation still waits for the client's "hi".
        #expect(!(await client.waitUntilClosed(within: .seconds(4))))
        // "hi": the server answers "hello".
        await client.send(bytes: Self.hi)
        #expect(await client.read(until: "hello", within: .seconds(20)).contains("hello"))
        await server.shutdown()
    }

    @Test("past the cap, half-sent handshakes make room; with the cap full of conversations a new one is closed")
    func connectionCap() async throws {
        let server = try await MockWebSocketServer.start(
            conversations: Self.conversations,
            limits: MockServer.Limits(headerTimeout: .seconds(120), maximumConnections: 4))
        let waiting = try (0..<12).map { _ in try RawClient(port: server.port) }
        for client in waiting { await client.send("GET /chat HTTP/1.1\r\n") }
        // Long before the 120 s handshake timeout, only the cap's worth is left (bounded: 100 rounds).
        var closed = Set<Int>()
        for _ in 0..<100 where closed.count < 8 {
            for (index, client) in waiting.enumerated() where !closed.contains(index) {
                if await client.waitUntilClosed(within: .milliseconds(20)) { closed.insert(index) }
            }
        }
        #expect(closed.count == 8)
        #expect(server.openConnectionCount <= 4)
        // Upgraded conversations are busy, not waiting: with four of them the next connection is closed at once.
        var talking: [RawClient] = []
        for _ in 0..<4 {
            let client = try RawClient(port: server.port)
            await client.send(Self.upgrade)
            #expect(await client.read(until: "\r\n\r\n", within: .seconds(20)).hasPrefix("HTTP/1.1 101"))
            // An answer tells the upgrade is done on the server's side too (the 101 may arrive before).
            await client.send(bytes: Self.hi)
            #expect(await client.read(until: "hello", within: .seconds(20)).contains("hello"))
            talking.append(client)
        }
        let surplus = try RawClient(port: server.port)
        #expect(await surplus.waitUntilClosed(within: .seconds(30)))
        #expect(try await eventually { server.openConnectionCount == 4 })
        await server.shutdown()
    }
}
