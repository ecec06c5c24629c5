import Foundation

extension HARImporter {
    /// An entry's URL split the way a spec holds it: the URL without query or fragment as `path`,
    /// the query as rows.
    struct SplitURL {
        /// `https://host:port/path` (the path as recorded, percent-encoding kept).
        var path: String
        /// `host` or `host:port`, for folders and the title.
        var host: String
        /// The last path segment, decoded (`""` for `/`), for the file name.
        var lastSegment: String
        /// Query parameters in order, decoded (`+` is a space).
        var query: [(name: String, value: String)]
    }

    /// `url` split, or `nil` when it is not an absolute http(s) URL.
    static func split(_ url: String) -> SplitURL? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            ["http", "https", "ws", "wss"].contains(scheme), let host = components.host, !host.isEmpty
        else { return nil }
        let hostText = components.port.map { "\(host):\($0)" } ?? host
        let rawPath = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let segment = rawPath.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) }
        var query: [(name: String, value: String)] = []
        for item in (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query.append((decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : ""))
        }
        let bracketed = host.contains(":") ? "[\(host)]" : host
        let authority = components.port.map { "\(bracketed):\($0)" } ?? bracketed
        return SplitURL(
            path: "\(scheme)://\(authority)\(rawPath)", host: hostText, lastSegment: segment ?? "", query: query)
    }

    /// A query component decoded (`+` as a space); the raw text when it is not valid percent-encoding.
    private static func decoded(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? String(part)
    }

    /// Header names Tern sets itself or that describe the recorded connection, not the request.
    static let droppedHeaders: Set<String> = ["content-length", "host", "connection", "transfer-encoding"]

    /// The request's headers as a spec writes them: pseudo-headers (`:authority`), `Content-Length`,
    /// `Host`, `Connection` and `Transfer-Encoding` dropped (and `Content-Type` when `dropsContentType`,
    /// for multipart bodies Tern frames itself); every `Cookie` line (or, without one, `request.cookies`)
    /// merged into one `Cookie` header in the first one's place; credentials moved to `{{env:…}}`.
    static func headers(
        of request: HARRequest, dropsContentType: Bool, item: String, credentials: inout HARCredentials
    ) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        var cookies: [(name: String, value: String)] = []
        var cookieIndex: Int?
        for header in request.headers {
            let lower = header.name.lowercased()
            if lower.hasPrefix(":") || droppedHeaders.contains(lower) { continue }
            if dropsContentType, lower == "content-type" { continue }
            if lower == "cookie" {
                if cookieIndex == nil {
                    cookieIndex = headers.count
                    headers.append((header.name, ""))
                }
                cookies += parseCookies(header.value)
                continue
            }
            var value = header.value
            if HARCredentials.isSecretHeader(header.name), !value.isEmpty {
                value = secretHeaderValue(value, name: header.name, item: item, credentials: &credentials)
            }
            headers.append((header.name, value))
        }
        if cookieIndex == nil, !request.cookies.isEmpty {
            cookieIndex = headers.count
            headers.append(("Cookie", ""))
            cookies = request.cookies.map { ($0.name, $0.value) }
        }
        guard let cookieIndex else { return headers }
        let merged = cookies.map { cookie in
            guard HARCredentials.isSecretCookie(cookie.name), !cookie.value.isEmpty else {
                return "\(cookie.name)=\(cookie.value)"
            }
            let placeholder = credentials.placeholder(for: cookie.value, hint: "cookie " + cookie.name, item: item)
            return "\(cookie.name)=\(placeholder)"
        }
        if merged.isEmpty {
            headers.remove(at: cookieIndex)
        } else {
            headers[cookieIndex].value = merged.joined(separator: "; ")
        }
        return headers
    }

    /// `a=1; b=2` as pairs (a pair without `=` keeps an empty name, as browsers send it).
    private static func parseCookies(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: ";").compactMap { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            guard let equals = trimmed.firstIndex(of: "=") else { return ("", trimmed) }
            return (String(trimmed[..<equals]), String(trimmed[trimmed.index(after: equals)...]))
        }
    }

    /// A credential header's value with the secret as a placeholder; an auth scheme (`Bearer`,
    /// `Basic`) stays in clear so only the token has to be set.
    private static func secretHeaderValue(
        _ value: String, name: String, item: String, credentials: inout HARCredentials
    ) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        let lower = name.lowercased()
        if lower.hasSuffix("authorization"), parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "-" }) {
            let hint = name.lowercased() == "authorization" ? "authorization" : name
            return "\(parts[0]) " + credentials.placeholder(for: String(parts[1]), hint: hint, item: item)
        }
        return credentials.placeholder(for: value, hint: name, item: item)
    }
}
