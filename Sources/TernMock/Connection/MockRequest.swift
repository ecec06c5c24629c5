import Foundation
import NIOHTTP1

/// A received request head, split into the parts routes need.
struct MockRequest: Sendable {
    /// The method as sent, e.g. `GET`.
    let method: String
    /// The path without the query, exactly as sent.
    let path: String
    /// The raw query string (without `?`), or empty.
    let query: String
    /// The percent-decoded query items, in order.
    let queryItems: [(name: String, value: String)]
    /// The request headers.
    let headers: HTTPHeaders
    /// The path segments after the leading `/`, keeping empty ones.
    let segments: [String]

    init(head: HTTPRequestHead) {
        method = head.method.rawValue
        headers = head.headers
        let uri = head.uri
        if let mark = uri.firstIndex(of: "?") {
            path = String(uri[..<mark])
            query = String(uri[uri.index(after: mark)...])
        } else {
            path = uri
            query = ""
        }
        queryItems = Self.parseQuery(query)
        segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// The value of the first query item called `name`.
    func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The first query item called `name` parsed as an integer.
    func queryInt(_ name: String) -> Int? {
        queryValue(name).flatMap { Int($0) }
    }

    /// Whether the method is one of `methods`.
    func isMethod(_ methods: String...) -> Bool {
        methods.contains(method)
    }

    private static func parseQuery(_ query: String) -> [(name: String, value: String)] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return (name, value)
        }
    }

    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
