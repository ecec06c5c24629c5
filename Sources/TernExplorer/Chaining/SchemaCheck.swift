import TernJSONPath

/// A JSON Schema check of the subset Tern reads: `type` (a name or a list), `required`,
/// `properties`, `items` (one schema for every element) and `enum`. Other keywords are ignored.
/// Nesting is bounded (64 levels), so a hostile document or schema cannot exhaust the stack.
enum SchemaCheck {
    static let maximumDepth = 64

    /// Where `document` departs from `schema`, as `$.path: problem` sentences (empty: it conforms).
    static func problems(of document: JSONPathValue, against schema: JSONPathValue) -> [String] {
        var problems: [String] = []
        check(document, schema, at: "$", depth: 0, into: &problems)
        return problems
    }

    private static func check(
        _ value: JSONPathValue, _ schema: JSONPathValue, at path: String, depth: Int, into problems: inout [String]
    ) {
        guard problems.count < 20 else { return }
        guard depth < maximumDepth else {
            problems.append("\(path): nested deeper than \(maximumDepth) levels")
            return
        }
        guard case .object(let keywords) = schema else { return }
        if let type = keywords["type"] {
            let names: [String] =
                switch type {
                case .string(let name): [name]
                case .array(let items): items.compactMap { if case .string(let name) = $0 { name } else { nil } }
                default: []
                }
            if !names.isEmpty, !names.contains(where: { JSONChecks.matches(type: $0, value) }) {
                problems.append("\(path): expected \(names.joined(separator: " or ")), found \(value.typeName)")
                return
            }
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            problems.append("\(path): \(Expectations.shortened(value.jsonText)) is not one of the enum's values")
        }
        if case .object(let object) = value {
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where object[name] == nil {
                    problems.append("\(path): required property '\(name)' is missing")
                }
            }
            if case .object(let properties)? = keywords["properties"] {
                for (name, propertySchema) in properties.members {
                    guard let member = object[name] else { continue }
                    check(member, propertySchema, at: "\(path).\(name)", depth: depth + 1, into: &problems)
                }
            }
        }
        if case .array(let items) = value, let itemSchema = keywords["items"] {
            for (index, item) in items.enumerated() {
                check(item, itemSchema, at: "\(path)[\(index)]", depth: depth + 1, into: &problems)
            }
        }
    }
}
