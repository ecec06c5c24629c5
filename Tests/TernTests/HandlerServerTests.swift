import Foundation
import HTTPTypes
import Synchronization
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

@Suite("Handler against the real local server")
struct HandlerServerTests {
    @Test("method, query, headers and body reach the server; session defaults are applied")
    func roundTrip() async throws {
        try await withMockServer { server in
            var defaults = SessionDefaults(baseURL: server.baseURL)
            defaults.headers[.userAgent] = "tern-tests"
            defaults.query = ["apiKey": "1234"]
            let handler = liveHandler(server, defaults: defaults)
            let endpoint = UserRouter.echo.with(
                compose(addQuery(["tags": ["a", "b"]], arrayEncoding: .comma), setBody(.json(["name": "Ada"])))
            )
            let echo = try await handler.send(endpoint).decode(Echo.self)
            #expect(echo.method == "POST")
            #expect(echo.query == "tags=a,b&apiKey=1234")
            #expect(echo.headers["user-agent"] == "tern-tests")
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.body == #"{"name":"Ada"}"#)
        }
    }

    @Test("201 and 204 are successes; 404 is a response, and an error only with validation")
    func statuses() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server)
            #expect(try await handler.send(get("status/201", on: server)).isSuccess)
            let noContent = try await handler.send(get("status/204", on: server))
            #expect(noContent.statusCode == 204 && noContent.body.isEmpty)
            #expect(try await handler.send(get("status/404", on: server)).statusCode == 404)

            let validating = liveHandler(server, interceptors: [ValidationInterceptor()])
            let error = await #expect(throws: TernError.self) {
                try await validating.send(get("status/404", on: server))
            }
            #expect(error?.kind == .unacceptableStatus)
            #expect(error?.response?.statusCode == 404)
            #expect(try await validating.send(get("status/201", on: server)).statusCode == 201)
        }
    }

    @Test("a flaky endpoint succeeds after retries, and the server saw every attempt")
    func flakyRetries() async throws {
        try await withMockServer { server in
            let clock = TestClock()
            let handler = liveHandler(server, clock: clock)
            let log = EventLog()
            let response = try await handler.send(
                get("flaky/retry-me", on: server).withQuery("failures=2"), onEvent: log.observer)
            #expect(response.statusCode == 200)
            #expect(response.attempts == 3)
            #expect(server.requestCount(path: "/flaky/retry-me") == 3)
            #expect(log.names.filter { $0 == "retry" }.count == 2)
            #expect(clock.sleeps == [.milliseconds(10), .milliseconds(10)])
        }
    }

    @Test("Retry-After from the server sets the delay, in seconds and as an HTTP date")
    func retryAfter() async throws {
        try await withMockServer { server in
            // The server writes its HTTP date from the real time, so the test clock starts there too.
            let clock = TestClock(start: Date())
            let handler = liveHandler(server, retryPolicy: .exponential(limit: 3), clock: clock)
            _ = try await handler.send(get("flaky/after-seconds", on: server).withQuery("failures=1&retryAfter=0.2"))
            #expect(clock.sleeps == [.milliseconds(200)])
            let response = try await handler.send(
                get("flaky/after-date", on: server).withQuery("failures=1&retryAfter=3&retryAfterDate=1"))
            #expect(response.statusCode == 200)
            try #require(clock.sleeps.count == 2)
            // The date is read as a time about 3 s ahead (whole-second precision, measured from the
            // test clock), not as zero and not as the default backoff.
            #expect(clock.sleeps[1] > .seconds(1))
            #expect(clock.sleeps[1] < .seconds(60))
        }
    }

    @Test("maxRetries 0 completes after one attempt; POST is not retried by default")
    func noRetries() async throws {
        try await withMockServer { server in
            let once = liveHandler(server, retryPolicy: .never)
            let single = try await once.send(get("flaky/zero", on: server).withQuery("failures=5"))
            #expect(single.statusCode == 503)
            #expect(server.requestCount(path: "/flaky/zero") == 1)

            var post = get("flaky/post", on: server).withQuery("failures=5")
            post.method = .post
            let posted = try await liveHandler(server).send(post)
            #expect(posted.statusCode == 503)
            #expect(server.requestCount(path: "/flaky/post") == 1)
        }
    }

    @Test("a dead server is a connection error after every attempt of the policy")
    func deadServer() async throws {
        // A port below the ephemeral range that nothing listens on: a server shut down for the test left its
        // port to the kernel, which gave it to another test's server between the attempts (seen once).
        let url = try #require(URL(string: "http://127.0.0.1:\(try FreePort.onLoopback())"))
        let log = EventLog()
        let handler = Handler(
            transport: HTTPClientTransport.shared, retryPolicy: .constant(.milliseconds(5), limit: 2),
            clock: TestClock()
        )
        let error = await #expect(throws: TernError.self) {
            try await handler.send(Request(url: url.appendingPathComponent("users")), onEvent: log.observer)
        }
        #expect(error?.kind == .connection)
        #expect(log.names.filter { $0 == "attempt" }.count == 3)
        #expect(log.names.last == "failure")
    }

    @Test("a request past its timeout fails with .timeout")
    func timeout() async throws {
        try await withMockServer { server in
            var request = get("delay/3000", on: server)
            request.timeout = .milliseconds(200)
            let error = await #expect(throws: TernError.self) {
                try await liveHandler(server, retryPolicy: .never).send(request)
            }
            #expect(error?.kind == .timeout)
        }
    }

    @Test("cancelling the task cancels the transfer")
    func cancellation() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server)
            let task = Task { try await handler.send(get("delay/5000", on: server)) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let error = await #expect(throws: TernError.self) { try await task.value }
            #expect(error?.kind == .cancelled)
        }
    }

    @Test("a cancel that arrives before the send starts is not lost, and nothing is sent")
    func cancelBeforeStart() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await handler.send(get("delay/5000", on: server))
            }
            let error = await #expect(throws: TernError.self) { try await task.value }
            #expect(error?.kind == .cancelled)
            #expect(server.requestCount(path: "/delay/5000") == 0)
        }
    }

    @Test("the callback API calls back exactly once, also for a cached response")
    func callbackOnce() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server)
            _ = try await handler.send(get("users/1", on: server))
            let calls = Mutex<[ResponseSource]>([])
            let task = handler.request(get("users/1", on: server)) { result in
                calls.withLock { $0.append((try? result.get())?.source ?? .sample) }
            }
            await task.wait()
            #expect(calls.withLock { $0 } == [.cache])

            let cancelled = Mutex<[TernError.Kind]>([])
            let slow = handler.request(get("delay/5000", on: server)) { result in
                if case .failure(let error) = result { cancelled.withLock { $0.append(error.kind) } }
            }
            slow.cancel()
            await slow.wait()
            #expect(cancelled.withLock { $0 } == [.cancelled])
        }
    }

    @Test("decode maps JSON with a key strategy and refuses error statuses")
    func decode() async throws {
        let route = MockRoute(path: "/snake", response: .json(#"{"user_id":1,"user_name":"Ada"}"#))
        try await withMockServer(routes: [route]) { server in
            struct Snake: Decodable, Sendable {
                var userId: Int
                var userName: String
            }
            let handler = liveHandler(server)
            let value = try await handler.decode(
                Snake.self, from: get("snake", on: server), keyDecodingStrategy: .convertFromSnakeCase)
            #expect(value.userId == 1 && value.userName == "Ada")
            let error = await #expect(throws: TernError.self) {
                try await handler.decode(User.self, from: get("users/99", on: server))
            }
            #expect(error?.kind == .unacceptableStatus)
            let users = try await handler.decode([User].self, from: get("users", on: server))
            #expect(users.first?.name == "Ada Lovelace")
        }
    }
}

extension Request {
    /// This request with a raw query string appended.
    func withQuery(_ query: String) -> Request {
        var copy = self
        copy.url = Request.url(url, appending: query)
        return copy
    }
}
