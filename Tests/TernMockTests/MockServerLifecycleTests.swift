import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("MockServer lifecycle and connections")
struct MockServerLifecycleTests {
    private struct Boom: Error {}

    @Test("start binds a real port and baseURL points at it")
    func startBindsPort() async throws {
        let server = try await MockServer.start()
        #expect(server.port > 0)
        #expect(server.host == "127.0.0.1")
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        try await server.shutdown()
    }

    @Test("a server on event loops of its own answers, and a second shutdown after the loops ended is fine")
    func ownEventLoops() async throws {
        let server = try await MockServer.start(ownEventLoops: 1)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let response = try await client.execute(
                HTTPClientRequest(url: server.baseURL.absoluteString + "/users/1"), timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 1 << 20)
            #expect(response.status == .ok)
            #expect(String(buffer: body).contains("Ada Lovelace"))
        } catch {
            try? await client.shutdown()
            try await server.shutdown()
            throw error
        }
        try await client.shutdown()
        try await server.shutdown()
        try await server.shutdown()
        #expect(server.requestCount(path: "/users/1") == 1)
    }

    @Test("requestCount counts by path without query; totalRequestCount counts all")
    func requestCounting() async throws {
        try await withHarness { harness in
            _ = try await harness.send(.GET, "/echo?a=1")
            _ = try await harness.send(.POST, "/echo?b=2", text: "x")
            _ = try await harness.send(.GET, "/missing")
            #expect(harness.server.requestCount(path: "/echo") == 2)
            #expect(harness.server.requestCount(path: "/missing") == 1)
            #expect(harness.server.requestCount(path: "/never") == 0)
            #expect(harness.server.totalRequestCount == 3)
        }
    }

    @Test("shutdown is idempotent and refuses later connections")
    func shutdownIdempotent() async throws {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let server = try await MockServer.start()
        do {
            let response = try await client.execute(
                HTTPClientRequest(url: server.baseURL.absoluteString + "/status/200"), timeout: .seconds(30))
            #expect(response.status == .ok)
            _ = try await response.body.collect(upTo: 1024)
            try await server.shutdown()
            try await server.shutdown()
            #expect(server.openConnectionCount == 0)
            await #expect(throws: (any Error).self) {
                _ = try await client.execute(
                    HTTPClientRequest(url: server.baseURL.absoluteString + "/status/200"), timeout: .seconds(30))
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("shutdown ends an in-flight slow request and idle keep-alive connections promptly")
    func shutdownClosesConnections() async throws {
        let server = try await MockServer.start()
        async let slow: Void = {
            _ = try? await RawConnection.exchange(
                port: server.port, sending: "GET /delay/60000 HTTP/1.1\r\nHost: x\r\n\r\n")
        }()
        #expect(try await eventually { server.openConnectionCount == 1 })
        let start = ContinuousClock.now
        try await server.shutdown()
        await slow
        // The request would take 60 s; shutdown must not wait for it (the margin absorbs a loaded machine).
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(server.openConnectionCount == 0)
    }

    @Test("withMockServer shuts down when the body throws")
    func scopedShutdownOnThrow() async throws {
        let escaped = MutexBox<MockServer?>(nil)
        await #expect(throws: Boom.self) {
            try await withMockServer { server in
                escaped.set(server)
                throw Boom()
            }
        }
        let server = try #require(escaped.get())
        await #expect(throws: (any Error).self) {
            try await RawConnection.exchange(port: server.port, sending: "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        }
    }

    @Test("Keep-alive serves pipelined requests on one connection and honours Connection: close")
    func keepAlive() async throws {
        try await withHarness { harness in
            let request = "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n"
            let closing = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"
            let text = try await RawConnection.exchange(
                port: harness.server.port,
                sending: String(repeating: request, count: 5) + closing
            )
            #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 6)
            #expect(text.lowercased().contains("connection: close"))
            #expect(text.hasSuffix(#""bodyBytes":3}"#))
            #expect(harness.server.requestCount(path: "/echo") == 6)
        }
    }

    @Test("Many sequential requests through one client reuse connections")
    func sequentialRequests() async throws {
        try await withHarness { harness in
            for index in 0..<50 {
                let reply = try await harness.send(.GET, "/users/\(index % 3 + 1)")
                #expect(reply.status == 200)
            }
            #expect(harness.server.totalRequestCount == 50)
            #expect(harness.server.openConnectionCount == 1)
        }
    }

    @Test("A client that leaves during /delay does not keep the connection alive")
    func disconnectDuringDelay() async throws {
        try await withHarness { harness in
            try await RawConnection.sendAndHangUp(
                port: harness.server.port, sending: "GET /delay/60000 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await eventually { harness.server.requestCount(path: "/delay/60000") == 1 })
            #expect(try await eventually { harness.server.openConnectionCount == 0 })
            let reply = try await harness.send(.GET, "/delay/1")
            #expect(reply.status == 200)
        }
    }

    @Test("A 1xx status is sent as an informational head, then the connection closes")
    func informationalStatus() async throws {
        try await withHarness { harness in
            let text = try await RawConnection.exchange(
                port: harness.server.port, sending: "GET /status/103 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.1 103"))
            #expect(!text.contains("{"))
        }
    }

    @Test("Expect: 100-continue gets an interim 100 before the final answer")
    func expectContinue() async throws {
        try await withHarness { harness in
            let request =
                "PUT /upload HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\nConnection: "
                + "close\r\n\r\ndata"
            let text = try await RawConnection.exchange(port: harness.server.port, sending: request)
            #expect(text.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK"))
            #expect(text.hasSuffix(#""bytes":4,"checksum":"\#(MockServer.checksum(Data("data".utf8)))"}"#))
        }
    }

    @Test("HTTP/1.0 requests get one answer and a closed connection")
    func http10() async throws {
        try await withHarness { harness in
            let text = try await RawConnection.exchange(
                port: harness.server.port, sending: "GET /users/1 HTTP/1.0\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.0 200 OK"))
            #expect(text.hasSuffix(#""email":"ada@example.com"}"#))
        }
    }
}
