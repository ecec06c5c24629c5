import Foundation
import GraphQL
public import Tern

/// One field of a type: of a root type (`Query`, `Mutation`, `Subscription`), what a schema browser lists
/// and an operation can start from; of another, what the query builder ticks below it.
public struct GraphQLRootField: Sendable, Hashable {
    /// One argument of the field.
    public struct Argument: Sendable, Hashable {
        public var name: String
        /// The type as written (`ID!`, `[Genre!]`).
        public var type: String
        /// Whether it must be given: non-null, with no default.
        public var required: Bool
        public var description: String?
    }

    /// The root type it is a field of (`.query` for a field of another type).
    public var operation: GraphQLOperationKind
    public var name: String
    public var arguments: [Argument]
    /// The type it returns, as written (`[Book!]!`).
    public var type: String
    public var description: String?
    /// Why it is deprecated, when it is.
    public var deprecation: String?
}

/// A schema's root fields, and operations written from them: the schema browser's and the query builder's
/// view of a `GraphQLSchemaDocument`, read from the types' definitions.
public struct GraphQLOutline: Sendable {
    let document: GraphQLSchemaDocument

    /// The outline of `document`.
    public init(_ document: GraphQLSchemaDocument) {
        self.document = document
    }

    /// The fields of `Query`, then `Mutation`, then `Subscription`, each in the schema's order.
    public var rootFields: [GraphQLRootField] {
        let schema = document.schema
        let roots: [(GraphQLOperationKind, GraphQLObjectType?)] = [
            (.query, schema.queryType), (.mutation, schema.mutationType), (.subscription, schema.subscriptionType),
        ]
        return roots.flatMap { kind, type -> [GraphQLRootField] in
            guard let type else { return [] }
            return fields(of: type.name).map { field in
                var field = field
                field.operation = kind
                return field
            }
        }
    }

    /// An operation that starts from `field`: its required arguments as variables (`$id: ID!`), its result's
    /// leaf fields selected (those that need no argument; `__typename` when it has none, a union's
    /// members' own leaves through inline fragments), and the variables given a value of their type to fill
    /// in (`""`, `0`, `false`, an enum's first value, an input object's required fields).
    public func template(for field: GraphQLRootField) -> (query: String, variables: JSONValue?) {
        let required = field.arguments.filter(\.required)
        let name = field.name.prefix(1).uppercased() + field.name.dropFirst()
        var header = "\(field.operation.rawValue) \(name)"
        if !required.isEmpty {
            header += "(" + required.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        }
        var call = field.name
        if !required.isEmpty {
            call += "(" + required.map { "\($0.name): $\($0.name)" }.joined(separator: ", ") + ")"
        }
        var lines = [header + " {"]
        let selection = self.selection(of: Self.namedType(field.type), indent: "    ", depth: 0)
        lines.append("  " + call + (selection.isEmpty ? "" : " {"))
        if !selection.isEmpty {
            lines += selection
            lines.append("  }")
        }
        lines.append("}")
        var variables: [String: JSONValue] = [:]
        for argument in required { variables[argument.name] = sample(of: argument.type, depth: 0) }
        return (lines.joined(separator: "\n") + "\n", variables.isEmpty ? nil : .object(variables))
    }

    /// The leaf fields of the named type `name` as selection lines (at most 12), a union's through fragments.
    private func selection(of name: String, indent: String, depth: Int) -> [String] {
        guard let type = document.schema.getType(name: name) else { return [] }
        if type is GraphQLScalarType || type is GraphQLEnumType { return [] }
        if let union = type as? GraphQLUnionType {
            var lines = [indent + "__typename"]
            guard depth == 0 else { return lines }
            for member in ((try? union.types()) ?? []).prefix(6) {
                let inner = selection(of: member.name, indent: indent + "  ", depth: depth + 1)
                guard !inner.isEmpty else { continue }
                lines.append(indent + "... on \(member.name) {")
                lines += inner
                lines.append(indent + "}")
            }
            return lines
        }
        let fields: [FieldDefinition] =
            switch type {
            case let object as GraphQLObjectType: object.astNode?.fields ?? []
            case let interface as GraphQLInterfaceType: interface.astNode?.fields ?? []
            default: []
            }
        let leaves = fields.filter { field in
            let named = document.schema.getType(name: Self.namedType(print(ast: field.type)))
            let needsArgument = field.arguments.contains { $0.type is NonNullType && $0.defaultValue == nil }
            return (named is GraphQLScalarType || named is GraphQLEnumType) && !needsArgument
                && Self.deprecation(field.directives) == nil
        }
        guard !leaves.isEmpty else { return [indent + "__typename"] }
        return leaves.prefix(12).map { indent + $0.name.value }
    }

