package import Foundation
package import Tern
import Yams

/// YAML text as a `JSONValue` tree, with the workspace loader's limits (nesting, alias expansion)
/// and its positioned errors: importers read YAML sources through it.
package enum YAMLJSON {
    /// The value of `text` (`nil` when it is empty or only comments); `file` names it in errors.
    package static func value(of text: String, file: URL) throws(WorkspaceError) -> JSONValue? {
        guard let node = try YAMLSource.compose(text: text, file: file) else { return nil }
        return convert(node)
    }

    private static func convert(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            return ScalarValue.json(scalar)
        case .sequence(let sequence):
            return .array(sequence.map(convert))
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping {
                object[key.string ?? "\(key)"] = convert(value)
            }
            return .object(object)
        case .alias:
            return .null
        }
    }
}
