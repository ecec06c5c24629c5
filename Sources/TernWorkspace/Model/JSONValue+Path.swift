package import Tern
package import TernJSONPath

extension JSONValue {
    /// The value as JSONPath and JSON Schema read it (object members in key order).
    package var pathValue: JSONPathValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(Int64(number))
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.pathValue))
        case .object(let members):
            .object(JSONPathObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.pathValue) }))
        }
    }
}