    /// The fields of the object or interface type `name` (none for another kind), in the schema's order.
    public func fields(of name: String) -> [GraphQLRootField] {
        let definitions: [FieldDefinition] =
            switch document.schema.getType(name: name) {
            case let object as GraphQLObjectType: object.astNode?.fields ?? []
            case let interface as GraphQLInterfaceType: interface.astNode?.fields ?? []
            default: []
            }
        return definitions.map { field in
            GraphQLRootField(
                operation: .query, name: field.name.value,
                arguments: field.arguments.map { argument in
                    GraphQLRootField.Argument(
                        name: argument.name.value, type: print(ast: argument.type),
                        required: argument.type is NonNullType && argument.defaultValue == nil,
                        description: argument.description?.value)
                },
                type: print(ast: field.type), description: field.description?.value,
                deprecation: Self.deprecation(field.directives))
        }
    }

    /// The object types an interface or a union type `name` may be (none for another kind), by name.
    public func possibleTypes(of name: String) -> [String] {
        guard let type = document.schema.getType(name: name) as? any GraphQLAbstractType else { return [] }
        return document.schema.getPossibleTypes(abstractType: type).map(\.name)
    }

    /// Whether the named type `name` has fields to select (an object, an interface or a union).
    public func isComposite(_ name: String) -> Bool {
        let type = document.schema.getType(name: name)
        return type is GraphQLObjectType || type is GraphQLInterfaceType || type is GraphQLUnionType
    }

    /// The root field `name` of `operation`'s root type.
    public func rootField(_ operation: GraphQLOperationKind, _ name: String) -> GraphQLRootField? {
        rootFields.first { $0.operation == operation && $0.name == name }
    }

    /// The field at `path` below the root field `root` (`... on Type` segments choose a type; `[]`: `root`
    /// itself), or `nil` when the schema has none there.
    public func field(_ root: GraphQLRootField, at path: [String]) -> GraphQLRootField? {
        var current = root
        var type = Self.namedType(root.type)
        for segment in path {
            if segment.hasPrefix("... on ") {
                type = String(segment.dropFirst("... on ".count))
                continue
            }
            guard let next = fields(of: type).first(where: { $0.name == segment }) else { return nil }
            current = next
            type = Self.namedType(next.type)
        }
        return current
    }

    /// A value of the input type written `type` to fill in.
    public func sample(of type: String) -> JSONValue { sample(of: type, depth: 0) }

    /// A value of the input type written `type` to fill in.
    private func sample(of type: String, depth: Int) -> JSONValue {
        if type.hasPrefix("[") { return .array([]) }
        let name = Self.namedType(type)
        switch name {
        case "Int": return .int(0)
        case "Float": return .double(0)
        case "Boolean": return .bool(false)
        case "String", "ID": return .string("")
        default: break
        }
        switch document.schema.getType(name: name) {
        case let enumeration as GraphQLEnumType:
            return enumeration.values.first.map { .string($0.name) } ?? .null
        case let input as GraphQLInputObjectType:
            guard depth < 3 else { return .object([:]) }
            var object: [String: JSONValue] = [:]
            for field in input.astNode?.fields ?? [] where field.type is NonNullType && field.defaultValue == nil {
                object[field.name.value] = sample(of: print(ast: field.type), depth: depth + 1)
            }
            return .object(object)
        default:
            return .string("")
        }
    }

    /// `Book` for `[Book!]!`.
    public static func namedType(_ written: String) -> String {
        String(written.filter { $0 != "[" && $0 != "]" && $0 != "!" })
    }

    /// The reason of a `@deprecated` directive, `"No longer supported"` when it gives none.
    static func deprecation(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        if let reason = directive.arguments.first(where: { $0.name.value == "reason" })?.value as? StringValue {
            return reason.value
        }
        return "No longer supported"
    }
}
