import Foundation
import Tern

/// A value in a parsed document with its JSON pointer (`#/item/3/request`), so errors say where.
struct JSONNode {
    /// The value.
    let value: JSONValue
    /// Where it is.
    let pointer: String

    /// A node; the root's pointer is `#`.
    init(_ value: JSONValue, pointer: String = "#") {
        self.value = value
        self.pointer = pointer
    }

    /// The member `key` of an object (nil when absent, `null`, or this is not an object).
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value, let member = members[key], member != .null else { return nil }
        return JSONNode(member, pointer: pointer + "/" + Self.escape(key))
    }

    /// The string, or nil for anything else.
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// A scalar as text (numbers and booleans written as JSON writes them), nil for containers.
    var text: String? { value.scalarText }

    /// A boolean, also when written as the string `"true"`/`"false"`.
    var bool: Bool? {
        switch value {
        case .bool(let flag): flag
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }

    /// Whether this is an object.
    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    /// The elements of an array with their pointers, or nil for anything else.
    var elements: [JSONNode]? {
        guard case .array(let items) = value else { return nil }
        return items.enumerated().map { JSONNode($1, pointer: pointer + "/\($0)") }
    }

    /// The member `key` as a list: absent is empty; anything but an array is an error at it.
    func list(_ key: String) throws(ImportError) -> [JSONNode] {
        guard let member = self[key] else { return [] }
        guard let elements = member.elements else {
            throw ImportError("'\(key)' must be a list, not \(member.kind)", at: member.pointer)
        }
        return elements
    }

    /// The member `key` when it is a string or a scalar, else nil.
    func text(_ key: String) -> String? { self[key]?.text }

    /// How the value's type is called in errors.
    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// A pointer token: `~` and `/` escaped (RFC 6901).
    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
