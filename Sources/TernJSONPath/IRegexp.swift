/// An I-Regexp (RFC 9485) parsed from its ABNF and compiled to a linear-time automaton.
///
/// Not NSRegularExpression: its backtracking engine can take exponential time on patterns like `(a*)*b`,
/// and its `.`, `$` and class syntax differ from I-Regexp.
///
/// Matching simulates the NFA (Thompson construction), so its cost is bounded by
/// pattern size × input length: no pattern can backtrack catastrophically.
struct IRegexp: Sendable {
    /// The longest pattern accepted, in Unicode scalars.
    static let maxPatternLength = 1_000
    /// The largest `{n,m}` bound accepted.
    static let maxRepeat = 1_000
    /// The deepest group nesting accepted.
    static let maxNesting = 100

    let program: [Instruction]

    /// Parses and compiles `pattern`; throws `JSONPathError` if it is not a valid I-Regexp or is too large.
    init(_ pattern: String) throws {
        var parser = IRegexpParser(Array(pattern.unicodeScalars))
        guard parser.scalars.count <= IRegexp.maxPatternLength else { throw parser.error("pattern too long") }
        let node = try parser.parseAlternation(depth: 0)
        guard parser.isAtEnd else { throw parser.error("unexpected ')'") }
        var compiler = RegexCompiler()
        try compiler.compile(node)
        try compiler.emit(.match)
        program = compiler.program
    }
}

/// The syntax tree of an I-Regexp.
indirect enum RegexNode: Sendable {
    case empty
    case characters(ScalarSet)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?)
    /// `^` (start of input) or `$` (end of input).
    case anchor(atStart: Bool)
}

/// Recursive-descent parser for the I-Regexp ABNF (RFC 9485 section 5.3).
struct IRegexpParser {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { position >= scalars.count }
    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func error(_ message: String) -> JSONPathError {
        JSONPathError(kind: .syntax, message: "invalid I-Regexp: \(message)", offset: position)
    }

    /// i-regexp = branch *( "|" branch )
    mutating func parseAlternation(depth: Int) throws -> RegexNode {
        guard depth <= IRegexp.maxNesting else { throw error("groups nested too deeply") }
        var branches = [try parseBranch(depth: depth)]
        while current == "|" {
            position += 1
            branches.append(try parseBranch(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// branch = *piece ; piece = atom [ quantifier ]
    private mutating func parseBranch(depth: Int) throws -> RegexNode {
        var pieces: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let atom = try parseAtom(depth: depth)
            pieces.append(try parseQuantifier(for: atom))
        }
        return pieces.count == 1 ? pieces[0] : .sequence(pieces)
    }

    /// quantifier = "*" / "+" / "?" / range-quantifier ; range-quantifier = "{" QuantExact [ "," [ QuantExact ] ] "}"
    private mutating func parseQuantifier(for atom: RegexNode) throws -> RegexNode {
        switch current {
        case "*":
            position += 1
            return .repetition(atom, min: 0, max: nil)
        case "+":
            position += 1
            return .repetition(atom, min: 1, max: nil)
        case "?":
            position += 1
            return .repetition(atom, min: 0, max: 1)
        case "{":
            position += 1
            let low = try parseQuantExact()
            var high: Int? = low
            if current == "," {
                position += 1
                high = current == "}" ? nil : try parseQuantExact()
            }
            guard current == "}" else { throw error("expected '}'") }
            position += 1
            if let high, high < low { throw error("{n,m} with m < n") }
            return .repetition(atom, min: low, max: high)
        default:
            return atom
        }
    }

    /// QuantExact = 1*%x30-39
    private mutating func parseQuantExact() throws -> Int {
        var value = 0
        var digits = 0
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            position += 1
            guard value <= IRegexp.maxRepeat else { throw error("repetition bound above \(IRegexp.maxRepeat)") }
        }
        guard digits > 0 else { throw error("expected a number in '{}'") }
        return value
    }

    /// atom = NormalChar / charClass / ( "(" i-regexp ")" )
    /// charClass = "." / SingleCharEsc / charClassEsc / charClassExpr
    private mutating func parseAtom(depth: Int) throws -> RegexNode {
        guard let scalar = current else { throw error("unexpected end") }
        position += 1
        switch scalar {
        case "(":
            let inner = try parseAlternation(depth: depth + 1)
            guard current == ")" else { throw error("unclosed '('") }
            position += 1
            return inner
        case ".":
            return .characters(ScalarSet(items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D)], negated: true))
        case "[":
            return .characters(try parseClassExpression())
        case "\\":
            return .characters(try parseEscape(inClass: false))
        case "^", "$":
            // RFC 9485 lists them as ordinary characters, but the compliance suite (like the ECMAScript and
            // PCRE mappings of RFC 9485 section 5) treats them as input anchors.
            return .anchor(atStart: scalar == "^")
        case "*", "+", "?", "{", "}", "]", ")", "|":
            position -= 1
            throw error("unexpected '\(scalar)'")
        default:
            return .characters(ScalarSet(items: [.range(scalar.value, scalar.value)], negated: false))
        }
    }
}
