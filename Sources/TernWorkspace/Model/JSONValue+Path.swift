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

extension JSONValue {
    /// The value of a JSON document as read by `TernJSONPath` (an integer beyond `Int` as a double).
    package init(_ value: JSONPathValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = Int(exactly: number).map(JSONValue.int) ?? .double(Double(number))
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members):
            self = .object(Dictionary(members.members.map { ($0.0, JSONValue($0.1)) }, uniquingKeysWith: { $1 }))
        }
    }
}
