/// A filter sub-expression before it is checked against the context it is used in.
enum ParsedExpr {
    case logical(LogicalExpr)
    case literal(JSONPathValue)
    case query(Query)
    case function(FunctionCall)
}

extension Parser {
    /// logical-or-expr = logical-and-expr *(S "||" S logical-and-expr)
    mutating func parseOr() throws -> ParsedExpr {
        try parseChain(operator: "||", operand: { try $0.parseAnd() }, combine: LogicalExpr.or)
    }

    /// logical-and-expr = basic-expr *(S "&&" S basic-expr)
    private mutating func parseAnd() throws -> ParsedExpr {
        try parseChain(operator: "&&", operand: { try $0.parseBasic() }, combine: LogicalExpr.and)
    }

    private mutating func parseChain(
        operator op: String,
        operand: (inout Parser) throws -> ParsedExpr,
        combine: ([LogicalExpr]) -> LogicalExpr
    ) throws -> ParsedExpr {
        var start = scanner.position
        let first = try operand(&self)
        var save = scanner.position
        scanner.skipBlanks()
        guard scanner.consume(op) else {
            scanner.position = save
            return first
        }
        var operands = [try asTest(first, at: start)]
        while true {
            scanner.skipBlanks()
            start = scanner.position
            operands.append(try asTest(try operand(&self), at: start))
            save = scanner.position
            scanner.skipBlanks()
            guard scanner.consume(op) else {
                scanner.position = save
                return .logical(combine(operands))
            }
        }
    }

    /// basic-expr = paren-expr / comparison-expr / test-expr
    /// paren-expr = [logical-not-op S] "(" S logical-expr S ")"
    /// test-expr  = [logical-not-op S] (filter-query / function-expr)
    /// comparison-expr = comparable S comparison-op S comparable
    private mutating func parseBasic() throws -> ParsedExpr {
        let start = scanner.position
        if scanner.consume("!") {
            scanner.skipBlanks()
            let operandStart = scanner.position
            if scanner.current == "(" { return .logical(.not(try parseParenthesized())) }
            let operand = try parsePrimary()
            if case .literal = operand { throw scanner.error("'!' must be followed by a query, function or '('") }
            return .logical(.not(try asTest(operand, at: operandStart)))
        }
        if scanner.current == "(" { return .logical(try parseParenthesized()) }
        let left = try parsePrimary()
        let save = scanner.position
        scanner.skipBlanks()
        guard let op = scanComparisonOp() else {
            scanner.position = save
            return left
        }
        scanner.skipBlanks()
        let rightStart = scanner.position
        let right = try parsePrimary()
        let lhs = try asComparable(left, at: start)
        let rhs = try asComparable(right, at: rightStart)
        return .logical(.comparison(lhs, op, rhs))
    }

    private mutating func parseParenthesized() throws -> LogicalExpr {
        try enterNesting()
        defer { nesting -= 1 }
        let open = scanner.position
        _ = scanner.consume("(")
        scanner.skipBlanks()
        let start = scanner.position
        let inner = try asTest(try parseOr(), at: start)
        scanner.skipBlanks()
        guard scanner.consume(")") else {
            throw scanner.isAtEnd ? scanner.error("unclosed '('", at: open) : scanner.error("expected ')'")
        }
        return inner
    }

    /// comparison-op = "==" / "!=" / "<=" / ">=" / "<" / ">"
    private mutating func scanComparisonOp() -> ComparisonOp? {
        for op in [ComparisonOp.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where scanner.consume(op.rawValue) {
            return op
        }
        return nil
    }

    /// A literal, filter query (rel-query = "@" segments, or jsonpath-query) or function-expr.
    private mutating func parsePrimary() throws -> ParsedExpr {
        guard let scalar = scanner.current else { throw scanner.error("expected an expression") }
        switch scalar {
        case "$", "@":
            scanner.position += 1
            return .query(Query(isAbsolute: scalar == "$", segments: try parseSegments()))
        case "'", "\"":
            return .literal(.string(try scanner.scanStringLiteral()))
        case "-", "0"..."9":
            return .literal(try scanner.scanNumberLiteral())
        case "a"..."z":
            return try parseNameOrLiteral()
        default:
            throw scanner.error("expected a query, literal or function call")
        }
    }

    /// true / false / null, or
    /// function-expr = function-name "(" S [function-argument *(S "," S function-argument)] S ")"
    private mutating func parseNameOrLiteral() throws -> ParsedExpr {
        let start = scanner.position
        var name = ""
        while let scalar = scanner.current, Scanner.isFunctionNameChar(scalar) {
            name.unicodeScalars.append(scalar)
            scanner.position += 1
        }
        guard scanner.current == "(" else {
            switch name {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default:
                throw scanner.error(
                    "unknown literal '\(name)' (a function call needs '(' right after its name)",
                    at: start)
            }
        }
        guard let function = FunctionExtension(rawValue: name) else {
            throw scanner.error("unknown function '\(name)'", at: start)
        }
        try enterNesting()
        defer { nesting -= 1 }
        _ = scanner.consume("(")
        scanner.skipBlanks()
        var arguments: [FunctionArgument] = []
        if !scanner.consume(")") {
            while true {
                let argumentStart = scanner.position
                let parsed = try parseOr()
                guard arguments.count < function.parameters.count else {
                    throw JSONPathError(kind: .type, message: "too many arguments to \(name)()", offset: argumentStart)
                }
                let type = function.parameters[arguments.count]
                arguments.append(try asArgument(parsed, type: type, at: argumentStart))
                scanner.skipBlanks()
                if scanner.consume(")") { break }
                guard scanner.consume(",") else { throw scanner.error("expected ',' or ')' in call to \(name)()") }
                scanner.skipBlanks()
            }
        }
        guard arguments.count == function.parameters.count else {
            throw JSONPathError(
                kind: .type, message: "\(name)() takes \(function.parameters.count) argument(s)",
                offset: start)
        }
        return .function(FunctionCall(function: function, arguments: arguments))
    }
}
