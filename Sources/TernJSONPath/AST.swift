// The syntax tree of a parsed JSONPath query (RFC 9535 section 2).

/// A query: `$` or `@` followed by segments.
struct Query: Sendable {
    /// Whether the query starts at the root (`$`) rather than the current node (`@`).
    let isAbsolute: Bool
    let segments: [Segment]

    /// True when the query is a singular query (RFC 9535 section 2.3.5.1): only single name/index child segments
    /// written without inner whitespace.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.isCompact, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// A child (`[...]`, `.name`, `.*`) or descendant (`..`) segment.
struct Segment: Sendable {
    let isDescendant: Bool
    let selectors: [Selector]
    /// False when a bracketed selection contained whitespace (then it cannot be a singular-query segment).
    let isCompact: Bool
}

/// One selector inside a segment.
enum Selector: Sendable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(LogicalExpr)
}

/// A logical (filter) expression.
indirect enum LogicalExpr: Sendable {
    case or([LogicalExpr])
    case and([LogicalExpr])
    case not(LogicalExpr)
    /// An existence test: true when the query selects at least one node.
    case exists(Query)
    /// A function of LogicalType, or of NodesType used as a test (non-empty result).
    case function(FunctionCall)
    case comparison(Comparable, ComparisonOp, Comparable)
}

/// A comparison operator.
enum ComparisonOp: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// An operand of a comparison: a literal, singular query or ValueType function.
enum Comparable: Sendable {
    case literal(JSONPathValue)
    case query(Query)
    case function(FunctionCall)
}

/// A function-extension call with well-typed arguments.
struct FunctionCall: Sendable {
    let function: FunctionExtension
    let arguments: [FunctionArgument]
}

/// A type-checked argument of a function call.
indirect enum FunctionArgument: Sendable {
    /// A ValueType argument: literal, singular query or ValueType function.
    case value(Comparable)
    /// A NodesType argument: any filter query.
    case nodes(Query)
    /// A LogicalType argument.
    case logical(LogicalExpr)
}
