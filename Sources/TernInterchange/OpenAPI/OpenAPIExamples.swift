import Foundation
import OpenAPIKit
import Tern

/// Example values: those a description gives (`AnyCodable`) and those generated from a schema.
struct OpenAPIExamples {
    let components: OpenAPI.Components
    /// How deep a generated value goes; deeper objects and arrays are left empty.
    static let maxDepth = 8
    /// How many values one generation may create in all (wide schemas stay bounded too).
    static let maxNodes = 2000

    /// A description's example as a `JSONValue` (nil for an unrepresentable value).
    static func value(_ any: Any, depth: Int = 0) -> JSONValue? {
        guard depth < 64 else { return nil }
        switch any {
        case is NSNull, is Void: return .null
        case let value as Bool: return .bool(value)
        case let value as Int: return .int(value)
        case let value as UInt: return value <= UInt(Int.max) ? .int(Int(value)) : .double(Double(value))
        case let value as Double: return .double(value)
        case let value as String: return .string(value)
        case let value as Date: return .string(ISO8601DateFormatter().string(from: value))
        case let value as [Any]: return .array(value.compactMap { self.value($0, depth: depth + 1) })
        case let value as [String: Any]:
            return .object(value.compactMapValues { self.value($0, depth: depth + 1) })
        case let value as AnyCodable: return self.value(value.value, depth: depth + 1)
        default: return nil
        }
    }

    /// The first example a schema carries (3.1 `examples`, 3.0 `example`), following a `$ref`.
    func schemaExample(_ schema: JSONSchema) -> JSONValue? {
        let resolved = components[schema] ?? schema
        if let first = resolved.examples.first { return Self.value(first.value) }
        return nil
    }

    /// A value generated from `schema`: examples, defaults and enums first, else one per type and format.
    func generate(_ schema: JSONSchema) -> JSONValue {
        var budget = Self.maxNodes
        var visiting: [String] = []
        return generate(schema, depth: 0, budget: &budget, visiting: &visiting)
    }

    private func generate(
        _ schema: JSONSchema, depth: Int, budget: inout Int, visiting: inout [String]
    ) -> JSONValue {
        budget -= 1
        guard budget > 0 else { return .null }
        if case .reference(let reference, _) = schema.value {
            let name = reference.absoluteString
            guard !visiting.contains(name), let target = components[schema] else { return .null }
            visiting.append(name)
            defer { visiting.removeLast() }
            return generate(target, depth: depth, budget: &budget, visiting: &visiting)
        }
        if let first = schema.examples.first, let value = Self.value(first.value) { return value }
        if let value = schema.defaultValue.flatMap({ Self.value($0.value) }) { return value }
        if let value = schema.allowedValues?.first.flatMap({ Self.value($0.value) }) { return value }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(true)
        case .integer(_, let context): return .int(context.minimum.map { $0.value } ?? 0)
        case .number(_, let context): return .double(context.minimum.map { $0.value } ?? 0)
        case .string(let core, _): return .string(Self.string(format: core.format.rawValue))
        case .array(_, let context):
            guard depth < Self.maxDepth, let items = context.items else { return .array([]) }
            return .array([generate(items, depth: depth + 1, budget: &budget, visiting: &visiting)])
        case .object(_, let context):
            guard depth < Self.maxDepth else { return .object([:]) }
            var out: [String: JSONValue] = [:]
            for (name, property) in context.properties where budget > 0 {
                out[name] = generate(property, depth: depth + 1, budget: &budget, visiting: &visiting)
            }
            return .object(out)
        case .all(let schemas, _):
            var merged: [String: JSONValue] = [:]
            for part in schemas {
                let value = generate(part, depth: depth, budget: &budget, visiting: &visiting)
                guard case .object(let object) = value else {
                    if merged.isEmpty { return value }
                    continue
                }
                merged.merge(object, uniquingKeysWith: { first, _ in first })
            }
            return .object(merged)
        case .one(let schemas, _), .any(let schemas, _):
            guard let first = schemas.first else { return .null }
            return generate(first, depth: depth, budget: &budget, visiting: &visiting)
        case .not, .fragment, .reference: return .null
        }
    }

    /// A sample string for a format.
    static func string(format: String) -> String {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "time": "00:00:00Z"
        case "uuid": "00000000-0000-0000-0000-000000000000"
        case "email": "user@example.com"
        case "uri", "url", "uri-reference": "https://example.com"
        case "hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "byte": "U3dhZ2dlcg=="
        case "binary": ""
        case "password": "password"
        default: "string"
        }
    }
}
