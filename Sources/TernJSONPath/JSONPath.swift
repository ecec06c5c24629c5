/// A compiled RFC 9535 JSONPath query, e.g. `try JSONPath("$.store.book[?@.price < 10].title")`.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// The query text as given.
    public let text: String
    let query: Query

    /// Parses and type-checks `text`; throws `JSONPathError` (`.syntax` or `.type`, with the offset) if invalid.
    public init(_ text: String) throws {
        self.text = text
        query = try Parser.parse(text)
    }

    /// The query text.
    public var description: String { text }

    /// Selects the nodes of `value` matched by the query, in RFC 9535 order.
    ///
    /// Throws `JSONPathError` with kind `.limitExceeded` when evaluation exceeds `limits`.
    public func select(in value: JSONPathValue, limits: JSONPathLimits = .default) throws -> [JSONPathNode] {
        var evaluator = Evaluator(root: value, limits: limits)
        let nodes = try evaluator.select(query, current: Node(value: value, path: nil))
        return nodes.map { JSONPathNode(value: $0.value, path: PathLink.path(of: $0.path)) }
    }

    /// The values selected by the query (see `select(in:limits:)`).
    public func values(in value: JSONPathValue, limits: JSONPathLimits = .default) throws -> [JSONPathValue] {
        var evaluator = Evaluator(root: value, limits: limits)
        return try evaluator.select(query, current: Node(value: value, path: nil)).map(\.value)
    }
}

/// A selected node: its value and its normalized path in the queried document.
public struct JSONPathNode: Sendable, Equatable {
    /// The node's value.
    public let value: JSONPathValue
    /// Where the node is, e.g. `$['a'][0]`.
    public let path: NormalizedPath

    /// Creates a node.
    public init(value: JSONPathValue, path: NormalizedPath) {
        self.value = value
        self.path = path
    }
}

/// Bounds on the work one evaluation may do, so hostile queries or documents fail instead of exhausting resources.
public struct JSONPathLimits: Sendable, Equatable {
    /// The most nodes an evaluation may visit or select, counting filter sub-queries.
    public var maxVisitedNodes: Int
    /// The longest string (in Unicode scalars) that `match()`/`search()` will examine.
    public var maxRegexInputLength: Int
    /// The most regex automaton steps an evaluation may take across all `match()`/`search()` calls.
    public var maxRegexSteps: Int

    /// Creates limits.
    public init(maxVisitedNodes: Int = 1_000_000, maxRegexInputLength: Int = 100_000, maxRegexSteps: Int = 50_000_000) {
        self.maxVisitedNodes = maxVisitedNodes
        self.maxRegexInputLength = maxRegexInputLength
        self.maxRegexSteps = maxRegexSteps
    }

    /// One million visited nodes, 100,000-scalar regex inputs, 50 million regex steps.
    public static let `default` = JSONPathLimits()
}
