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
