import Foundation
import Yams

/// Real-world descriptions that bend the rules import what they can: a schema OpenAPIKit cannot read
/// is read as "any value", an operation it cannot read is left out, each with one warning naming the
/// JSON pointer, as Swagger UI and Postman do. Only a document with nothing usable left fails.
///
/// The source is turned into a JSON tree once, on the first failure; each failure's coding path says
/// what to repair, and the tree is decoded again, at most `maximumRepairs` times.
enum OpenAPILeniency {
    /// The most repairs one document gets before the import gives up.
    static let maximumRepairs = 200

    /// Keys whose value is a schema (`schema`, `items`, ...), and keys whose members are schemas
    /// (`properties`, `components/schemas`, ...).
    private static let schemaKeys: Set<String> = ["schema", "items", "additionalProperties", "not"]
    private static let schemaMaps: Set<String> = ["schemas", "properties", "patternProperties", "definitions"]
    private static let schemaLists: Set<String> = ["allOf", "anyOf", "oneOf"]
    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The JSON tree of a source: JSON as it is, YAML through Yams (strings that look like dates stay strings).
    static func tree(text: String, data: Data, isJSON: Bool) -> Any? {
        if isJSON { return try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
        let resolver = Resolver.default.removing(.timestamp)
        // Yams traps building a value from a mapping whose key is not a scalar (`[a]: b`, `? {a: b}`): such
        // a document has no JSON tree, and its import fails with the error that brought it here.
        guard let node = try? Yams.compose(yaml: text, resolver), hasScalarKeysOnly(node) else { return nil }
        return jsonSafe(node.any)
    }

    /// Whether every mapping key in `root` is a scalar (a walk no longer than building the value is).
    private static func hasScalarKeysOnly(_ root: Node) -> Bool {
        var pending = [root]
        while let node = pending.popLast() {
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    guard String.construct(from: key) != nil else { return false }
                    pending.append(value)
                }
            case .sequence(let sequence):
                pending.append(contentsOf: sequence)
            case .scalar, .alias:
                continue
            }
        }
        return true
    }

    /// `value` with what JSON cannot hold (YAML's binary, non-string keys) made into strings.
    private static func jsonSafe(_ value: Any) -> Any {
        switch value {
        case let object as [AnyHashable: Any]:
            var out: [String: Any] = [:]
            for (key, member) in object { out["\(key)"] = jsonSafe(member) }
            return out
        case let list as [Any]: return list.map(jsonSafe)
        case is String, is Int, is Double, is Bool, is NSNull: return value
        case let data as Data: return data.base64EncodedString()
        default: return "\(value)"
        }
    }

    /// The repair for a failure at `path`, made in `tree`: the warning to give, or `nil` when the failure
    /// is not in a schema or an operation (the document's frame: `info`, `servers`, the version).
    static func repair(_ tree: inout Any, at path: [String], problem: String, pointer: (([String]) -> String))
        -> String?
    {
        var problem = problem
        while problem.hasSuffix(".") { problem.removeLast() }
        // The deepest schema position on the path: read as any value.
        var end = path.count
        while end > 0 {
            let key = path[end - 1]
            let parent = end >= 2 ? path[end - 2] : nil
            let isSchema =
                schemaKeys.contains(key) || parent.map(schemaMaps.contains) == true
                || parent.map(schemaLists.contains) == true
            if isSchema, replace(&tree, at: path[..<end], with: [String: Any]()) {
                return "\(pointer(Array(path[..<end]))): \(problem); the schema is read as any value"
            }
            end -= 1
        }
        // Else the operation (or the path) that holds it is left out.
        if path.count >= 2, path[0] == "paths" {
            if path.count >= 3, methods.contains(path[2].lowercased()),
                replace(&tree, at: path[..<3], with: nil)
            {
                return "\(pointer(Array(path[..<3]))): \(problem); the operation is not imported"
            }
            if replace(&tree, at: path[..<2], with: nil) {
                return "\(pointer(Array(path[..<2]))): \(problem); the path is not imported"
            }
        }
        return nil
    }

    /// Sets (or, with `nil`, removes) the node at `path`; whether it was there.
    private static func replace(_ node: inout Any, at path: ArraySlice<String>, with value: Any?) -> Bool {
        guard let key = path.first else { return false }
        let rest = path.dropFirst()
        if var object = node as? [String: Any] {
            guard object[key] != nil else { return false }
            if rest.isEmpty {
                object[key] = value
            } else {
                guard var child = object[key], replace(&child, at: rest, with: value) else { return false }
                object[key] = child
            }
            node = object
            return true
        }
        if var list = node as? [Any], let index = Int(key), list.indices.contains(index) {
            if rest.isEmpty {
                if let value { list[index] = value } else { list.remove(at: index) }
            } else {
                var child = list[index]
                guard replace(&child, at: rest, with: value) else { return false }
                list[index] = child
            }
            node = list
            return true
        }
        return false
    }

    /// Whether the tree still has an operation to import.
    static func hasOperations(_ tree: Any) -> Bool {
        guard let paths = (tree as? [String: Any])?["paths"] as? [String: Any] else { return false }
        return paths.values.contains { item in
            ((item as? [String: Any])?.keys.contains { methods.contains($0.lowercased()) }) == true
        }
    }
}
