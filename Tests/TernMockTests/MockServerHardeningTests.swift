import Foundation
import TernTesting
import Testing

@testable import TernMock

/// Slow, idle and surplus clients cannot hold the mock server.
@Suite("MockServer limits: header and idle timeouts, connection cap")
struct MockServerHardeningTests {
    static let request = "GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

    @Test("a slowloris head, a field at a time, is closed after the header timeout")
    func slowlorisClosed() async throws {
        let limits = MockServer.Limits(headerTimeout: .milliseconds(500))
        try await withMockServer(limits: limits) { server in
            let client = try RawClient(port: server.port)
            await client.send("GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            var closed = false
            // Bounded: at most 300 steps of 100 ms, far past the 0.5 s timeout.
            for index in 0..<300 {
                guard await client.send("X-Slow-\(index): y\r\n") else {
                    closed = true
                    break
                }
                if await client.waitUntilClosed(within: .milliseconds(100)) {
                    closed = true
                    break
                }
            }
            #expect(closed)
        }
    }

    @Test("a request body that stops arriving is closed after the idle timeout")
    func stalledBodyClosed() async throws {
        let limits = MockServer.Limits(idleTimeout: .milliseconds(500))
        try await withMockServer(limits: limits) { server in
            let client = try RawClient(port: server.port)
            await client.send("PUT /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nonly this")
            #expect(await client.waitUntilClosed(within: .seconds(30)))
        }
    }

    @Test("a keep-alive connection is kept while requests come, and serves them")
    func keepAliveServes() async throws {
        let limits = MockServer.Limits(headerTimeout: .seconds(60), idleTimeout: .seconds(60))
        try await withMockServer(limits: limits) { server in
            let client = try RawClient(port: server.port)
            await client.send("GET /status/200 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await client.read(until: "}", within: .seconds(20)).hasPrefix("HTTP/1.1 200"))
            await client.send("GET /status/200 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await client.read(until: "}", within: .seconds(20)).hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("past the cap, idle connections make room: the surplus is closed and real requests are served at once")
    func connectionCap() async throws {
        let limits = MockServer.Limits(headerTimeout: .seconds(120), maximumConnections: 4)
        try await withMockServer(limits: limits) { server in
            let idle = try (0..<12).map { _ in try RawClient(port: server.port) }
            // Long before the 120 s header timeout, only the cap's worth of idle clients is left
            // (bounded: at most 100 rounds).
            var closed = Set<Int>()
            for _ in 0..<100 where closed.count < 8 {
                for (index, client) in idle.enumerated() where !closed.contains(index) {
                    if await client.waitUntilClosed(within: .milliseconds(20)) { closed.insert(index) }
                }
            }
            #expect(closed.count == 8)
            for _ in 0..<3 {
                let client = try RawClient(port: server.port)
                await client.send(Self.request)
                #expect(await client.read(until: "}", within: .seconds(20)).hasPrefix("HTTP/1.1 200"))
            }
        }
    }

    @Test("past the cap with every connection busy, a new connection is closed at once")
    func connectionCapAllBusy() async throws {
        let limits = MockServer.Limits(maximumConnections: 2)
        try await withMockServer(limits: limits) { server in
            let busy = try (0..<2).map { _ in try RawClient(port: server.port) }
            for client in busy { await client.send("GET /delay/120000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
            // Bounded: until the server has both requests in hand (at most 200 × 100 ms).
            for _ in 0..<200 where server.totalRequestCount < 2 { try await Task.sleep(for: .milliseconds(100)) }
            let surplus = try RawClient(port: server.port)
            #expect(await surplus.waitUntilClosed(within: .seconds(60)))
        }
    }

    @Test("the default connection cap leaves room under the descriptor limit")
    func defaultCap() {
        let cap = MockServer.Limits.defaultMaximumConnections
        #expect(cap >= 8 && cap <= 1024)
        #expect(MockServer.Limits(maximumConnections: 0).maximumConnections == 1)
    }
}
