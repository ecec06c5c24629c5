public import Foundation
import HTTPTypes

/// When and how soon to retry a failed attempt.
///
/// The default retries 3 times with exponential backoff and jitter, on connection errors,
/// timeouts and 408/429/500/502/503/504, idempotent methods only, and honours `Retry-After`.
public struct RetryPolicy: Sendable {
    /// Retries after the first attempt (0 means exactly one attempt).
    public var maxRetries: Int
    /// The delay schedule.
    public var backoff: Backoff
    /// How much of each delay is random, 0...1 (0.5: between half and all of it).
    public var jitter: Double
    /// Statuses that are retried.
    public var retryableStatuses: Set<Int>
    /// Whether POST/PATCH (non-idempotent methods) may be retried.
    public var retriesNonIdempotentMethods: Bool
    /// Whether a `Retry-After` header (seconds or HTTP date) sets the delay.
    public var honoursRetryAfter: Bool
    /// The longest `Retry-After` wait accepted; a longer one stops instead.
    public var maximumRetryAfter: Duration
    /// A custom rule replacing the status/error check (the attempt limit, the idempotency rule
    /// and the delays still apply).
    public var shouldRetry: (@Sendable (RetryContext) -> Bool)?
    /// A random number in 0..<1, injectable so jitter is deterministic in tests.
    public var random: @Sendable () -> Double

    /// Makes a policy.
    public init(
        maxRetries: Int = 3,
        backoff: Backoff = .exponential(initial: .milliseconds(200), maximum: .seconds(5)),
        jitter: Double = 0.5,
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retriesNonIdempotentMethods: Bool = false,
        honoursRetryAfter: Bool = true,
        maximumRetryAfter: Duration = .seconds(60),
        shouldRetry: (@Sendable (RetryContext) -> Bool)? = nil,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxRetries = max(0, maxRetries)
        self.backoff = backoff
        self.jitter = min(1, max(0, jitter))
        self.retryableStatuses = retryableStatuses
        self.retriesNonIdempotentMethods = retriesNonIdempotentMethods
        self.honoursRetryAfter = honoursRetryAfter
        self.maximumRetryAfter = maximumRetryAfter
        self.shouldRetry = shouldRetry
        self.random = random
    }

    /// 3 retries, exponential backoff from 200 ms to 5 s, half jitter.
    public static var `default`: RetryPolicy { RetryPolicy() }

    /// Never retry: exactly one attempt. (Named `never`, not `none`, so that
    /// `request.retryPolicy = .never` cannot be mistaken for `Optional.none`.)
    public static var never: RetryPolicy { RetryPolicy(maxRetries: 0) }

    /// Exponential backoff with `limit` retries.
    public static func exponential(
        limit: Int, initial: Duration = .milliseconds(200), maximum: Duration = .seconds(5)
    ) -> RetryPolicy {
        RetryPolicy(maxRetries: limit, backoff: .exponential(initial: initial, maximum: maximum))
    }

    /// The same `delay` before each of `limit` retries, no jitter.
    public static func constant(_ delay: Duration, limit: Int) -> RetryPolicy {
        RetryPolicy(maxRetries: limit, backoff: .constant(delay), jitter: 0)
    }

    /// Decides what follows the attempt described by `context`.
    public func decide(_ context: RetryContext, now: Date = Date()) -> RetryDecision {
        if let error = context.error, error.kind == .cancelled { return .stop }
        guard context.attempt <= maxRetries else { return .stop }
        guard context.request.isIdempotent || retriesNonIdempotentMethods else { return .stop }

        let retryable: Bool
        if let shouldRetry {
            retryable = shouldRetry(context)
        } else if let status = context.status {
            retryable = retryableStatuses.contains(status)
        } else {
            retryable = context.error?.isTransient ?? false
        }
        guard retryable else { return .stop }

        if honoursRetryAfter, let wait = retryAfter(in: context, now: now) {
            guard wait <= maximumRetryAfter else { return .stop }
            return wait > .zero ? .retryAfter(wait) : .retry
        }
        let base = backoff.delay(forRetry: context.attempt)
        let delay = base.seconds * (1 - jitter * min(max(random(), 0), 1))
        return delay > 0 ? .retryAfter(.fromSeconds(delay)) : .retry
    }

    /// The wait a `Retry-After` header asks for: delay-seconds (RFC 9110: digits; a decimal fraction
    /// is accepted too) or an HTTP date (a past one is no wait). Anything else (`inf`, `nan`, `-5`,
    /// `1e3`) is ignored, so the backoff applies. Huge values saturate rather than overflow.
    func retryAfter(in context: RetryContext, now: Date) -> Duration? {
        guard let value = (context.response ?? context.error?.response)?.headers[.retryAfter] else { return nil }
        let text = value.trimmingWhitespace()
        if let seconds = Self.delaySeconds(text) {
            return .fromSeconds(seconds)
        }
        if let date = HTTPDate.parse(text) {
            return .fromSeconds(date.timeIntervalSince(now))
        }
        return nil
    }

    /// `1*DIGIT [ "." 1*DIGIT ]` as seconds (a 400-digit value is a huge finite or infinite Double,
    /// which `Duration.fromSeconds` saturates); `nil` for anything else.
    static func delaySeconds(_ text: String) -> Double? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ part in
                !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            })
        else { return nil }
        return Double(text) ?? .infinity
    }
}
