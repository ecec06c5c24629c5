import TernGraphQL

/// What the TUI's tree shows of a GraphQL target: the root fields of its schema (`Query`, `Mutation`,
/// `Subscription`), the fields of the types below them (the query builder's rows), and where the schema came
/// from.
package struct GraphQLCatalog: Sendable, Hashable {
    /// A field, as the tree lists it.
    package struct Field: Sendable, Hashable {
        /// `query`, `mutation` or `subscription` for a root field, empty for a field of another type.
        package var operation: String
        package var name: String
        /// The type it returns, as written (`[Book!]!`).
        package var type: String
        /// Why it is deprecated, when it is.
        package var deprecation: String?
        /// Its arguments: name, type as written, whether it must be given.
        package var arguments: [Argument] = []
        /// Whether its type has fields to select (an object, an interface or a union).
        package var composite = false
        /// What the schema says it is.
        package var description: String? = nil
    }

    /// An argument of a field.
    package struct Argument: Sendable, Hashable {
        package var name: String
        /// Its type as written (`ID!`).
        package var type: String
        package var required: Bool
        package var description: String? = nil
    }

    /// What can be selected below a field of a composite type.
    package struct Selectable: Sendable, Hashable {
        /// The type's fields (none for a union).
        package var fields: [Field]
        /// The object types an interface or a union may be, for `... on Type`.
        package var possibleTypes: [String]
    }

    package var target: String
    package var fields: [Field]
    /// `.tern/graphql/shop.graphql`, `schema.graphql`.
    package var origin: String
    /// The composite types' fields, by type name.
    package var types: [String: Selectable] = [:]

    /// The catalog of `outline`'s schema for `target`.
    init(target: String, outline: GraphQLOutline, typeNames: [String], origin: String) {
        self.target = target
        self.origin = origin
        fields = outline.rootFields.map { Self.field($0, outline: outline, root: true) }
        for name in typeNames where outline.isComposite(name) {
            types[name] = Selectable(
                fields: outline.fields(of: name).map { Self.field($0, outline: outline, root: false) },
                possibleTypes: outline.possibleTypes(of: name))
        }
    }

    private static func field(_ field: GraphQLRootField, outline: GraphQLOutline, root: Bool) -> Field {
        Field(
            operation: root ? field.operation.rawValue : "", name: field.name, type: field.type,
            deprecation: field.deprecation,
            arguments: field.arguments.map {
                Argument(name: $0.name, type: $0.type, required: $0.required, description: $0.description)
            },
            composite: outline.isComposite(namedType(field.type)), description: field.description)
    }

    /// `Book` for `[Book!]!`.
    package static func namedType(_ written: String) -> String { GraphQLOutline.namedType(written) }

    /// The field's signature, description, arguments and deprecation as GraphQL comments (`# …` lines), for
    /// the top of an operation written from it: what the field does, read where the operation is edited.
    static func comments(for field: GraphQLRootField) -> String {
        var signature = field.name
        if !field.arguments.isEmpty {
            signature += "(" + field.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        }
        var lines = ["\(field.operation.rawValue) \(signature): \(field.type)"]
        if let description = field.description { lines += description.split(separator: "\n").map(String.init) }
        for argument in field.arguments {
            var line = "  \(argument.name): \(argument.type)"
            if let description = argument.description { line += " — " + description }
            lines.append(line)
        }
        if let deprecation = field.deprecation { lines.append("deprecated: \(deprecation)") }
        return lines.map { "# " + $0 }.joined(separator: "\n") + "\n"
    }
}
