public import Foundation
public import HTTPTypes

/// How fresh a response is, as a private (single-user) cache reckons it (RFC 9111 §4.2).
///
/// A stored response is fresh while its current age is below its freshness lifetime. The lifetime
/// comes from `Cache-Control: max-age` (`s-maxage` is for shared caches), else from `Expires`
/// minus `Date`, else — for a status that is heuristically cacheable, or a `public` response — from
/// the heuristic (the workspace's `cacheTTL`). The age counts what the response had already spent in
/// other caches (`Age`, the first value of the first line), how late its `Date` is, and the time
/// it took to arrive.
public enum Freshness {
    /// Statuses a cache may give a heuristic lifetime (RFC 9110 §15.1): other statuses are fresh only
    /// when the server says so.
    public static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The freshness lifetime of a response in seconds, or `nil` when it must not be stored
    /// (`Cache-Control: no-store`).
    ///
    /// `no-cache`, an invalid `max-age` and an invalid `Expires` give 0: stored, but stale at once.
    /// - Parameters:
    ///   - heuristic: the lifetime of a response that says nothing about its freshness, for the
    ///     heuristically cacheable statuses (0: none).
    ///   - responseTime: when the response arrived, the `Date` a response without one is taken to have.
    public static func lifetime(
        headers: HTTPFields, status: Int, responseTime: Date, heuristic: TimeInterval
    ) -> TimeInterval? {
        let control = CacheControl(headers)
        if control.contains("no-store") { return nil }
        if control.contains("no-cache") { return 0 }
        switch control.seconds("max-age") {
        case .valid(let seconds): return seconds
        case .invalid: return 0
        case .absent: break
        }
        if let expires = headers[values: .expires].first {
            guard let date = HTTPDate.parse(expires, now: responseTime) else { return 0 }
            let dateValue =
                headers[values: .date].first.flatMap { HTTPDate.parse($0, now: responseTime) } ?? responseTime
            return max(0, date.timeIntervalSince(dateValue))
        }
        let cacheable = heuristicallyCacheable.contains(status) || control.contains("public")
        return cacheable ? max(0, heuristic) : 0
    }

    /// The age of a response when it arrived (RFC 9111 §4.2.3's `corrected_initial_age`): the larger
    /// of how late its `Date` is and its `Age` plus the time the request took.
    public static func initialAge(headers: HTTPFields, requestTime: Date, responseTime: Date) -> TimeInterval {
        let ageValue = age(headers) ?? 0
        var apparentAge: TimeInterval = 0
        if let dateLine = headers[values: .date].first, let date = HTTPDate.parse(dateLine, now: responseTime) {
            apparentAge = max(0, responseTime.timeIntervalSince(date))
        }
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, ageValue + responseDelay)
    }

    /// The `Age` a response carries: the first value of the first line as delta-seconds; `nil` when
    /// absent or not a number (an invalid `Age` is ignored).
    public static func age(_ headers: HTTPFields) -> TimeInterval? {
        guard let line = headers[values: .age].first else { return nil }
        let first = line.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return DeltaSeconds.parse(String(first))
    }

    /// Until when a response that arrived at `responseTime` (asked at `requestTime`) is fresh, or `nil`
    /// when it must not be stored.
    public static func validUntil(
        headers: HTTPFields, status: Int, requestTime: Date, responseTime: Date, heuristic: TimeInterval
    ) -> Date? {
        guard
            let lifetime = lifetime(headers: headers, status: status, responseTime: responseTime, heuristic: heuristic)
        else { return nil }
        let age = initialAge(headers: headers, requestTime: requestTime, responseTime: responseTime)
        return responseTime.addingTimeInterval(max(0, lifetime - age))
    }

    /// The current age of a stored response at `now` (RFC 9111 §4.2.3), in whole seconds: what its
    /// `Age` field says when it is served.
    public static func currentAge(headers: HTTPFields, responseTime: Date, now: Date) -> Int {
        let initial = initialAge(headers: headers, requestTime: responseTime, responseTime: responseTime)
        let age = initial + max(0, now.timeIntervalSince(responseTime))
        return Int(min(age, DeltaSeconds.maximum).rounded(.down))
    }
}
