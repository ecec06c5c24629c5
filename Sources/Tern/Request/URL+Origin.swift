package import Foundation

extension URL {
    /// `scheme://host:port`, lower-cased, the default port spelled out: what two URLs must share to be
    /// of one origin (RFC 6454).
    package var origin: String {
        let scheme = scheme?.lowercased() ?? ""
        let port = port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host?.lowercased() ?? ""):\(port)"
    }

    /// Whether this URL and `other` have the same scheme, host and port.
    package func hasSameOrigin(as other: URL) -> Bool {
        origin == other.origin
    }

    /// This URL with `other`'s scheme, host and port instead of its own.
    package func onOrigin(of other: URL) -> URL? {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return nil }
        components.scheme = other.scheme
        components.host = other.host
        components.port = other.port
        return components.url
    }
}

extension URL {
    /// Why this URL's port cannot be connected to, or nil when it can: a port is a number from 1 to
    /// 65535. Foundation reads `:99999` as 99999 and a port too long for an `Int` as none at all, so
    /// the authority's own text is what is checked.
    package var portProblem: String? {
        if let port { return (1...65_535).contains(port) ? nil : "port \(port) is not a TCP port (1 to 65535)" }
        guard let authority = Self.authority(of: absoluteString) else { return nil }
        // After the user information and past an IPv6 literal's brackets, a colon starts the port.
        var hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority[...]
        if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
            hostAndPort = hostAndPort[hostAndPort.index(after: close)...]
        }
        guard let colon = hostAndPort.firstIndex(of: ":") else { return nil }
        let digits = hostAndPort[hostAndPort.index(after: colon)...]
        if digits.isEmpty { return nil }
        let shown = digits.count > 24 ? digits.prefix(24) + "…" : digits
        return "port \(shown) is not a TCP port (1 to 65535)"
    }

    /// Throws `invalidRequest` when `portProblem` is not nil: checked before every connection, since
    /// a port out of range traps in SwiftNIO (an IP literal) or wraps around (a host name).
    package func checkPort() throws(TernError) {
        guard let problem = portProblem else { return }
        throw TernError(.invalidRequest, "cannot connect to \(host ?? "the server"): \(problem)")
    }

    /// The text between `scheme://` and the path, query or fragment.
    private static func authority(of text: String) -> Substring? {
        guard let range = text.range(of: "://") else { return nil }
        let rest = text[range.upperBound...]
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
