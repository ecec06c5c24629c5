import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("/bytes route")
struct BytesRouteTests {
    @Test("Full body matches the pattern and carries the headers")
    func fullBody() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.GET, "/bytes/200000?chunk=7000")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/octet-stream")
            #expect(reply.header("Content-Length") == "200000")
            #expect(reply.header("Accept-Ranges") == "bytes")
            #expect(reply.body == MockServer.expectedBytes(count: 200_000))
        }
    }

    @Test("The pattern is (i * 31 + 7) truncated to a byte")
    func pattern() {
        #expect(MockServer.byte(at: 0) == 7)
        #expect(MockServer.byte(at: 1) == 38)
        #expect(MockServer.byte(at: 9) == UInt8((9 * 31 + 7) % 256))
        #expect(MockServer.expectedBytes(count: 3, from: 8) == Data([255, 30, 61]))
    }

    @Test("Zero bytes is an empty 200")
    func empty() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.GET, "/bytes/0")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Length") == "0")
            #expect(reply.body.isEmpty)
        }
    }

    @Test(
        "Range requests answer 206 with Content-Range",
        arguments: [
            ("bytes=1000-", 1000, 9999),
            ("bytes=10-19", 10, 19),
            ("bytes=9990-20000", 9990, 9999),
            ("bytes=-5", 9995, 9999),
        ])
    func range(header: String, start: Int, end: Int) async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.GET, "/bytes/10000", headers: [("Range", header)])
            #expect(reply.status == 206)
            #expect(reply.header("Content-Range") == "bytes \(start)-\(end)/10000")
            #expect(reply.header("Accept-Ranges") == "bytes")
            #expect(reply.header("Content-Length") == String(end - start + 1))
            #expect(reply.body == MockServer.expectedBytes(count: end - start + 1, from: start))
        }
    }

    @Test("An unsatisfiable range answers 416")
    func unsatisfiableRange() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.GET, "/bytes/100", headers: [("Range", "bytes=100-")])
            #expect(reply.status == 416)
            #expect(reply.header("Content-Range") == "bytes */100")
        }
    }

    @Test("noRange=1 ignores Range and sends the whole body")
    func noRange() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.GET, "/bytes/5000?noRange=1", headers: [("Range", "bytes=100-")])
            #expect(reply.status == 200)
            #expect(reply.header("Content-Range") == nil)
            #expect(reply.header("Accept-Ranges") == "bytes")
            #expect(reply.body == MockServer.expectedBytes(count: 5000))
        }
    }

    @Test("dropAfter=K closes the connection after K bytes")
    func dropAfter() async throws {
        try await withHarness { harness in
            var request = HTTPClientRequest(
                url: harness.server.baseURL.absoluteString + "/bytes/100000?dropAfter=30000&chunk=8192")
            request.method = .GET
            let response = try await harness.client.execute(request, timeout: .seconds(30))
            #expect(response.status == .ok)
            var received = Data()
            await #expect(throws: (any Error).self) {
                for try await buffer in response.body {
                    received.append(contentsOf: buffer.readableBytesView)
                }
            }
            #expect(received.count <= 30000)
            #expect(received == MockServer.expectedBytes(count: received.count))
            // The server keeps working after the abrupt close.
            let next = try await harness.send(.GET, "/bytes/10")
            #expect(next.body == MockServer.expectedBytes(count: 10))
        }
    }

    @Test("rate=B throttles the body: it cannot arrive faster than B bytes per second")
    func rate() async throws {
        try await withHarness { harness in
            let start = ContinuousClock.now
            let reply = try await harness.send(.GET, "/bytes/20000?rate=100000")
            let elapsed = ContinuousClock.now - start
            #expect(reply.body == MockServer.expectedBytes(count: 20000))
            // A lower bound only: a throttled body can never be early, but a busy machine can make it late.
            #expect(elapsed >= .milliseconds(190))
        }
    }

    @Test("A large body streams without trouble", .timeLimit(.minutes(1)))
    func large() async throws {
        try await withHarness { harness in
            var request = HTTPClientRequest(url: harness.server.baseURL.absoluteString + "/bytes/4194304")
            request.method = .GET
            let response = try await harness.client.execute(request, timeout: .seconds(20))
            var received = Data()
            var chunks = 0
            for try await buffer in response.body {
                received.append(contentsOf: buffer.readableBytesView)
                chunks += 1
            }
            #expect(received.count == 4_194_304)
            #expect(chunks > 1)
            #expect(received == MockServer.expectedBytes(count: 4_194_304))
        }
    }
}
