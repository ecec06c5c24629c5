import Foundation

extension URL {
    /// The host to connect to: an IPv6 address without its brackets, `""` for none.
    var connectHost: String {
        let host = host ?? ""
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The request target of an HTTP/1.1 request line: the percent-encoded path (`/` when empty) and query.
    var requestTarget: String {
        let components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        return target
    }
}
