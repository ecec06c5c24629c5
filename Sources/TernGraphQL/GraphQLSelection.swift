import Foundation
import GraphQL
public import Tern

/// Why an operation cannot be changed by ticking: it holds what the builder would not write back as it is.
public struct GraphQLSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// An operation as the query builder sees it (GraphiQL Explorer's idea): one root field, the fields ticked
/// below it, and the arguments given at each of them. Read from a query, changed one tick at a time, and
/// written back by `GraphQLOutline.operation(_:)`, every argument as a variable.
public struct GraphQLSelection: Sendable, Hashable {
    public var operation: GraphQLOperationKind
    /// The root field's name.
    public var root: String
    /// The operation's name (`nil`: the root field's, capitalised).
    public var name: String?
    /// The ticked paths below the root field, each after the ones it is under: a path is the fields' names
    /// from the root field's result down, `... on Type` for an inline fragment.
    public private(set) var fields: [[String]] = []
    /// The arguments given, by the path of their field (`[]`: the root field's), each with its value.
    public private(set) var arguments: [[String]: [String: JSONValue]] = [:]
    /// The comment lines above the operation, as written (the field's description the tree wrote there).
    public var comments = ""

    /// An operation of `root` with nothing ticked below it.
    public init(operation: GraphQLOperationKind, root: String) {
        self.operation = operation
        self.root = root
    }

    /// The operation `query` writes, the values of its variables read from `variables` (else their defaults);
    /// an error naming what ticking would not keep (aliases, directives, named fragments, several root fields
    /// or operations) or why it does not parse.
    public init(reading query: String, variables: [String: JSONValue]? = nil) throws(GraphQLSelectionError) {
        let document: Document
        do {
            document = try parse(source: query)
        } catch let error as GraphQLError {
            throw GraphQLSelectionError("the query does not parse: " + GraphQLSchemaDocument.describe(error))
        } catch {
            throw GraphQLSelectionError("the query does not parse: \(error)")
        }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let fragment = document.definitions.lazy.compactMap({ $0 as? FragmentDefinition }).first {
            throw GraphQLSelectionError(
                "it uses the fragment \(fragment.name.value), which ticking would write out in place")
        }
        guard operations.count == 1, document.definitions.count == 1, let definition = operations.first else {
            throw GraphQLSelectionError("it holds \(operations.count) operations; the builder changes one")
        }
        guard definition.directives.isEmpty else { throw GraphQLSelectionError("the operation has directives") }
        let fields = definition.selectionSet.selections.compactMap { $0 as? Field }
        guard fields.count == 1, definition.selectionSet.selections.count == 1, let root = fields.first else {
            throw GraphQLSelectionError(
                "it selects \(definition.selectionSet.selections.count) root fields; the builder changes one")
        }
        if let alias = root.alias {
            throw GraphQLSelectionError("it names a field by an alias (\(alias.value): \(root.name.value))")
        }
        self.init(
            operation: GraphQLOperationKind(rawValue: definition.operation.rawValue) ?? .query, root: root.name.value)
        name = definition.name?.value
        var values: [String: JSONValue] = [:]
        for declared in definition.variableDefinitions {
            let variable = declared.variable.name.value
            values[variable] = variables?[variable] ?? declared.defaultValue.map { Self.json($0, [:]) } ?? .null
        }
        comments = Self.leadingComments(query)
        try read(root, at: [], values: values)
    }

    /// The operation's name as written: its own, else the root field's, capitalised (`Books`).
    public var writtenName: String { name ?? (root.prefix(1).uppercased() + root.dropFirst()) }

    /// Whether the field at `path` is ticked (`[]`, the root field, always is).
    public func isTicked(_ path: [String]) -> Bool { path.isEmpty || fields.contains(path) }

    /// Ticks the field at `path` (and those it is under), or unticks it and everything below it.
    public mutating func toggle(field path: [String]) {
        guard !path.isEmpty else { return }
        if fields.contains(path) {
            fields.removeAll { $0.starts(with: path) }
            for key in arguments.keys where key.starts(with: path) { arguments[key] = nil }
            return
        }
        tick(path)
    }

