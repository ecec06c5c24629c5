public import Foundation

/// The matching rules of RFC 6265 section 5.1: canonical hosts, domain-match, default-path and path-match.
public enum CookieMatching {
    /// The request host, lower-cased and without a trailing dot; `nil` when the URL has none.
    public static func canonicalHost(of url: URL) -> String? {
        guard var host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host.isEmpty ? nil : host
    }

    /// Whether `host` domain-matches `domain` (section 5.1.3): equal, or a subdomain of it when `host`
    /// is a name, not an IP address.
    public static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        return !isIPAddress(host) && host.hasSuffix("." + domain)
    }

    /// Whether `text` is an IPv4 or IPv6 address rather than a host name.
    public static func isIPAddress(_ text: String) -> Bool {
        if text.contains(":") { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit)
            }
    }

    /// The path of `url` as a cookie sees it: percent-encoded, `/` when empty.
    public static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.isEmpty ? "/" : path
    }

    /// The default-path of a cookie set by a response to `url` (section 5.1.4): the request path up to,
    /// not including, its last `/`; `/` when that leaves nothing.
    public static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// Whether `requestPath` path-matches `cookiePath` (section 5.1.4).
    public static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        if cookiePath.hasSuffix("/") { return true }
        return requestPath.dropFirst(cookiePath.count).first == "/"
    }

    /// Whether `Secure` cookies may go to `url`: https and wss, and, as browsers allow, plain http to
    /// the loopback host (`localhost`, `*.localhost`, `127.0.0.0/8`, `::1`).
    public static func isSecureContext(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme == "https" || scheme == "wss" { return true }
        guard let host = canonicalHost(of: url) else { return false }
        let loopbackIPv4 = host.hasPrefix("127.") && isIPAddress(host)
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || loopbackIPv4
    }

    /// Whether a `Domain` attribute names a public suffix a cookie may not be set on: a bare top-level
    /// label (`com`, `localhost`) or one of a short list of well-known registry suffixes (`co.uk`).
    ///
    /// This is not the full Public Suffix List; it refuses the common cases.
    public static func isPublicSuffix(_ domain: String) -> Bool {
        !domain.contains(".") || knownSuffixes.contains(domain)
    }

    private static let knownSuffixes: Set<String> = [
        "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "net.uk", "com.au", "net.au", "org.au", "edu.au",
        "co.jp", "ne.jp", "or.jp", "co.nz", "org.nz", "com.br", "com.cn", "com.mx", "co.in", "co.za",
        "com.tr", "com.tw", "co.kr", "github.io", "gitlab.io", "herokuapp.com", "netlify.app", "vercel.app",
        "pages.dev", "workers.dev", "appspot.com", "blogspot.com", "cloudfront.net", "azurewebsites.net",
    ]
}

extension Character {
    /// Whether the character is one of `0`–`9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
