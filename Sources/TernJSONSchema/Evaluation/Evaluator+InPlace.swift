import TernJSONPath

extension Evaluator {
    /// Keywords that apply subschemas to the same value: their annotations count for `unevaluated*` when they
    /// pass. Each has its own function so that a deep evaluation keeps small stack frames.
    mutating func applyInPlace(
        _ keyword: Keyword, of node: Int, on instance: JSONPathValue, into outcome: inout Outcome
    ) {
        switch keyword.kind {
        case .allOf(let branches):
            for (index, branch) in branches.enumerated() {
                outcome.merge(apply(branch, to: instance, keyword: [keyword.name, String(index)]), annotations: true)
            }
        case .anyOf(let branches), .oneOf(let branches):
            applyAlternatives(keyword, branches, of: node, on: instance, into: &outcome)
        case .not(let negated):
            if quietly(negated, instance, keyword: [keyword.name]).isValid { rejectNot(node, into: &outcome) }
        case .conditional(let condition, let then, let otherwise):
            applyConditional(condition, then, otherwise, on: instance, into: &outcome)
        case .ref(let target):
            outcome.merge(apply(target, to: instance, keyword: [keyword.name]), annotations: true)
        case .dynamicRef(let target, let anchor):
            let resolved = anchor.flatMap(dynamicTarget)
            outcome.merge(apply(resolved ?? target, to: instance, keyword: [keyword.name]), annotations: true)
        case .recursiveRef(let target):
            let resolved = recursiveTarget(target)
            outcome.merge(apply(resolved, to: instance, keyword: [keyword.name]), annotations: true)
        case .dependentSchemas(let schemas):
            guard case .object(let object) = instance else { return }
            for (property, schema) in schemas where object[property] != nil {
                outcome.merge(apply(schema, to: instance, keyword: [keyword.name, property]), annotations: true)
            }
        default:
            break
        }
    }

    private func rejectNot(_ node: Int, into outcome: inout Outcome) {
        outcome.fail(failure("the value must not match the schema in not", keyword: "not", node: node))
    }

    /// `anyOf` / `oneOf`: every branch is evaluated (their annotations all count), then the count is judged.
    private mutating func applyAlternatives(
        _ keyword: Keyword, _ branches: [Int], of node: Int, on instance: JSONPathValue,
        into outcome: inout Outcome
    ) {
        let name = keyword.name
        var results: [Outcome] = []
        for (index, branch) in branches.enumerated() {
            results.append(apply(branch, to: instance, keyword: [name, String(index)]))
        }
        let passed = results.indices.filter { results[$0].isValid }
        for index in passed { outcome.merge(results[index], annotations: true) }
        if passed.isEmpty {
            outcome.fail(failure("no subschema of \(name) matched", keyword: name, node: node))
            for detail in Self.deepest(results.flatMap(\.errors)) { outcome.fail(detail) }
        } else if case .oneOf = keyword.kind, passed.count > 1 {
            let list = passed.map(String.init).joined(separator: ", ")
            outcome.fail(failure("\(passed.count) subschemas of oneOf matched (\(list))", keyword: name, node: node))
        }
    }

    private mutating func applyConditional(
        _ condition: Int, _ then: Int?, _ otherwise: Int?, on instance: JSONPathValue, into outcome: inout Outcome
    ) {
        let test = quietly(condition, instance, keyword: ["if"])
        if test.isValid {
            outcome.merge(test, annotations: true)
            if let then { outcome.merge(apply(then, to: instance, keyword: ["then"]), annotations: true) }
        } else if let otherwise {
            outcome.merge(apply(otherwise, to: instance, keyword: ["else"]), annotations: true)
        }
    }

    /// The outermost `$dynamicAnchor` named `anchor` in the dynamic scope.
    private func dynamicTarget(_ anchor: String) -> Int? {
        for resource in scope {
            if let node = program.resources[resource].dynamicAnchors[anchor] { return node }
        }
        return nil
    }

    /// Where `$recursiveRef` lands: the outermost `$recursiveAnchor: true` in scope when its target has one.
    private func recursiveTarget(_ target: Int) -> Int {
        guard program.resources[program.nodes[target].resource].recursiveAnchorNode == target else { return target }
        for resource in scope {
            if let node = program.resources[resource].recursiveAnchorNode { return node }
        }
        return target
    }

    /// The deepest failures among a failed `anyOf`/`oneOf`'s branches, at most `maximumBranchDetails`.
    static func deepest(_ failures: [JSONSchemaFailure]) -> [JSONSchemaFailure] {
        let ranked = failures.enumerated().sorted { lhs, rhs in
            let (left, right) = (depth(lhs.element.instanceLocation), depth(rhs.element.instanceLocation))
            return left != right ? left > right : lhs.offset < rhs.offset
        }
        return ranked.prefix(JSONSchemaLimits.maximumBranchDetails).map(\.element)
    }

    private static func depth(_ pointer: String) -> Int { pointer.utf8.count { $0 == UInt8(ascii: "/") } }
}
