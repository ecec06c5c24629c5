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
            return Self.fromHeaders(response.headers, now: now, fallback: fallback)
        }
    }

    /// RFC 9111 for a private, single-user cache: `no-store` is not stored; `no-cache` and `max-age=0` are
    /// stored but stale at once (revalidated before reuse); `max-age` (less `Age`) wins over `Expires`;
    /// `s-maxage` is for shared caches and ignored, and so is `private` (this cache is private); with none
    /// of these, `fallback` seconds (nothing stored when it is 0 or less).
    public static func fromHeaders(_ headers: HTTPFields, now: Date, fallback: TimeInterval) -> Date? {
        let directives = headers[values: .cacheControl]
            .flatMap { $0.lowercased().split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if directives.contains("no-store") { return nil }
        if directives.contains("no-cache") || directives.contains(where: { $0.hasPrefix("no-cache=") }) { return now }
        if let maxAge = directives.first(where: { $0.hasPrefix("max-age=") }) {
            let text = maxAge.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            guard let seconds = Self.seconds(text) else { return now }
            let age = headers[.age].flatMap { Self.seconds($0) } ?? 0
            return now.addingTimeInterval(max(0, seconds - age))
        }
        if let expires = headers[.expires] {
            guard let date = HTTPDate.parse(expires) else { return now }  // an invalid Expires means "already expired"
            return max(date, now)
        }
        return fallback > 0 ? now.addingTimeInterval(fallback) : nil
    }

    /// A delta-seconds value (RFC 9111 §1.2.2), capped at about 68 years; `nil` when it is not one.
    private static func seconds(_ text: String) -> TimeInterval? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        guard digits.count <= 10, let value = Double(digits) else { return 2_147_483_648 }
        return min(value, 2_147_483_648)
    }
}
