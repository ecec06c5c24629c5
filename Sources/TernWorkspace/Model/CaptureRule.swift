/// One value a spec takes from its response into a variable (`capture:` in a spec file).
///
/// ```yaml
/// capture:
///   token: $.token                      # JSONPath into the JSON body (first match)
///   requestId: {header: X-Request-Id}
///   session: {cookie: session}
///   lastStatus: status
///   code: {regex: 'code=(\w+)', group: 1}
/// ```
public struct CaptureRule: Sendable, Equatable {
    /// Where a captured value is read from.
    public enum Source: Sendable, Equatable {
        /// The first node a JSONPath (RFC 9535) selects in the JSON body; strings as they are,
        /// anything else as compact JSON.
        case json(String)
        /// A response header's value (the first, by case-insensitive name).
        case header(String)
        /// A cookie the response sets (`Set-Cookie`), by name.
        case cookie(String)
        /// The status code.
        case status
        /// A regular expression over the text body: the capture group `group` (0: the whole match).
        case regex(String, group: Int)
    }

    /// The variable the value is stored in.
    public var name: String
    /// Where the value comes from.
    public var source: Source

    /// Makes a rule.
    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }
}
