import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

@Suite("Hostile numbers in durations and Retry-After")
struct HostileRetryAfterTests {
    let plainGet = Request(method: .get, url: URL(string: "http://127.0.0.1/x")!)  // literal URL, not input

    func context(retryAfter: String) -> RetryContext {
        let response = Response(status: .serviceUnavailable, headers: [.retryAfter: retryAfter], request: plainGet)
        return RetryContext(attempt: 1, request: plainGet, response: response)
    }

    @Test("Duration.fromSeconds is total: huge values saturate, NaN and negatives are zero")
    func fromSecondsIsTotal() {
        let longest = Duration.seconds(Int64.max)
        #expect(Duration.fromSeconds(1e10) == .seconds(10_000_000_000))
        #expect(Duration.fromSeconds(1e300) == longest)
        #expect(Duration.fromSeconds(.infinity) == longest)
        #expect(Duration.fromSeconds(9.3e18) == longest)
        #expect(Duration.fromSeconds(.nan) == .zero)
        #expect(Duration.fromSeconds(-1) == .zero)
        #expect(Duration.fromSeconds(-.infinity) == .zero)
        #expect(Duration.fromSeconds(1.25) == .milliseconds(1250))
        #expect(Duration.fromSeconds(0.000_000_001) == .nanoseconds(1))
    }

    @Test("exponential backoff with huge or zero inputs stays finite")
    func backoffIsTotal() {
        let huge = Backoff.exponential(initial: .seconds(Int64.max), multiplier: 1e300, maximum: .seconds(Int64.max))
        #expect(huge.delay(forRetry: Int.max) == .seconds(Int64.max))
        let zero = Backoff.exponential(initial: .zero, multiplier: .infinity, maximum: .seconds(5))
        #expect(zero.delay(forRetry: 50) == .zero)
    }

    @Test(
        "a huge Retry-After (seconds or a date in year 9999) stops instead of overflowing",
        arguments: ["10000000000", String(repeating: "9", count: 400), "Fri, 31 Dec 9999 23:59:59 GMT"])
    func hugeRetryAfterStops(value: String) {
        #expect(RetryPolicy.default.decide(context(retryAfter: value)) == .stop)
        // Without a maximum, the same value is the longest representable wait: long, finite, no trap.
        var patient = RetryPolicy.default
        patient.maximumRetryAfter = .seconds(Int64.max)
        guard case .retryAfter(let wait) = patient.decide(context(retryAfter: value)) else {
            Issue.record("expected a wait for \(value)")
            return
        }
        #expect(wait >= .seconds(10_000_000_000))
    }

    @Test(
        "a Retry-After that is not delay-seconds or a date is ignored: the backoff applies",
        arguments: ["inf", "nan", "-1", "-5", "1e3", "+3", "0x10", "", "3.", ".5", "1.2.3", "Infinity"])
    func invalidRetryAfterIgnored(value: String) {
        let policy = RetryPolicy(backoff: .constant(.milliseconds(100)), jitter: 0)
        #expect(policy.decide(context(retryAfter: value)) == .retryAfter(.milliseconds(100)))
    }

    @Test("a Retry-After date in the past retries at once")
    func pastDate() {
        #expect(RetryPolicy.default.decide(context(retryAfter: "Sun, 06 Nov 1994 08:49:37 GMT")) == .retry)
    }

    @Test(
        "hostile Retry-After values from the real server finish without a crash",
        arguments: ["10000000000", "inf", "nan", "-1", "1e300"])
    func fromServer(value: String) async throws {
        try await withMockServer { server in
            let clock = TestClock(start: Date())
            let handler = liveHandler(server, retryPolicy: .exponential(limit: 2), clock: clock)
            var request = get("flaky/hostile", on: server)
            request.url = Request.url(request.url, appending: "failures=1&retryAfter=\(value)")
            let response = try await handler.send(request)
            if value == "10000000000" {
                // Too long to wait: the policy stops and the 503 is the answer.
                #expect(response.statusCode == 503)
                #expect(clock.sleeps.isEmpty)
            } else {
                // Not a valid delay: ignored, the backoff (at most 5 s) applies and the retry succeeds.
                #expect(response.statusCode == 200)
                #expect(clock.sleeps.count == 1)
                #expect(clock.sleeps.allSatisfy { $0 <= .seconds(5) })
            }
        }
    }

    @Test("a Retry-After date thousands of years ahead from the real server stops")
    func dateFromServer() async throws {
        try await withMockServer { server in
            let clock = TestClock(start: Date())
            let handler = liveHandler(server, retryPolicy: .exponential(limit: 2), clock: clock)
            var request = get("flaky/far-date", on: server)
            request.url = Request.url(request.url, appending: "failures=1&retryAfter=250000000000&retryAfterDate=1")
            let response = try await handler.send(request)
            #expect(response.statusCode == 503)
            #expect(clock.sleeps.isEmpty)
        }
    }
}
