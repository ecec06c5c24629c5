import Foundation
import Testing
import TernTesting

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
            // Bounded: at most 100 steps of 100 ms, far past the 0.5 s timeout.
            for index in 0..<100 {
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
            #expect(await client.waitUntilClosed(within: .seconds(10)))
        }
    }

    @Test("a keep-alive connection is kept while requests come, and serves them")
    func keepAliveServes() async throws {
        let limits = MockServer.Limits(headerTimeout: .seconds(5), idleTimeout: .seconds(5))
        try await withMockServer(limits: limits) { server in
            let client = try RawClient(port: server.port)
            await client.send("GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await client.read(for: .seconds(2)).hasPrefix("HTTP/1.1 200"))
            await client.send(Self.request)
            #expect(await client.read(for: .seconds(2)).hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("connections past the cap are closed at once, and the server still serves real requests")
    func connectionCap() async throws {
        let limits = MockServer.Limits(headerTimeout: .seconds(1), maximumConnections: 4)
        try await withMockServer(limits: limits) { server in
            let idle = try (0..<12).map { _ in try RawClient(port: server.port) }
            // The surplus is closed at once (well before the header timeout closes the rest).
            var closedEarly = 0
            for client in idle {
                if await client.waitUntilClosed(within: .milliseconds(200)) { closedEarly += 1 }
            }
            #expect(closedEarly >= 8)
            // The held ones go after the header timeout; then a real request is served.
            var answer = ""
            for _ in 0..<50 where !answer.hasPrefix("HTTP/1.1 200") {
                try await Task.sleep(for: .milliseconds(200))
                let client = try RawClient(port: server.port)
                await client.send(Self.request)
                answer = await client.read(for: .milliseconds(500))
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            for client in idle { #expect(await client.waitUntilClosed(within: .seconds(5))) }
        }
    }

    @Test("the default connection cap leaves room under the descriptor limit")
    func defaultCap() {
        let cap = MockServer.Limits.defaultMaximumConnections
        #expect(cap >= 8 && cap <= 1024)
        #expect(MockServer.Limits(maximumConnections: 0).maximumConnections == 1)
    }
}
