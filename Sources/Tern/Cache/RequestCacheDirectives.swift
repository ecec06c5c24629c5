public import Foundation
public import HTTPTypes

/// What a request's `Cache-Control` (and `Pragma: no-cache`) asks of the cache (RFC 9111 §5.2.1).
///
/// These directives steer how `normal` mode answers; they are not part of the request's identity.
public struct RequestCacheDirectives: Sendable, Hashable {
    /// `no-cache` (or `Pragma: no-cache` without a `Cache-Control`): revalidate before reusing.
    public var noCache = false
    /// `no-store`: do not store the response.
    public var noStore = false
    /// `max-age=N`: reuse only a response no older than N seconds.
    public var maxAge: TimeInterval?
    /// `max-stale[=N]`: a stale response will do, up to N seconds past its freshness (any, without N).
    public var maxStale: TimeInterval?
    /// `min-fresh=N`: reuse only a response that stays fresh for N more seconds.
    public var minFresh: TimeInterval?
    /// `only-if-cached`: never ask the server.
    public var onlyIfCached = false

    /// The directives of `headers`.
    public init(_ headers: HTTPFields) {
        let control = CacheControl(headers)
        noCache = control.contains("no-cache")
        if !noCache, headers[values: .cacheControl].isEmpty {
            noCache = headers.contains { field in
                field.name.canonicalName == "pragma" && CacheControl(lines: [field.value]).contains("no-cache")
            }
        }
        noStore = control.contains("no-store")
        switch control.seconds("max-age") {
        case .valid(let seconds): maxAge = seconds
        case .invalid: maxAge = 0
        case .absent: break
        }
        switch control.value("max-stale") {
        case .some(.some(let text)): maxStale = DeltaSeconds.parse(text) ?? 0
        case .some(.none): maxStale = .infinity
        case .none: break
        }
        if case .valid(let seconds) = control.seconds("min-fresh") { minFresh = seconds }
        onlyIfCached = control.contains("only-if-cached")
    }

    /// Whether `entry` may answer this request without asking the server, at `now`.
    ///
    /// A fresh entry may, unless `no-cache`, `max-age` or `min-fresh` say otherwise; a stale one only
    /// within `max-stale`, and never when the response said `must-revalidate` or `no-cache`.
    public func accepts(_ entry: StoredResponse, now: Date) -> Bool {
        if noCache { return false }
        // `max-age=0` asks for a revalidation, as browsers send it on a reload.
        if let maxAge, maxAge == 0 || TimeInterval(entry.currentAge(at: now)) > maxAge { return false }
        let remaining = entry.validUntil.timeIntervalSince(now)
        if let minFresh, remaining < minFresh { return false }
        if remaining > 0 { return true }
        guard let maxStale, !entry.forbidsStaleUse else { return false }
        return -remaining <= maxStale
    }
}

extension StoredResponse {
    /// When the response this entry holds arrived: its last revalidation, else its storing.
    public var responseTime: Date { revalidatedAt ?? storedAt }

    /// Its age at `now` in whole seconds: what an `Age` field says when it is served.
    public func currentAge(at now: Date) -> Int {
        Freshness.currentAge(headers: headers, responseTime: responseTime, now: now)
    }

    /// Whether the response forbids serving it stale (`must-revalidate`, `no-cache`; RFC 9111 §4.2.4).
    public var forbidsStaleUse: Bool {
        let control = CacheControl(headers)
        return control.contains("must-revalidate") || control.contains("no-cache") || control.contains("no-store")
    }
}
