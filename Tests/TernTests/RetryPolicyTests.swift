import Foundation
import HTTPTypes
import Testing

@testable import Tern

@Suite("Retry policy decisions")
struct RetryPolicyTests {
    let get = Request(method: .get, url: URL(string: "http://127.0.0.1/x")!)  // literal URL, not input

    func response(_ status: Int, headers: HTTPFields = [:], for request: Request) -> Response {
        Response(status: HTTPResponse.Status(code: status), headers: headers, request: request)
    }

    @Test("retryable statuses retry until maxRetries, then stop")
    func retriesUpToLimit() {
        let policy = RetryPolicy(maxRetries: 3, backoff: .constant(.milliseconds(100)), jitter: 0)
        for attempt in 1...3 {
            let context = RetryContext(attempt: attempt, request: get, response: response(503, for: get))
            #expect(policy.decide(context) == .retryAfter(.milliseconds(100)))
        }
        #expect(policy.decide(RetryContext(attempt: 4, request: get, response: response(503, for: get))) == .stop)
    }

    @Test("maxRetries 0 stops after the first attempt")
    func zeroRetries() {
        let context = RetryContext(attempt: 1, request: get, response: response(503, for: get))
        #expect(RetryPolicy.never.decide(context) == .stop)
    }

    @Test("success, 201 and 404 are not retried", arguments: [200, 201, 204, 404])
    func notRetried(status: Int) {
        #expect(
            RetryPolicy.default.decide(RetryContext(attempt: 1, request: get, response: response(status, for: get)))
                == .stop)
    }

    @Test("non-idempotent methods are retried only when allowed")
    func nonIdempotent() throws {
        let post = Request(method: .post, url: get.url)
        let context = RetryContext(attempt: 1, request: post, error: TernError(.connection, "refused"))
        #expect(RetryPolicy.default.decide(context) == .stop)
        var policy = RetryPolicy.constant(.milliseconds(50), limit: 2)
        policy.retriesNonIdempotentMethods = true
        #expect(policy.decide(context) == .retryAfter(.milliseconds(50)))
    }

    @Test("transient errors retry; cancellation and decoding do not")
    func errors() {
        let policy = RetryPolicy.constant(.milliseconds(10), limit: 2)
        for kind in [TernError.Kind.connection, .timeout, .transport] {
            #expect(
                policy.decide(RetryContext(attempt: 1, request: get, error: TernError(kind, "x")))
                    == .retryAfter(.milliseconds(10)))
        }
        for kind in [TernError.Kind.cancelled, .decoding, .invalidRequest] {
            #expect(policy.decide(RetryContext(attempt: 1, request: get, error: TernError(kind, "x"))) == .stop)
        }
    }

    @Test("Retry-After in fractional seconds is a real sub-second delay")
    func retryAfterSeconds() {
        let context = RetryContext(
            attempt: 1, request: get, response: response(429, headers: [.retryAfter: "0.25"], for: get))
        #expect(RetryPolicy.default.decide(context) == .retryAfter(.milliseconds(250)))
    }

    @Test("Retry-After as an HTTP date is measured from now")
    func retryAfterDate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = HTTPDate.format(now.addingTimeInterval(7))
        let context = RetryContext(
            attempt: 1, request: get, response: response(503, headers: [.retryAfter: header], for: get))
        #expect(RetryPolicy.default.decide(context, now: now) == .retryAfter(.seconds(7)))
    }

    @Test("a Retry-After longer than the maximum stops instead of waiting")
    func retryAfterTooLong() {
        let context = RetryContext(
            attempt: 1, request: get, response: response(503, headers: [.retryAfter: "3600"], for: get))
        #expect(RetryPolicy.default.decide(context) == .stop)
    }

    @Test("exponential backoff doubles up to the maximum; jitter uses the injected random source")
    func exponentialWithJitter() {
        let backoff = Backoff.exponential(initial: .milliseconds(200), maximum: .seconds(1))
        #expect(backoff.delay(forRetry: 1) == .milliseconds(200))
        #expect(backoff.delay(forRetry: 2) == .milliseconds(400))
        #expect(backoff.delay(forRetry: 3) == .milliseconds(800))
        #expect(backoff.delay(forRetry: 4) == .seconds(1))
        let policy = RetryPolicy(backoff: backoff, jitter: 0.5, random: { 1.0 })
        let context = RetryContext(attempt: 2, request: get, error: TernError(.timeout, "slow"))
        #expect(policy.decide(context) == .retryAfter(.milliseconds(200)))
    }

    @Test("a custom predicate replaces the status check but keeps the limit")
    func customPredicate() {
        let policy = RetryPolicy(maxRetries: 1, backoff: .constant(.zero), shouldRetry: { $0.status == 418 })
        #expect(policy.decide(RetryContext(attempt: 1, request: get, response: response(418, for: get))) == .retry)
        #expect(policy.decide(RetryContext(attempt: 1, request: get, response: response(503, for: get))) == .stop)
        #expect(policy.decide(RetryContext(attempt: 2, request: get, response: response(418, for: get))) == .stop)
    }
}
