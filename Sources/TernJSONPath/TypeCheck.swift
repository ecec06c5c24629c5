/// Well-typedness rules of RFC 9535 section 2.4.3, applied while parsing.
extension Parser {
    /// Uses an expression where LogicalType is expected (filter, `!`, `&&`, `||`, parentheses).
    /// A query becomes an existence test; a function must return LogicalType or NodesType.
    func asTest(_ expr: ParsedExpr, at offset: Int) throws -> LogicalExpr {
        switch expr {
        case .logical(let logical):
            return logical
        case .query(let query):
            return .exists(query)
        case .function(let call):
            guard call.function.result != .value else {
                throw typeError("\(call.function.rawValue)() returns a value; compare it instead of testing it", offset)
            }
            return .function(call)
        case .literal:
            throw typeError("a literal cannot be used as a test; compare it with something", offset)
        }
    }

    /// Uses an expression as a comparison operand: a literal, a singular query or a ValueType function.
    func asComparable(_ expr: ParsedExpr, at offset: Int) throws -> Comparable {
        switch expr {
        case .literal(let value):
            return .literal(value)
        case .query(let query):
            guard query.isSingular else {
                throw typeError("only singular queries (single names or indexes) can be compared", offset)
            }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw typeError("\(call.function.rawValue)() does not return a value and cannot be compared", offset)
            }
            return .function(call)
        case .logical:
            throw typeError("a logical expression cannot be compared", offset)
        }
    }

    /// Checks a function argument against the declared parameter type.
    func asArgument(_ expr: ParsedExpr, type: ExpressionType, at offset: Int) throws -> FunctionArgument {
        switch type {
        case .value:
            return .value(try asComparable(expr, at: offset))
        case .logical:
            return .logical(try asTest(expr, at: offset))
        case .nodes:
            guard case .query(let query) = expr else {
                throw typeError("this argument must be a query (NodesType)", offset)
            }
            return .nodes(query)
        }
    }

    private func typeError(_ message: String, _ offset: Int) -> JSONPathError {
        JSONPathError(kind: .type, message: message, offset: offset)
    }
}
