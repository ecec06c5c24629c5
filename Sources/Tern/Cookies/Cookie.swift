public import Foundation

/// One stored cookie (RFC 6265 section 5.3): what a `Set-Cookie` field set, with the attributes
/// that decide where and until when it is sent.
public struct Cookie: Sendable, Hashable, Codable {
    /// The `SameSite` attribute, kept for display: Tern is not a browser and sends no cross-site requests.
    public enum SameSite: String, Sendable, Hashable, Codable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    /// The cookie's name (may be empty, as RFC 6265 allows `=value`).
    public var name: String
    /// The cookie's value.
    public var value: String
    /// The domain, lower-cased, without a leading dot.
    public var domain: String
    /// Whether the cookie goes to `domain` only (no `Domain` attribute), not to its subdomains.
    public var hostOnly: Bool
    /// The path the cookie is scoped to.
    public var path: String
    /// When the cookie expires; `nil` for a session cookie.
    public var expires: Date?
    /// Whether the cookie is sent over secure connections only.
    public var secure: Bool
    /// Whether the cookie was marked `HttpOnly`.
    public var httpOnly: Bool
    /// The `SameSite` attribute, when one was given.
    public var sameSite: SameSite?
    /// When the cookie was first stored (kept when a newer `Set-Cookie` replaces it).
    public var creation: Date

    /// Makes a cookie.
    public init(
        name: String, value: String, domain: String, hostOnly: Bool = true, path: String = "/",
        expires: Date? = nil, secure: Bool = false, httpOnly: Bool = false, sameSite: SameSite? = nil,
        creation: Date = Date()
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.hostOnly = hostOnly
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.creation = creation
    }

    /// Whether the cookie lasts only as long as the session (no `Expires` or `Max-Age`).
    public var isSession: Bool { expires == nil }

    /// Whether the cookie has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        guard let expires else { return false }
        return expires <= date
    }

    /// `name=value`, as it appears in a `Cookie` header (just the value when the name is empty).
    public var pair: String { name.isEmpty ? value : "\(name)=\(value)" }

    /// The flags a listing shows: `Secure`, `HttpOnly`, `SameSite=…`.
    public var flags: [String] {
        var flags: [String] = []
        if secure { flags.append("Secure") }
        if httpOnly { flags.append("HttpOnly") }
        if let sameSite { flags.append("SameSite=\(sameSite.rawValue)") }
        return flags
    }

    /// Whether the cookie is sent with a request to `url` (domain, path and `Secure`; not expiry).
    public func matches(_ url: URL) -> Bool {
        guard let host = CookieMatching.canonicalHost(of: url) else { return false }
        let domainOK = hostOnly ? host == domain : CookieMatching.domainMatches(host, domain)
        guard domainOK, CookieMatching.pathMatches(CookieMatching.requestPath(of: url), path) else { return false }
        return !secure || CookieMatching.isSecureContext(url)
    }
}
