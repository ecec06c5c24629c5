/// A recursive-descent parser for RFC 9535 queries (ABNF rules quoted on each function).
struct Parser {
    /// The deepest nesting of filters, parentheses and function calls accepted (guards the stack).
    static let maxNesting = 64
    /// The longest query accepted, in Unicode scalars.
    static let maxQueryLength = 65_536

    var scanner: Scanner
    var nesting = 0

    init(_ text: String) {
        scanner = Scanner(text)
    }

    /// jsonpath-query = root-identifier segments ; root-identifier = "$"
    static func parse(_ text: String) throws -> Query {
        var parser = Parser(text)
        guard parser.scanner.scalars.count <= maxQueryLength else {
            throw JSONPathError(kind: .syntax, message: "query longer than \(maxQueryLength) characters", offset: 0)
        }
        guard parser.scanner.consume("$") else { throw parser.scanner.error("a query must start with '$'") }
        let segments = try parser.parseSegments()
        guard parser.scanner.isAtEnd else {
            var probe = parser.scanner
            let trailing = probe.skipBlanks() && probe.isAtEnd
            throw parser.scanner.error(
                trailing
                    ? "whitespace is not allowed at the end of a query" : "unexpected character in query")
        }
        return Query(isAbsolute: true, segments: segments)
    }

    mutating func enterNesting() throws {
        nesting += 1
        guard nesting <= Parser.maxNesting else {
            throw scanner.error("expression nested deeper than \(Parser.maxNesting) levels")
        }
    }

    /// segments = *(S segment) ; segment = child-segment / descendant-segment.
    /// Blanks not followed by a segment are left unconsumed for the caller.
    mutating func parseSegments() throws -> [Segment] {
        var segments: [Segment] = []
        while true {
            let save = scanner.position
            scanner.skipBlanks()
            if scanner.consume("..") {
                segments.append(try parseDescendant())
            } else if scanner.consume(".") {
                segments.append(try parseDotMember(isDescendant: false))
            } else if scanner.current == "[" {
                segments.append(try parseBracketed(isDescendant: false))
            } else {
                scanner.position = save
                return segments
            }
        }
    }

    /// descendant-segment = ".." (bracketed-selection / wildcard-selector / member-name-shorthand)
    private mutating func parseDescendant() throws -> Segment {
        if scanner.current == "[" { return try parseBracketed(isDescendant: true) }
        return try parseDotMember(isDescendant: true)
    }

    /// "." (wildcard-selector / member-name-shorthand) — no whitespace after the dot.
    private mutating func parseDotMember(isDescendant: Bool) throws -> Segment {
        if scanner.consume("*") { return Segment(isDescendant: isDescendant, selectors: [.wildcard], isCompact: true) }
        guard let scalar = scanner.current, Scanner.isNameFirst(scalar) else {
            throw scanner.error("expected a member name or '*' after '.'")
        }
        let name = try scanner.scanMemberName()
        return Segment(isDescendant: isDescendant, selectors: [.name(name)], isCompact: true)
    }

    /// bracketed-selection = "[" S selector *(S "," S selector) S "]"
    private mutating func parseBracketed(isDescendant: Bool) throws -> Segment {
        let open = scanner.position
        _ = scanner.consume("[")
        var compact = !scanner.skipBlanks()
        var selectors = [try parseSelector()]
        while true {
            if scanner.skipBlanks() { compact = false }
            if scanner.consume("]") { break }
            guard scanner.consume(",") else {
                throw scanner.isAtEnd ? scanner.error("unclosed '['", at: open) : scanner.error("expected ',' or ']'")
            }
            scanner.skipBlanks()
            compact = false
            selectors.append(try parseSelector())
        }
        return Segment(isDescendant: isDescendant, selectors: selectors, isCompact: compact)
    }

    /// selector = name-selector / wildcard-selector / slice-selector / index-selector / filter-selector
    private mutating func parseSelector() throws -> Selector {
        guard let scalar = scanner.current else { throw scanner.error("expected a selector") }
        switch scalar {
        case "'", "\"":
            return .name(try scanner.scanStringLiteral())
        case "*":
            scanner.position += 1
            return .wildcard
        case "?":
            scanner.position += 1
            scanner.skipBlanks()
            try enterNesting()
            defer { nesting -= 1 }
            let start = scanner.position
            return .filter(try asTest(try parseOr(), at: start))
        case ":":
            return try parseSlice(start: nil)
        default:
            guard scanner.looksAtInteger else { throw scanner.error("expected a selector") }
            let index = try scanner.scanInteger()
            let save = scanner.position
            scanner.skipBlanks()
            if scanner.current == ":" { return try parseSlice(start: index) }
            scanner.position = save
            return .index(index)
        }
    }

    /// slice-selector = [start S] ":" S [end S] [":" [S step ]] ; start/end/step = int
    private mutating func parseSlice(start: Int?) throws -> Selector {
        _ = scanner.consume(":")
        scanner.skipBlanks()
        var end: Int?
        var step: Int?
        if scanner.looksAtInteger {
            end = try scanner.scanInteger()
            scanner.skipBlanks()
        }
        if scanner.consume(":") {
            scanner.skipBlanks()
            if scanner.looksAtInteger { step = try scanner.scanInteger() }
        }
        return .slice(start: start, end: end, step: step)
    }
}
