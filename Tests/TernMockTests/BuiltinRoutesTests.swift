import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("Built-in routes")
struct BuiltinRoutesTests {
    @Test("/status/{code} answers that status with a JSON body", arguments: [200, 201, 400, 404, 418, 500, 503])
    func statusWithBody(code: Int) async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.GET, "/status/\(code)")
            #expect(reply.status == code)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.text == #"{"status":\#(code)}"#)
        }
    }

    @Test("/status/204 and /status/304 have no body", arguments: [204, 304])
    func statusWithoutBody(code: Int) async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.POST, "/status/\(code)", text: "ignored")
            #expect(reply.status == code)
            #expect(reply.body.isEmpty)
            #expect(reply.header("Content-Length") == nil)
        }
    }

    @Test("/delay/{ms} waits at least that long")
    func delay() async throws {
        try await withHarness { harness in
            let start = ContinuousClock.now
            let reply = try await harness.send(.GET, "/delay/150")
            #expect(ContinuousClock.now - start >= .milliseconds(150))
            #expect(reply.status == 200)
            #expect(try reply.object()["delayedMs"] as? Int == 150)
        }
    }

    @Test("/echo reports method, path, query, headers and body")
    func echo() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(
                .PUT,
                "/echo/sub/path?a=1&name=J%C3%BCrgen%20X&a=2&flag",
                text: "héllo",
                headers: [("X-Trace", "one"), ("X-Trace", "two"), ("Content-Type", "text/plain")]
            )
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json")
            let json = try reply.object()
            #expect(json["method"] as? String == "PUT")
            #expect(json["path"] as? String == "/echo/sub/path")
            #expect(json["query"] as? String == "a=1&name=J%C3%BCrgen%20X&a=2&flag")
            let items = try #require(json["queryItems"] as? [[String]])
            #expect(items == [["a", "1"], ["name", "Jürgen X"], ["a", "2"], ["flag", ""]])
            let headers = try #require(json["headers"] as? [String: String])
            #expect(headers["x-trace"] == "one, two")
            #expect(headers["content-type"] == "text/plain")
            #expect(json["body"] as? String == "héllo")
            #expect(json["bodyBase64"] as? String == Data("héllo".utf8).base64EncodedString())
            #expect(json["bodyBytes"] as? Int == Data("héllo".utf8).count)
        }
    }

    @Test("/echo reports a binary body as null text plus base64, and no query as empty")
    func echoBinary() async throws {
        try await withHarness { harness in
            let bytes: [UInt8] = [0xff, 0x00, 0xfe]
            let reply = try await harness.send(.POST, "/echo", body: .bytes(ByteBuffer(bytes: bytes)))
            let json = try reply.object()
            #expect(json["body"] is NSNull)
            #expect(json["bodyBase64"] as? String == Data(bytes).base64EncodedString())
            #expect(json["bodyBytes"] as? Int == 3)
            #expect(json["query"] as? String == "")
            #expect((json["queryItems"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("/redirect/{n} points one hop closer, /redirect/0 points to /echo")
    func redirectChain() async throws {
        try await withHarness { harness in
            let first = try await harness.send(.GET, "/redirect/2")
            #expect(first.status == 302)
            #expect(first.header("Location") == "/redirect/1")
            let last = try await harness.send(.GET, "/redirect/0")
            #expect(last.status == 302)
            #expect(last.header("Location") == "/echo")
        }
    }

    @Test("/redirect-to sends the given Location and status")
    func redirectTo() async throws {
        try await withHarness { harness in
            let target = "http://example.com/a?b=c"
            let encoded = try #require(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let reply = try await harness.send(.GET, "/redirect-to?url=\(encoded)&status=307")
            #expect(reply.status == 307)
            #expect(reply.header("Location") == target)
            let plain = try await harness.send(.GET, "/redirect-to?url=/users")
            #expect(plain.status == 302)
            #expect(plain.header("Location") == "/users")
            let missing = try await harness.send(.GET, "/redirect-to")
            #expect(missing.status == 400)
        }
    }

    @Test("/cache/{seconds} sets max-age and counts servings per path")
    func cache() async throws {
        try await withHarness { harness in
            let first = try await harness.send(.GET, "/cache/60")
            #expect(first.header("Cache-Control") == "max-age=60")
            #expect(try first.object()["served"] as? Int == 1)
            let second = try await harness.send(.GET, "/cache/60")
            #expect(try second.object()["served"] as? Int == 2)
            let other = try await harness.send(.GET, "/cache/5")
            #expect(other.header("Cache-Control") == "max-age=5")
            #expect(try other.object()["served"] as? Int == 1)
        }
    }

    @Test("/users lists three users and /users/{id} finds one or 404s")
    func users() async throws {
        try await withHarness { harness in
            let list = try await harness.send(.GET, "/users")
            #expect(list.header("Content-Type") == "application/json")
            let users = try #require(try JSONSerialization.jsonObject(with: list.body) as? [[String: Any]])
            #expect(users.count == 3)
            #expect(users.first?["name"] as? String == "Ada Lovelace")
            #expect(users.first?["email"] as? String == "ada@example.com")
            #expect(users.map { $0["id"] as? Int } == [1, 2, 3])

            let two = try await harness.send(.GET, "/users/2")
            #expect(two.status == 200)
            #expect(try two.object()["id"] as? Int == 2)

            let missing = try await harness.send(.GET, "/users/9")
            #expect(missing.status == 404)
            #expect(try missing.object()["error"] as? String == "not found")
        }
    }

    @Test("POST /users answers 201 with id 4, or 400 for invalid JSON")
    func createUser() async throws {
        try await withHarness { harness in
            let created = try await harness.send(.POST, "/users", text: #"{"name":"Edsger","email":"ed@example.com"}"#)
            #expect(created.status == 201)
            #expect(created.header("Content-Type") == "application/json")
            let json = try created.object()
            #expect(json["id"] as? Int == 4)
            #expect(json["name"] as? String == "Edsger")
            #expect(json["email"] as? String == "ed@example.com")

            let invalid = try await harness.send(.POST, "/users", text: "{nope")
            #expect(invalid.status == 400)
            #expect(try invalid.object()["error"] as? String == "invalid JSON")
        }
    }

    @Test("Unknown paths and wrong methods answer 404 with the path")
    func notFound() async throws {
        try await withHarness { harness in
            let unknown = try await harness.send(.GET, "/nowhere/at/all?x=1")
            #expect(unknown.status == 404)
            #expect(unknown.header("Content-Type") == "application/json")
            let json = try unknown.object()
            #expect(json["error"] as? String == "not found")
            #expect(json["path"] as? String == "/nowhere/at/all")

            let wrongMethod = try await harness.send(.DELETE, "/users")
            #expect(wrongMethod.status == 404)
        }
    }
}
