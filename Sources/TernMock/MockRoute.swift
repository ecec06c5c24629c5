/// A canned route: a method filter, a path template such as `/users/{id}`, and a response.
public struct MockRoute: Sendable {
    /// The HTTP method this route answers (compared case-insensitively), or `nil` for any method.
    public let method: String?
    /// The path template; `{name}` matches exactly one non-empty path segment.
    public let path: String
    /// The response sent when the route matches.
    public let response: MockResponse

    /// Creates a route; a `nil` method matches every method.
    public init(method: String? = nil, path: String, response: MockResponse) {
        self.method = method
        self.path = path
        self.response = response
    }

    /// Whether this route answers a request with the given method and path (without query).
    func matches(method requestMethod: String, path requestPath: String) -> Bool {
        if let method, method.uppercased() != requestMethod.uppercased() {
            return false
        }
        let template = Self.segments(of: path)
        let actual = Self.segments(of: requestPath)
        guard template.count == actual.count else { return false }
        return zip(template, actual).allSatisfy { pattern, segment in
            if pattern.hasPrefix("{") && pattern.hasSuffix("}") && pattern.count >= 2 {
                return !segment.isEmpty
            }
            return pattern == segment
        }
    }

    /// The `/`-separated segments of a path, keeping empty ones so `/a/` differs from `/a`.
    private static func segments(of path: String) -> [Substring] {
        Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }
}
