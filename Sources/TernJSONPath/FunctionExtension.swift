/// The declared type of a function parameter or result (RFC 9535 section 2.4.1).
enum ExpressionType: Sendable {
    /// A JSON value or Nothing.
    case value
    /// LogicalTrue or LogicalFalse.
    case logical
    /// A nodelist.
    case nodes
}

/// The function extensions of RFC 9535 section 2.4.4 - 2.4.8.
enum FunctionExtension: String, Sendable {
    case length
    case count
    case match
    case search
    case value

    /// The parameter types, in order.
    var parameters: [ExpressionType] {
        switch self {
        case .length: return [.value]
        case .count, .value: return [.nodes]
        case .match, .search: return [.value, .value]
        }
    }

    /// The result type.
    var result: ExpressionType {
        switch self {
        case .length, .count, .value: return .value
        case .match, .search: return .logical
        }
    }
}
