import Foundation
import GraphQL
import OrderedCollections
import Tern
import TernWorkspace

/// The variables of an operation checked against the types it declares, as graphql-js coerces them before
/// running it (`getVariableValues`): a required variable given, no null where one is not allowed, each value
/// of its scalar, enum, list or input-object type.
struct VariableValues {
    /// The deepest value read (lists and input objects nested) before the check stops going down.
    static let maximumDepth = 64

    let schema: GraphQLSchema

    /// What is wrong with `values` for `operation`'s variables; empty when they coerce.
    func problems(of operation: OperationDefinition, values: [String: JSONValue]?) -> [GraphQLProblem] {
        var problems: [GraphQLProblem] = []
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            let token = definition.loc?.startToken
            func problem(_ message: String) {
                problems.append(
                    GraphQLProblem(message: message, line: token?.line ?? 0, column: token?.column ?? 0, variable: name)
                )
            }
            guard let type = inputType(definition.type) else { continue }
            let written = Self.written(definition.type)
            guard let value = values?[name] else {
                if type is GraphQLNonNull, definition.defaultValue == nil {
                    problem("Variable \"$\(name)\" of required type \"\(written)\" was not provided.")
                }
                continue
            }
            if value == .null, type is GraphQLNonNull {
                problem("Variable \"$\(name)\" of non-null type \"\(written)\" must not be null.")
                continue
            }
            var reasons: [String] = []
            coerce(value, to: type, path: "", depth: 0, reasons: &reasons)
            for reason in reasons {
                problem("Variable \"$\(name)\" got invalid value \(Self.text(of: value)); \(reason)")
            }
        }
        return problems
    }

    private func inputType(_ type: any GraphQL.`Type`) -> (any GraphQLInputType)? {
        switch type {
        case let nonNull as NonNullType:
            return inputType(nonNull.type).flatMap { try? GraphQLNonNull($0) }
        case let list as ListType:
            return inputType(list.type).map { GraphQLList($0) }
        case let named as NamedType:
            return schema.getType(name: named.name.value) as? any GraphQLInputType
        default:
            return nil
        }
    }

    private static func written(_ type: any GraphQL.`Type`) -> String {
        switch type {
        case let nonNull as NonNullType: written(nonNull.type) + "!"
        case let list as ListType: "[" + written(list.type) + "]"
        case let named as NamedType: named.name.value
        default: "?"
        }
    }

    private func coerce(
        _ value: JSONValue, to type: any GraphQLInputType, path: String, depth: Int, reasons: inout [String]
    ) {
        let at = path.isEmpty ? "" : " at \"value\(path)\""
        guard depth < Self.maximumDepth else {
            reasons.append("Value nests deeper than \(Self.maximumDepth) levels\(at).")
            return
        }
        if let nonNull = type as? GraphQLNonNull {
            guard value != .null, let inner = nonNull.ofType as? any GraphQLInputType else {
                reasons.append("Expected non-nullable type \"\(nonNull)\" not to be null\(at).")
                return
            }
            coerce(value, to: inner, path: path, depth: depth + 1, reasons: &reasons)
            return
        }
        if value == .null { return }
        switch type {
        case let list as GraphQLList:
            guard let item = list.ofType as? any GraphQLInputType else { return }
            if case .array(let items) = value {
                for (index, element) in items.enumerated() {
                    coerce(element, to: item, path: path + "[\(index)]", depth: depth + 1, reasons: &reasons)
                }
            } else {
                coerce(value, to: item, path: path, depth: depth + 1, reasons: &reasons)
            }
        case let object as GraphQLInputObjectType:
            coerce(value, to: object, path: path, depth: depth, reasons: &reasons)
        case let enumeration as GraphQLEnumType:
            let names = enumeration.values.map(\.name)
            guard case .string(let text) = value, names.contains(text) else {
                let shown = Self.text(of: value)
                let hint: String
                if case .string(let text) = value {
                    hint = didYouMean(Suggestions.closeMatches(to: text, in: names), "the enum value")
                } else {
                    hint = ""
                }
                reasons.append(
                    "Value \(shown) does not exist in \"\(enumeration.name)\" enum.\(hint)\(at.isEmpty ? "" : at)")
                return
            }
        case let scalar as GraphQLScalarType:
            if let reason = Self.scalarProblem(value, scalar.name) { reasons.append(reason + at) }
        default:
            return
        }
    }

    private func coerce(
        _ value: JSONValue, to object: GraphQLInputObjectType, path: String, depth: Int, reasons: inout [String]
    ) {
        let at = path.isEmpty ? "" : " at \"value\(path)\""
        guard case .object(let given) = value else {
            reasons.append("Expected type \"\(object.name)\" to be an object\(at).")
            return
        }
        guard let fields = try? object.fields() else { return }
        for (name, field) in fields {
            if let fieldValue = given[name] {
                coerce(fieldValue, to: field.type, path: path + ".\(name)", depth: depth + 1, reasons: &reasons)
            } else if field.type is GraphQLNonNull, field.defaultValue == nil {
                reasons.append("Field \"\(name)\" of required type \"\(field.type)\" was not provided\(at).")
            }
        }
        for name in given.keys.sorted() where fields[name] == nil {
            let hint = didYouMean(Suggestions.closeMatches(to: name, in: Array(fields.keys)))
            reasons.append("Field \"\(name)\" is not defined by type \"\(object.name)\".\(hint)\(at)")
        }
    }

    /// Why `value` is not a value of the standard scalar `name`; custom scalars take any value.
    static func scalarProblem(_ value: JSONValue, _ name: String) -> String? {
        let shown = text(of: value)
        switch (name, value) {
        case ("Int", .int(let number)):
            return Int64(number) >= Int64(Int32.min) && Int64(number) <= Int64(Int32.max)
                ? nil : "Int cannot represent non 32-bit signed integer value: \(shown)"
        case ("Int", .double(let number)):
            guard number.rounded() == number, number.isFinite else {
                return "Int cannot represent non-integer value: \(shown)"
            }
            return number >= Double(Int32.min) && number <= Double(Int32.max)
                ? nil : "Int cannot represent non 32-bit signed integer value: \(shown)"
        case ("Int", _): return "Int cannot represent non-integer value: \(shown)"
        case ("Float", .int), ("Float", .double): return nil
        case ("Float", _): return "Float cannot represent non numeric value: \(shown)"
        case ("String", .string): return nil
        case ("String", _): return "String cannot represent a non string value: \(shown)"
        case ("Boolean", .bool): return nil
        case ("Boolean", _): return "Boolean cannot represent a non boolean value: \(shown)"
        case ("ID", .string), ("ID", .int): return nil
        case ("ID", .double(let number)) where number.rounded() == number && number.isFinite: return nil
        case ("ID", _): return "ID cannot represent value: \(shown)"
        default: return nil
        }
    }

    /// `value` as graphql-js prints it in a message (JSON).
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case .string(let text): "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .array(let items): "[" + items.map(text(of:)).joined(separator: ", ") + "]"
        case .object(let object):
            "{ " + object.keys.sorted().map { "\($0): " + text(of: object[$0] ?? .null) }.joined(separator: ", ") + " }"
        }
    }
}

/// graphql-js's `didYouMean`: `" Did you mean "a", "b", or "c"?"`, or an empty string.
func didYouMean(_ suggestions: [String], _ subject: String = "") -> String {
    guard !suggestions.isEmpty else { return "" }
    let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
    let list: String
    switch quoted.count {
    case 1: list = quoted[0]
    case 2: list = quoted[0] + " or " + quoted[1]
    default: list = quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1]
    }
    return " Did you mean " + (subject.isEmpty ? "" : subject + " ") + list + "?"
}