    /// Gives the argument `name` of the field at `path` the value `value` (ticking the field), or takes it
    /// away when it is given.
    public mutating func toggle(argument name: String, at path: [String], value: JSONValue) {
        if arguments[path]?[name] != nil {
            arguments[path]?[name] = nil
            if arguments[path]?.isEmpty == true { arguments[path] = nil }
            return
        }
        set(argument: name, at: path, to: value)
    }

    /// Gives the argument `name` of the field at `path` the value `value`, ticking the field.
    public mutating func set(argument name: String, at path: [String], to value: JSONValue) {
        tick(path)
        arguments[path, default: [:]][name] = value
    }

    /// Ticks `path` and the fields it is under; a placeholder `__typename` above it goes.
    private mutating func tick(_ path: [String]) {
        for length in stride(from: 0, through: path.count, by: 1) {
            let prefix = Array(path.prefix(length))
            if length < path.count { fields.removeAll { $0 == prefix + ["__typename"] } }
            if length > 0, !fields.contains(prefix) { fields.append(prefix) }
        }
    }

    /// Reads the arguments and the selection of `field`, at `path`.
    private mutating func read(_ field: Field, at path: [String], values: [String: JSONValue])
        throws(GraphQLSelectionError)
    {
        guard field.directives.isEmpty else {
            throw GraphQLSelectionError("the field \(field.name.value) has directives")
        }
        for argument in field.arguments {
            arguments[path, default: [:]][argument.name.value] = Self.json(argument.value, values)
        }
        for selection in field.selectionSet?.selections ?? [] {
            try read(selection, under: path, values: values)
        }
    }

    private mutating func read(_ selection: any Selection, under path: [String], values: [String: JSONValue])
        throws(GraphQLSelectionError)
    {
        switch selection {
        case let field as Field:
            if let alias = field.alias {
                throw GraphQLSelectionError("it names a field by an alias (\(alias.value): \(field.name.value))")
            }
            let below = path + [field.name.value]
            if !fields.contains(below) { fields.append(below) }
            try read(field, at: below, values: values)
        case let fragment as InlineFragment:
            guard let type = fragment.typeCondition?.name.value, fragment.directives.isEmpty else {
                throw GraphQLSelectionError("it has an inline fragment with no type or with directives")
            }
            let below = path + ["... on " + type]
            if !fields.contains(below) { fields.append(below) }
            for inner in fragment.selectionSet.selections { try read(inner, under: below, values: values) }
        case let spread as FragmentSpread:
            throw GraphQLSelectionError("it spreads the fragment \(spread.name.value)")
        default:
            throw GraphQLSelectionError("it holds a selection the builder does not know")
        }
    }

    /// A literal's value as JSON, a variable's from `values`.
    static func json(_ value: any Value, _ values: [String: JSONValue]) -> JSONValue {
        switch value {
        case let variable as Variable: return values[variable.name.value] ?? .null
        case let number as IntValue: return Int(number.value).map(JSONValue.int) ?? .string(number.value)
        case let number as FloatValue: return Double(number.value).map(JSONValue.double) ?? .string(number.value)
        case let text as StringValue: return .string(text.value)
        case let flag as BooleanValue: return .bool(flag.value)
        case let enumeration as EnumValue: return .string(enumeration.value)
        case let list as ListValue: return .array(list.values.map { json($0, values) })
        case let object as ObjectValue:
            return .object(
                Dictionary(object.fields.map { ($0.name.value, json($0.value, values)) }) { first, _ in first })
        default: return .null
        }
    }

    /// The `#` lines at the top of `query`, each with its line break.
    static func leadingComments(_ query: String) -> String {
        var kept = ""
        for line in query.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("#") else { break }
            kept += line + "\n"
        }
        return kept
    }
}
