import TernGraphQL

/// What the TUI's tree shows of a GraphQL target: the root fields of its schema (`Query`, `Mutation`,
/// `Subscription`), and where the schema came from.
package struct GraphQLCatalog: Sendable, Hashable {
    /// A root field, as the tree lists it.
    package struct Field: Sendable, Hashable {
        /// `query`, `mutation` or `subscription`.
        package var operation: String
        package var name: String
        /// The type it returns, as written (`[Book!]!`).
        package var type: String
        /// Why it is deprecated, when it is.
        package var deprecation: String?
    }

    package var target: String
    package var fields: [Field]
    /// `.tern/graphql/shop.graphql`, `schema.graphql`.
    package var origin: String

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
