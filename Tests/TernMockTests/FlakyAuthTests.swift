import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("/flaky and /auth routes")
struct FlakyAuthTests {
    @Test("/flaky fails twice by default with 503, then succeeds, counting per key")
    func flakyDefaults() async throws {
        try await withHarness { harness in
            for attempt in 1...2 {
                let failing = try await harness.send(.GET, "/flaky/a")
                #expect(failing.status == 503)
                let json = try failing.object()
                #expect(json["attempt"] as? Int == attempt)
                #expect(json["failing"] as? Bool == true)
                #expect(failing.header("Retry-After") == nil)
            }
            let success = try await harness.send(.GET, "/flaky/a")
            #expect(success.status == 200)
            let json = try success.object()
            #expect(json["key"] as? String == "a")
            #expect(json["attempts"] as? Int == 3)

            let otherKey = try await harness.send(.POST, "/flaky/b", text: "x")
            #expect(otherKey.status == 503)
        }
    }

    @Test("/flaky honours failures, status and plain Retry-After seconds")
    func flakyOptions() async throws {
        try await withHarness { harness in
            let query = "?failures=1&status=429&retryAfter=0.2"
            let failing = try await harness.send(.GET, "/flaky/k\(query)")
            #expect(failing.status == 429)
            #expect(failing.header("Retry-After") == "0.2")
            let success = try await harness.send(.GET, "/flaky/k\(query)")
            #expect(success.status == 200)

            let never = try await harness.send(.GET, "/flaky/z?failures=0")
            #expect(never.status == 200)
            #expect(try never.object()["attempts"] as? Int == 1)
        }
    }

    @Test("/flaky with retryAfterDate=1 sends an HTTP-date in the future")
    func flakyRetryAfterDate() async throws {
        try await withHarness { harness in
            let before = Date()
            let reply = try await harness.send(.GET, "/flaky/d?retryAfter=30&retryAfterDate=1")
            let after = Date()
            #expect(reply.status == 503)
            let value = try #require(reply.header("Retry-After"))
            #expect(value.hasSuffix(" GMT"))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = try #require(formatter.date(from: value))
            // The server wrote "its now + 30 s" at whole-second precision, somewhere between `before`
            // and `after`: bounded by both, so a slow machine cannot make this fail.
            #expect(date.timeIntervalSince(before) > 29)
            #expect(date.timeIntervalSince(after) <= 30)
        }
    }

    @Test("/auth/protected needs the current bearer token")
    func protectedRoute() async throws {
        try await withHarness { harness in
            #expect(harness.server.currentToken == "token-0")
            let anonymous = try await harness.send(.GET, "/auth/protected")
            #expect(anonymous.status == 401)
            #expect(anonymous.header("WWW-Authenticate") == "Bearer")
            #expect(try anonymous.object()["error"] as? String == "unauthorized")

            let wrong = try await harness.send(.GET, "/auth/protected", headers: [("Authorization", "Bearer token-7")])
            #expect(wrong.status == 401)

            let authorized = try await harness.send(
                .GET, "/auth/protected", headers: [("Authorization", "Bearer token-0")])
            #expect(authorized.status == 200)
            #expect(try authorized.object()["ok"] as? Bool == true)
        }
    }

    @Test("/auth/refresh rotates the token, and the old one stops working")
    func refresh() async throws {
        try await withHarness { harness in
            let first = try await harness.send(.POST, "/auth/refresh")
            #expect(first.status == 200)
            #expect(try first.object()["token"] as? String == "token-1")
            #expect(harness.server.currentToken == "token-1")
            #expect(harness.server.refreshCount == 1)

            let old = try await harness.send(.GET, "/auth/protected", headers: [("Authorization", "Bearer token-0")])
            #expect(old.status == 401)
            let new = try await harness.send(.GET, "/auth/protected", headers: [("Authorization", "Bearer token-1")])
            #expect(new.status == 200)

            let second = try await harness.send(.POST, "/auth/refresh?delayMs=50")
            #expect(try second.object()["token"] as? String == "token-2")
            #expect(harness.server.refreshCount == 2)
        }
    }

    @Test("/auth/refresh?fail=1 answers 500 without rotating")
    func refreshFailure() async throws {
        try await withHarness { harness in
            let failed = try await harness.send(.POST, "/auth/refresh?fail=1")
            #expect(failed.status == 500)
            #expect(harness.server.currentToken == "token-0")
            #expect(harness.server.refreshCount == 0)
            let wrongMethod = try await harness.send(.GET, "/auth/refresh")
            #expect(wrongMethod.status == 404)
        }
    }
}
