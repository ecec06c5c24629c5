public import Foundation
import Synchronization

/// A thread-safe store of cookies following RFC 6265: `store` applies the storage model of
/// section 5.3 to `Set-Cookie` fields, `cookies(for:at:)` picks what a request carries (section 5.4).
///
/// Limits keep a hostile server from growing it without bound: a cookie's name and value together
/// are at most `Limits.cookieSize` bytes, and the jar holds at most `Limits.perDomain` cookies per
/// domain and `Limits.total` in all; the oldest are evicted first, expired ones before any.
public final class CookieJar: Sendable {
    /// How much a jar holds.
    public struct Limits: Sendable, Hashable {
        /// The most bytes a cookie's name and value may take together.
        public var cookieSize: Int
        /// The most cookies kept for one domain.
        public var perDomain: Int
        /// The most cookies kept in all.
        public var total: Int

        /// Makes limits (the defaults are RFC 6265 section 6.1's minimums, raised as browsers do).
        public init(cookieSize: Int = 4096, perDomain: Int = 50, total: Int = 3000) {
            self.cookieSize = max(1, cookieSize)
            self.perDomain = max(1, perDomain)
            self.total = max(1, total)
        }
    }

    private struct State {
        var cookies: [Cookie]
        var revision = 0
    }

    /// The longest a cookie lives, whatever its `Expires` or `Max-Age` (400 days, as RFC 6265bis caps it).
    public static let maximumLifetime: TimeInterval = 400 * 86_400

    private let state: Mutex<State>
    /// The limits in force.
    public let limits: Limits

    /// Makes a jar holding `cookies` (as read back from disk, say).
    public init(cookies: [Cookie] = [], limits: Limits = Limits()) {
        self.limits = limits
        state = Mutex(State(cookies: cookies))
    }

    /// A number that changes whenever the jar does, to tell whether it needs saving.
    public var revision: Int { state.withLock { $0.revision } }

    /// Stores what `setCookieFields` (the values of a response's `Set-Cookie` fields) set, for a response
    /// to `url` received at `date`; returns how many cookies were stored or removed.
    @discardableResult
    public func store(setCookieFields: [String], for url: URL, at date: Date) -> Int {
        guard let host = CookieMatching.canonicalHost(of: url) else { return 0 }
        var changes = 0
        for field in setCookieFields {
            guard let parsed = SetCookie(field, at: date),
                let cookie = makeCookie(from: parsed, url: url, host: host, at: date)
            else { continue }
            state.withLock { insert(cookie, at: date, into: &$0) }
            changes += 1
        }
        return changes
    }

    /// The cookies a request to `url` at `date` carries, longer paths first, then the earlier created.
    public func cookies(for url: URL, at date: Date) -> [Cookie] {
        state.withLock { state in
            state.cookies.filter { !$0.isExpired(at: date) && $0.matches(url) }
        }
        .sorted { lhs, rhs in
            lhs.path.count != rhs.path.count ? lhs.path.count > rhs.path.count : lhs.creation < rhs.creation
        }
    }

    /// The `Cookie` header value for a request to `url` at `date` (`a=1; b=2`); `nil` when none applies.
    public func cookieHeader(for url: URL, at date: Date) -> String? {
        let pairs = cookies(for: url, at: date).map(\.pair)
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    /// Every cookie not expired at `date`, by domain, path and name.
    public func all(at date: Date) -> [Cookie] {
        state.withLock { $0.cookies }.filter { !$0.isExpired(at: date) }.sorted {
            ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name)
        }
    }

    /// Every cookie held, expired or not (what is persisted).
    public var storedCookies: [Cookie] { state.withLock { $0.cookies } }

    /// Deletes the cookies named `name` (on `domain`, or its subdomains, when given); returns how many.
    @discardableResult
    public func delete(name: String, domain: String? = nil) -> Int {
        let wanted = domain.map { Self.normalizedDomainText($0) }
        return state.withLock { state in
            let before = state.cookies.count
            state.cookies.removeAll { cookie in
                cookie.name == name && (wanted.map { CookieMatching.domainMatches(cookie.domain, $0) } ?? true)
            }
            let removed = before - state.cookies.count
            if removed > 0 { state.revision += 1 }
            return removed
        }
    }

