import TernJSONPath

extension Evaluator {
    /// Keywords that apply subschemas to an object's members.
    mutating func applyToMembers(
        _ keyword: Keyword, of node: Int, on object: JSONPathObject, into outcome: inout Outcome
    ) {
        let name = keyword.name
        switch keyword.kind {
        case .properties(let properties):
            for (property, schema) in properties {
                guard let value = object[property] else { continue }
                outcome.merge(
                    apply(schema, to: value, keyword: [name, property], member: property), annotations: false)
                outcome.evaluated.properties.insert(property)
            }
        case .patternProperties(let patterns):
            applyPatternProperties(patterns, keyword: name, of: node, on: object, into: &outcome)
        case .additionalProperties(let schema, let named, let patterns):
            for (property, value) in object.members where !named.contains(property) {
                if patterns.contains(where: { Self.matches($0, property) }) { continue }
                applyToLeftover(schema, property, value, keyword: name, node: node, into: &outcome)
            }
        case .unevaluatedProperties(let schema):
            for (property, value) in object.members where !outcome.evaluated.contains(property: property) {
                applyToLeftover(schema, property, value, keyword: name, node: node, into: &outcome)
            }
        case .propertyNames(let schema):
            applyPropertyNames(schema, keyword: name, on: object, into: &outcome)
        default:
            break
        }
    }

    /// Applies `additionalProperties` / `unevaluatedProperties` to one member, naming it when the schema is `false`.
    private mutating func applyToLeftover(
        _ schema: Int, _ property: String, _ value: JSONPathValue, keyword: String, node: Int,
        into outcome: inout Outcome
    ) {
        outcome.evaluated.properties.insert(property)
        if isFalse(schema) {
            let kind = keyword == "additionalProperties" ? "additional" : "unevaluated"
            outcome.fail(
                failure("\(kind) property '\(property)' is not allowed", keyword: keyword, node: node, member: property)
            )
        } else {
            outcome.merge(apply(schema, to: value, keyword: [keyword], member: property), annotations: false)
        }
    }

    private mutating func applyPatternProperties(
        _ patterns: [(SchemaPattern, Int)], keyword: String, of node: Int, on object: JSONPathObject,
        into outcome: inout Outcome
    ) {
        for (property, value) in object.members {
            for (pattern, schema) in patterns {
                switch pattern.regex.firstMatch(in: property) {
                case .found:
                    let result = apply(schema, to: value, keyword: [keyword, pattern.source], member: property)
                    outcome.merge(result, annotations: false)
                    outcome.evaluated.properties.insert(property)
                case .none:
                    break
                case .stopped, .inputTooLong:
                    outcome.fail(failure(Self.unmatchable(pattern), keyword: keyword, node: node, member: property))
                }
            }
        }
    }

    private mutating func applyPropertyNames(
        _ schema: Int, keyword: String, on object: JSONPathObject, into outcome: inout Outcome
    ) {
        for property in object.keys {
            let result = apply(schema, to: .string(property), keyword: [keyword])
            guard !result.isValid else { continue }
            var renamed = result
            renamed.errors = result.errors.map { $0.withMessage("property name '\(property)': \($0.message)") }
            outcome.merge(renamed, annotations: false)
        }
    }

    /// Whether `pattern` matches `text` (a stopped match counts as one, so the member is not "additional").
    private static func matches(_ pattern: SchemaPattern, _ text: String) -> Bool {
        switch pattern.regex.firstMatch(in: text) {
        case .found, .stopped, .inputTooLong: return true
        case .none: return false
        }
    }

    /// Why a pattern could not be matched within its limits.
    static func unmatchable(_ pattern: SchemaPattern) -> String {
        "/\(pattern.source)/ could not be matched within \(JSONSchemaLimits.regexTimeLimit) and "
            + "\(JSONSchemaLimits.maximumRegexInput) bytes, so the value is refused"
    }

    /// Keywords that apply subschemas to an array's items.
    mutating func applyToItems(_ keyword: Keyword, of node: Int, on items: [JSONPathValue], into outcome: inout Outcome)
    {
        let name = keyword.name
        switch keyword.kind {
        case .prefixItems(let schemas):
            for (index, schema) in zip(items.indices, schemas) {
                let token = String(index)
                outcome.merge(
                    apply(schema, to: items[index], keyword: [name, token], member: token), annotations: false)
            }
            outcome.evaluated.itemPrefix = max(outcome.evaluated.itemPrefix, min(schemas.count, items.count))
        case .items(let schema, let start):
            applyToRest(schema, of: items, from: start, keyword: name, node: node, into: &outcome)
        case .unevaluatedItems(let schema):
            applyToRest(schema, of: items, from: 0, keyword: name, node: node, into: &outcome)
        case .contains(let schema, let minimum, let maximum, let annotates):
            applyContains(
                schema, minimum: minimum, maximum: maximum, annotates: annotates, keyword: name, of: node, on: items,
                into: &outcome)
        default:
            break
        }
    }

    /// Applies `items` / `additionalItems` / `unevaluatedItems` to the items from `start` on (skipping the
    /// evaluated ones for `unevaluatedItems`), naming each item when the schema is `false`.
    private mutating func applyToRest(
        _ schema: Int, of items: [JSONPathValue], from start: Int, keyword: String, node: Int,
        into outcome: inout Outcome
    ) {
        let unevaluatedOnly = keyword == "unevaluatedItems"
        for index in items.indices where index >= start {
            if unevaluatedOnly && outcome.evaluated.contains(item: index) { continue }
            let token = String(index)
            if isFalse(schema) {
                let kind = unevaluatedOnly ? "unevaluated item" : "item"
                outcome.fail(failure("\(kind) \(index) is not allowed", keyword: keyword, node: node, member: token))
            } else {
                outcome.merge(apply(schema, to: items[index], keyword: [keyword], member: token), annotations: false)
            }
        }
        outcome.evaluated.allItems = outcome.evaluated.allItems || items.count > start
    }

    private mutating func applyContains(
        _ schema: Int, minimum: Int, maximum: Int?, annotates: Bool, keyword: String, of node: Int,
        on items: [JSONPathValue], into outcome: inout Outcome
    ) {
        var matched: [Int] = []
        for (index, item) in items.enumerated() where quietly(schema, item, keyword: [keyword]).isValid {
            matched.append(index)
        }
        if annotates { outcome.evaluated.items.formUnion(matched) }
        if matched.count < minimum {
            let message =
                minimum == 1
                ? "no item matches the contains schema"
                : "\(matched.count) items match the contains schema, fewer than minContains \(minimum)"
            outcome.fail(failure(message, keyword: minimum == 1 ? keyword : "minContains", node: node))
        }
        if let maximum, matched.count > maximum {
            let message = "\(matched.count) items match the contains schema, more than maxContains \(maximum)"
            outcome.fail(failure(message, keyword: "maxContains", node: node))
        }
    }
}
