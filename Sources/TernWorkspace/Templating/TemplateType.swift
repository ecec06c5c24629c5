import Foundation
import Tern
import TernJSONPath

/// The type a reference asks its value to have: `{{age:number}}`, `{{admin:boolean}}`, `{{tags:json}}`.
///
/// A string that is exactly one typed reference becomes that JSON value where a JSON value is written (a
/// body's `json:`, GraphQL variables, a WebSocket message's `json:`, an expectation's value); inside a longer
/// string the value is checked and inserted as text. A value that does not convert is an error.
enum TemplateType: String, Hashable, Sendable, CaseIterable {
    /// A JSON number (`36`, `-1.5`, `2e3`).
    case number
    /// `true` or `false`.
    case boolean
    /// Any JSON text: an object, an array, a string in quotes, a number, `true`, `false`, `null`.
    case json

    /// The suffixes, for messages: `:number, :boolean or :json`.
    static let listed = ":number, :boolean or :json"

    /// `text` as this type's JSON value, or why it is not one.
    func value(of text: String) -> Result<JSONValue, Mismatch> {
        let trimmed = text.trimmingWhitespace()
        switch self {
        case .boolean:
            switch trimmed {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(Mismatch(expected: "true or false"))
            }
        case .number:
            switch Self.decode(trimmed) {
            case .success(let value) where value.isNumber: return .success(value)
            default: return .failure(Mismatch(expected: "a JSON number"))
            }
        case .json:
            return Self.decode(trimmed).mapError { _ in Mismatch(expected: "JSON text") }
        }
    }

    /// Why a value is not of the type.
    struct Mismatch: Error {
        /// What the type takes (`a JSON number`).
        var expected: String
    }

    private struct NotJSON: Error {}

    private static func decode(_ text: String) -> Result<JSONValue, NotJSON> {
        guard !text.isEmpty, let value = try? JSONPathValue(decoding: text, maxDepth: 64) else {
            return .failure(NotJSON())
        }
        return .success(JSONValue(value))
    }
}

extension JSONValue {
    /// The value with each string replaced by what `transform` makes of it, arrays and objects walked: how
    /// a JSON value's templates are rendered (`connectionParams`, `expect:` values).
    func renderingStrings(_ transform: (String) throws(WorkspaceError) -> JSONValue) throws(WorkspaceError)
        -> JSONValue
    {
        switch self {
        case .string(let text): return try transform(text)
        case .array(let elements):
            var rendered: [JSONValue] = []
            for element in elements { rendered.append(try element.renderingStrings(transform)) }
            return .array(rendered)
        case .object(let members):
            var rendered: [String: JSONValue] = [:]
            for (name, member) in members { rendered[name] = try member.renderingStrings(transform) }
            return .object(rendered)
        default: return self
        }
    }
}

extension JSONValue {
    /// Whether it is a number (integer or not).
    fileprivate var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }
}