    /// Removes every cookie (of `domain` and its subdomains, when given); returns how many.
    @discardableResult
    public func clear(domain: String? = nil) -> Int {
        let wanted = domain.map { Self.normalizedDomainText($0) }
        return state.withLock { state in
            let before = state.cookies.count
            state.cookies.removeAll { cookie in
                wanted.map { CookieMatching.domainMatches(cookie.domain, $0) } ?? true
            }
            let removed = before - state.cookies.count
            if removed > 0 { state.revision += 1 }
            return removed
        }
    }

    /// Drops the cookies expired at `date`; returns how many.
    @discardableResult
    public func removeExpired(at date: Date) -> Int {
        state.withLock { state in
            let before = state.cookies.count
            state.cookies.removeAll { $0.isExpired(at: date) }
            let removed = before - state.cookies.count
            if removed > 0 { state.revision += 1 }
            return removed
        }
    }

    /// `text` as a jar compares domains: lower-cased, leading dots removed.
    public static func normalizedDomainText(_ text: String) -> String {
        var domain = text.lowercased()
        while domain.hasPrefix(".") { domain.removeFirst() }
        return domain
    }

    /// Section 5.3 steps 2–10: the cookie `parsed` makes for a response to `url`, or `nil` to ignore it.
    private func makeCookie(from parsed: SetCookie, url: URL, host: String, at date: Date) -> Cookie? {
        guard parsed.name.utf8.count + parsed.value.utf8.count <= limits.cookieSize else { return nil }
        var domain = parsed.domain ?? ""
        if !domain.isEmpty, CookieMatching.isPublicSuffix(domain) {
            guard domain == host else { return nil }
            domain = ""
        }
        if !domain.isEmpty, !CookieMatching.domainMatches(host, domain) { return nil }
        // RFC 6265bis: only a secure origin may set a Secure cookie, and the name prefixes bind.
        if parsed.secure, !CookieMatching.isSecureContext(url) { return nil }
        if parsed.name.hasPrefix("__Secure-"), !parsed.secure { return nil }
        if parsed.name.hasPrefix("__Host-"), !parsed.secure || !domain.isEmpty || parsed.path != "/" { return nil }
        return Cookie(
            name: parsed.name, value: parsed.value, domain: domain.isEmpty ? host : domain, hostOnly: domain.isEmpty,
            path: parsed.path ?? CookieMatching.defaultPath(of: url),
            expires: parsed.expires.map { min($0, date.addingTimeInterval(Self.maximumLifetime)) },
            secure: parsed.secure,
            httpOnly: parsed.httpOnly, sameSite: parsed.sameSite, creation: date
        )
    }

    /// Section 5.3 steps 11–12: replaces a cookie of the same name, domain and path (keeping its creation
    /// time), drops an already expired one, then evicts down to the limits.
    private func insert(_ cookie: Cookie, at date: Date, into state: inout State) {
        var cookie = cookie
        if let index = state.cookies.firstIndex(where: {
            $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path
        }) {
            cookie.creation = state.cookies[index].creation
            state.cookies.remove(at: index)
        }
        state.revision += 1
        guard !cookie.isExpired(at: date) else { return }
        state.cookies.append(cookie)
        evict(domain: cookie.domain, at: date, from: &state)
    }

    private func evict(domain: String, at date: Date, from state: inout State) {
        let inDomain = state.cookies.count(where: { $0.domain == domain })
        if inDomain > limits.perDomain || state.cookies.count > limits.total {
            state.cookies.removeAll { $0.isExpired(at: date) }
        }
        var excess = state.cookies.count(where: { $0.domain == domain }) - limits.perDomain
        while excess > 0, let oldest = Self.oldestIndex(in: state.cookies, where: { $0.domain == domain }) {
            state.cookies.remove(at: oldest)
            excess -= 1
        }
        while state.cookies.count > limits.total,
            let oldest = Self.oldestIndex(in: state.cookies, where: { _ in true })
        {
            state.cookies.remove(at: oldest)
        }
    }

    private static func oldestIndex(in cookies: [Cookie], where include: (Cookie) -> Bool) -> Int? {
        cookies.indices.filter { include(cookies[$0]) }.min { cookies[$0].creation < cookies[$1].creation }
    }
}
