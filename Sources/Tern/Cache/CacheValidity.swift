import Foundation

/// How long a stored response stays valid.
///
/// Precedence, highest first: the `validUntil` closure given to `send` (Lynn's `getValidUntil`),
/// the request's `validFor`, then the handler's `CacheValidity`.
public enum CacheValidity: Sendable {
    /// Valid for a fixed number of seconds after storing.
    case ttl(TimeInterval)
    /// Valid until the date the closure computes from the response; `nil` means do not store.
    case computed(@Sendable (Response) -> Date?)
    /// From `Cache-Control: max-age` (or `Expires`), else `fallback` seconds; `no-store` is not stored.
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
            let cacheControl = response.headers[.cacheControl]?.lowercased() ?? ""
            let directives = cacheControl.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if directives.contains("no-store") { return nil }
            if let maxAge = directives.first(where: { $0.hasPrefix("max-age=") }),
                let seconds = TimeInterval(maxAge.dropFirst("max-age=".count))
            {
                return seconds > 0 ? now.addingTimeInterval(seconds) : nil
            }
            if let expires = response.headers[.expires], let date = HTTPDate.parse(expires) {
                return date > now ? date : nil
            }
            return fallback > 0 ? now.addingTimeInterval(fallback) : nil
        }
    }
}
