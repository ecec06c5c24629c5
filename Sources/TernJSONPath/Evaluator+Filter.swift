/// Filter expressions, comparisons and function extensions (RFC 9535 sections 2.3.5 and 2.4).
extension Evaluator {
    /// Evaluates a logical expression with `current` as `@`.
    mutating func test(_ expression: LogicalExpr, current: Node) throws -> Bool {
        switch expression {
        case .or(let operands):
            for operand in operands where try test(operand, current: current) { return true }
            return false
        case .and(let operands):
            for operand in operands where try !test(operand, current: current) { return false }
            return true
        case .not(let operand):
            return try !test(operand, current: current)
        case .exists(let query):
            return try !select(query, current: current).isEmpty
        case .function(let call):
            switch call.function {
            case .match: return try matchRegex(call, current: current, anchored: true)
            case .search: return try matchRegex(call, current: current, anchored: false)
            case .length, .count, .value: return try evaluateValue(call, current: current) != nil
            }
        case .comparison(let left, let op, let right):
            let lhs = try value(of: left, current: current)
            let rhs = try value(of: right, current: current)
            return Evaluator.compare(lhs, op, rhs)
        }
    }

    /// The value of a comparable; nil stands for Nothing.
    private mutating func value(of comparable: Comparable, current: Node) throws -> JSONPathValue? {
        switch comparable {
        case .literal(let value):
            return value
        case .query(let query):
            let nodes = try select(query, current: current)
            return nodes.count == 1 ? nodes[0].value : nil
        case .function(let call):
            return try evaluateValue(call, current: current)
        }
    }

    /// Evaluates a ValueType function; nil stands for Nothing.
    private mutating func evaluateValue(_ call: FunctionCall, current: Node) throws -> JSONPathValue? {
        switch call.function {
        case .length:
            switch try argumentValue(call.arguments[0], current: current) {
            case .string(let text): return .int(Int64(text.unicodeScalars.count))
            case .array(let elements): return .int(Int64(elements.count))
            case .object(let object): return .int(Int64(object.count))
            default: return nil
            }
        case .count:
            return .int(Int64(try argumentNodes(call.arguments[0], current: current).count))
        case .value:
            let nodes = try argumentNodes(call.arguments[0], current: current)
            return nodes.count == 1 ? nodes[0].value : nil
        case .match, .search:
            return nil
        }
    }

    private mutating func argumentValue(_ argument: FunctionArgument, current: Node) throws -> JSONPathValue? {
        switch argument {
        case .value(let comparable): return try value(of: comparable, current: current)
        case .nodes(let query):
            let nodes = try select(query, current: current)
            return nodes.count == 1 ? nodes[0].value : nil
        case .logical(let expression): return .bool(try test(expression, current: current))
        }
    }

    private mutating func argumentNodes(_ argument: FunctionArgument, current: Node) throws -> [Node] {
        guard case .nodes(let query) = argument else { return [] }
        return try select(query, current: current)
    }

    /// match() (whole string) or search() (any substring) with an I-Regexp; false for non-strings or bad patterns.
    private mutating func matchRegex(_ call: FunctionCall, current: Node, anchored: Bool) throws -> Bool {
        guard case .string(let text)? = try argumentValue(call.arguments[0], current: current),
            case .string(let pattern)? = try argumentValue(call.arguments[1], current: current)
        else { return false }
        let regex: IRegexp?
        if let cached = regexCache[pattern] {
            regex = cached
        } else {
            regex = try? IRegexp(pattern)
            if regexCache.count < 256 { regexCache[pattern] = regex }
        }
        guard let regex else { return false }
        let input = Array(text.unicodeScalars)
        guard input.count <= limits.maxRegexInputLength else {
            throw JSONPathError(
                kind: .limitExceeded,
                message: "string of \(input.count) characters is too long for match()/search()")
        }
        return try regex.matches(input, anchored: anchored, steps: &regexSteps, maxSteps: limits.maxRegexSteps)
    }

    /// Applies a comparison operator to two values, either of which may be Nothing (nil).
    static func compare(_ lhs: JSONPathValue?, _ op: ComparisonOp, _ rhs: JSONPathValue?) -> Bool {
        switch op {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        case .less: return isLess(lhs, rhs)
        case .lessOrEqual: return isLess(lhs, rhs) || lhs == rhs
        case .greater: return isLess(rhs, lhs)
        case .greaterOrEqual: return isLess(rhs, lhs) || lhs == rhs
        }
    }

    /// `<` is defined only for two numbers or two strings (strings by Unicode scalar values).
    private static func isLess(_ lhs: JSONPathValue?, _ rhs: JSONPathValue?) -> Bool {
        guard let lhs, let rhs else { return false }
        if case .string(let a) = lhs, case .string(let b) = rhs {
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        }
        if let order = JSONPathValue.compareNumbers(lhs, rhs) { return order < 0 }
        return false
    }
}
