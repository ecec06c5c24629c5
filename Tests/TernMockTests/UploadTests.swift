import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("/upload route")
struct UploadTests {
    @Test("FNV-1a 64 matches known vectors")
    func checksumVectors() {
        #expect(MockServer.checksum(Data()) == "cbf29ce484222325")
        #expect(MockServer.checksum(Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(MockServer.checksum(Data("foobar".utf8)) == "85944171f73967e8")
    }

    @Test("A streamed multi-MiB upload is counted and hashed")
    func streamedUpload() async throws {
        try await withHarness { harness in
            let total = 3 * 1024 * 1024 + 123
            let body = HTTPClientRequest.Body.stream(
                PatternChunks(total: total, chunk: 64 * 1024), length: .known(Int64(total)))
            let reply = try await harness.send(.POST, "/upload", body: body)
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json")
            let json = try reply.object()
            #expect(json["bytes"] as? Int == total)
            #expect(json["checksum"] as? String == MockServer.checksum(MockServer.expectedBytes(count: total)))
            #expect(harness.server.uploadedByteCount == total)
        }
    }

    @Test("PUT uploads add up, and an unknown-length (chunked) body works")
    func chunkedPut() async throws {
        try await withHarness { harness in
            let first = try await harness.send(.PUT, "/upload", text: "hello")
            #expect(try first.object()["bytes"] as? Int == 5)
            #expect(try first.object()["checksum"] as? String == MockServer.checksum(Data("hello".utf8)))

            let body = HTTPClientRequest.Body.stream(PatternChunks(total: 100_000, chunk: 10_000), length: .unknown)
            let second = try await harness.send(.PUT, "/upload", body: body)
            #expect(try second.object()["bytes"] as? Int == 100_000)
            #expect(harness.server.uploadedByteCount == 100_005)
        }
    }

    @Test("An empty upload reports zero bytes")
    func emptyUpload() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.POST, "/upload")
            let json = try reply.object()
            #expect(json["bytes"] as? Int == 0)
            #expect(json["checksum"] as? String == "cbf29ce484222325")
        }
    }
}

@Suite("Request body limit")
struct BodyLimitTests {
    @Test("A declared body over 64 MiB answers 413 at once and closes the connection")
    func declaredTooLarge() async throws {
        try await withHarness { harness in
            // `/users` collects its body (`/echo` and `/upload` stream theirs).
            let head = "POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: \(MockRouter.maxCollectedBody + 1)\r\n\r\n"
            let text = try await RawConnection.exchange(port: harness.server.port, sending: head)
            #expect(text.hasPrefix("HTTP/1.1 413"))
            #expect(text.lowercased().contains("connection: close"))
        }
    }

    @Test("A chunked body growing over 64 MiB answers 413 and closes the connection")
    func streamedTooLarge() async throws {
        try await withHarness { harness in
            let total = MockRouter.maxCollectedBody + 1
            // Unknown length (chunked), so the server finds out only by reading past the limit.
            let body = HTTPClientRequest.Body.stream(PatternChunks(total: total, chunk: 1024 * 1024), length: .unknown)
            let reply = try await harness.send(.POST, "/users", body: body)
            #expect(reply.status == 413)
            #expect(reply.header("Connection") == "close")
        }
    }
}

@Suite("Echo of a large body")
struct LargeEchoTests {
    @Test("a body over 1 MiB is counted and hashed as it streams, not echoed: no 413, no copy in memory")
    func largeBodyIsSummarised() async throws {
        try await withHarness { harness in
            let total = 3 * 1024 * 1024 + 5
            let body = HTTPClientRequest.Body.stream(PatternChunks(total: total, chunk: 256 * 1024), length: .unknown)
            let reply = try await harness.send(.POST, "/echo/big", body: body)
            #expect(reply.status == 200)
            let json = try reply.object()
            #expect(json["bodyBytes"] as? Int == total)
            #expect(json["bodyTruncated"] as? Bool == true)
            #expect(json["body"] is NSNull && json["bodyBase64"] is NSNull)
            #expect((json["checksum"] as? String)?.count == 16)
            #expect(json["path"] as? String == "/echo/big")
        }
    }

    @Test("a body of exactly 1 MiB is still echoed whole")
    func limitIsInclusive() async throws {
        try await withHarness { harness in
            let total = EchoRoute.maximumEchoedBody
            let body = HTTPClientRequest.Body.stream(PatternChunks(total: total, chunk: 300_000), length: .unknown)
            let reply = try await harness.send(.POST, "/echo", body: body)
            let json = try reply.object()
            #expect(json["bodyBytes"] as? Int == total)
            #expect((json["bodyBase64"] as? String).flatMap { Data(base64Encoded: $0) }?.count == total)
            #expect(json["bodyTruncated"] == nil)
        }
    }
}
