public import Foundation
public import HTTPTypes

/// How long a stored response stays valid.
///
/// Precedence, highest first: the `validUntil` closure given to `send` (Lynn's `getValidUntil`),
/// the request's `validFor`, then the handler's `CacheValidity`.
public enum CacheValidity: Sendable {
    /// Valid for a fixed number of seconds after storing.
    case ttl(TimeInterval)
    /// Valid until the date the closure computes from the response; `nil` means do not store.
    case computed(@Sendable (Response) -> Date?)
    /// From the response's `Cache-Control` and `Expires` (see `fromHeaders`), else `fallback` seconds.
    case responseHeaders(fallback: TimeInterval)
    /// Never store.
    case never

    /// The date until which `response` (received at `now`) is valid, or `nil` to not store it.
    public func validUntil(for response: Response, now: Date) -> Date? {
        switch self {
        case .ttl(let seconds):
            return seconds > 0 ? now.addingTimeInterval(seconds) : nil
        case .computed(let compute):
            return compute(response)
        case .never:
            return nil
        case .responseHeaders(let fallback):
            return Self.fromHeaders(
                response.headers, status: response.statusCode, requestTime: min(response.timing.start, now), now: now,
                fallback: fallback
            )
        }
    }

    /// RFC 9111 for a private, single-user cache (see `Freshness`): `no-store` is not stored;
    /// `no-cache`, `max-age=0`, a past or invalid `Expires` are stored but stale at once (revalidated
    /// before reuse, replayed offline); `max-age`, else `Expires` minus `Date`, less the response's age;
    /// `s-maxage` is for shared caches and ignored, and so is `private` (this cache is private); with
    /// none of these, `fallback` seconds for a heuristically cacheable status (or a `public` response),
    /// else stale at once.
    public static func fromHeaders(
        _ headers: HTTPFields, status: Int = 200, requestTime: Date? = nil, now: Date, fallback: TimeInterval
    ) -> Date? {
        Freshness.validUntil(
            headers: headers, status: status, requestTime: requestTime ?? now, responseTime: now, heuristic: fallback
        )
    }
}
