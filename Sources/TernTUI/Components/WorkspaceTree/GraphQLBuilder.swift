package import TernExplorer
import TernScreen

/// A field below a GraphQL root field in the query builder (or an inline fragment, `... on Type`).
package struct GraphQLMemberRow: Sendable, Hashable {
    package var target: String
    /// The root field the operation starts from.
    package var root: GraphQLCatalog.Field
    /// The path below the root field (its last segment this row's name, or `... on Type`).
    package var path: [String]
    /// The field, `nil` for an inline fragment.
    package var field: GraphQLCatalog.Field?
    package var ticked: Bool
    package var expanded: Bool

    /// The named type below this row (the field's, or the fragment's).
    var type: String {
        field.map { GraphQLCatalog.namedType($0.type) } ?? String(path[path.count - 1].dropFirst("... on ".count))
    }

    /// Whether it has rows below it: fields to select, or arguments to give.
    var opens: Bool { field.map { $0.composite || !$0.arguments.isEmpty } ?? true }

    /// The key it is kept open by.
    var key: String { GraphQLBuilder.key(target: target, root: root, path: path) }
}

/// An argument of a field in the query builder, and its value when it is given.
package struct GraphQLArgumentRow: Sendable, Hashable {
    package var target: String
    package var root: GraphQLCatalog.Field
    /// The path of its field below the root field (`[]`: the root field).
    package var path: [String]
    package var argument: GraphQLCatalog.Argument
    /// Its value as compact JSON, when it is given.
    package var value: String?

    /// The key of its field.
    var fieldKey: String { GraphQLBuilder.key(target: target, root: root, path: path) }
}

/// The query builder (GraphiQL Explorer's idea, at 80×24): below a GraphQL root field, its arguments and its
/// type's fields, each field's own below it when opened, ticked as the selected operation selects them. Space
/// ticks a field or gives an argument, Enter fills an argument in; the core writes the operation again
/// (`Command.graphql(.tick)`), so the query and its variables are written for the user.
package struct GraphQLBuilder: Sendable, Hashable {
    /// The open rows' keys (a root field's, a field's below it): all closed until opened.
    package var open: Set<String> = []

    /// A builder with every row closed.
    package init() {}

    /// The key of the row at `path` below `root` on `target`.
    static func key(target: String, root: GraphQLCatalog.Field, path: [String]) -> String {
        (["graphql:\(target)/\(root.operation).\(root.name)"] + path).joined(separator: "/")
    }

    /// The rows below the root field `root` of `catalog` when it is open: its arguments, then its type's
    /// fields and inline fragments, `ticks` marking what the selected operation selects.
    func rows(below root: GraphQLCatalog.Field, of catalog: GraphQLCatalog, ticks: GraphQLTicks?) -> [TreeRow] {
        guard open.contains(Self.key(target: catalog.target, root: root, path: [])) else { return [] }
        let ticks =
            ticks?.starts(target: catalog.target, operation: root.operation, field: root.name) == true ? ticks : nil
        return rows(
            catalog, root: root, path: [], type: GraphQLCatalog.namedType(root.type), arguments: root.arguments,
            ticks: ticks, depth: 2)
    }

    private func rows(
        _ catalog: GraphQLCatalog, root: GraphQLCatalog.Field, path: [String], type: String?,
        arguments: [GraphQLCatalog.Argument], ticks: GraphQLTicks?, depth: Int
    ) -> [TreeRow] {
        var rows = arguments.map { argument in
            TreeRow(
                kind: .graphQLArgument(
                    GraphQLArgumentRow(
                        target: catalog.target, root: root, path: path, argument: argument,
                        value: ticks?.arguments[path]?[argument.name])),
                depth: depth, title: argument.name)
        }
        guard let type, let selectable = catalog.types[type] else { return rows }
        var members = selectable.fields.map { field in
            GraphQLMemberRow(
                target: catalog.target, root: root, path: path + [field.name], field: field, ticked: false,
                expanded: false)
        }
        members += selectable.possibleTypes.map { possible in
            GraphQLMemberRow(
                target: catalog.target, root: root, path: path + ["... on " + possible], field: nil, ticked: false,
                expanded: false)
        }
        for var member in members {
            member.ticked = ticks?.fields.contains(member.path) == true
            member.expanded = member.opens && open.contains(member.key)
            rows.append(TreeRow(kind: .graphQLMember(member), depth: depth, title: member.path[member.path.count - 1]))
            guard member.expanded else { continue }
            rows += self.rows(
                catalog, root: root, path: member.path, type: member.field?.composite == false ? nil : member.type,
                arguments: member.field?.arguments ?? [], ticks: ticks, depth: depth + 1)
        }
        return rows
    }

    /// What `action` does on `row`, a builder row or a root field's; `nil` when it is not the builder's.
    mutating func perform(_ action: Action, on row: TreeRow) -> Reply? {
        switch (action, row.kind) {
        case (.expand, .graphQLField(let target, let root)):
            open.insert(Self.key(target: target, root: root, path: []))
        case (.collapse, .graphQLField(let target, let root))
        where open.contains(Self.key(target: target, root: root, path: [])):
            open.remove(Self.key(target: target, root: root, path: []))
        case (.expand, .graphQLMember(let member)) where member.opens:
            open.insert(member.key)
        case (.collapse, .graphQLMember(let member)) where member.expanded:
            open.remove(member.key)
        case (.open, .graphQLMember(let member)), (.toggle, .graphQLMember(let member)):
            // Ticking a field with fields of its own opens it, for the next tick.
            if !member.ticked, member.field?.composite ?? true { open.insert(member.key) }
            let verb = member.ticked ? "unticking" : "ticking"
            return Reply(
                [
                    .run(
                        .graphql(
                            .tick(
                                target: member.target, operation: member.root.operation, field: member.root.name,
                                .field(member.path))))
                ],
                status: StatusMessage(
                    text: "\(verb) \(([member.root.name] + member.path).joined(separator: "."))…", isError: false))
        case (.toggle, .graphQLArgument(let row)):
            return Reply([
                .run(
                    .graphql(
                        .tick(
                            target: row.target, operation: row.root.operation, field: row.root.name,
                            .argument(path: row.path, name: row.argument.name))))
            ])
        case (.open, .graphQLArgument(let row)):
            let prompt = Prompt(
                purpose: .graphQLArgument(row), title: "$\(row.argument.name): \(row.argument.type)", labels: ["Value"],
                fields: [TextField(row.value ?? "")])
            return Reply(event: .prompt(prompt))
        case (.toggle, .graphQLField):
            return .error("Space ticks the fields below a root field: → opens them, Enter starts a request")
        default:
            return nil
        }
        return Reply()
    }

    /// What the schema says of a GraphQL row's field or argument (`author: Author! — Who wrote the book.`,
    /// its deprecation after), for the schema browser's foot line; `nil` for another row.
    static func about(_ row: TreeRow) -> String? {
        let field: GraphQLCatalog.Field
        switch row.kind {
        case .graphQLField(_, let root): field = root
        case .graphQLMember(let member):
            guard let own = member.field else { return "\(row.title): the fields only a \(member.type) has" }
            field = own
        case .graphQLArgument(let argument):
            let text = "$\(argument.argument.name): \(argument.argument.type)"
            return argument.argument.description.map { text + " — " + $0 } ?? text
        default:
            return nil
        }
        var text = "\(field.name): \(field.type)"
        if let description = field.description { text += " — " + description }
        if let deprecation = field.deprecation { text += " (deprecated: \(deprecation))" }
        return text
    }

    /// A builder row: `▸ [x] author Author!` (the arrow when it opens, the type dimmed), or an argument's
    /// `[x] $first: Int = 2`.
    static func spans(_ row: TreeRow, indent: String) -> [Span] {
        switch row.kind {
        case .graphQLMember(let member):
            let arrow = member.opens ? (member.expanded ? "▾ " : "▸ ") : "  "
            var spans = [
                Span(indent + arrow, .dim),
                Span(
                    member.ticked ? "[x] " : "[ ] ", member.ticked ? Style(foreground: .green, attributes: .bold) : .dim
                ),
                Span(row.title, member.field?.deprecation != nil ? .dim : member.ticked ? .bold : .plain),
            ]
            if let field = member.field { spans.append(Span(" " + field.type, .dim)) }
            if member.field?.deprecation != nil { spans.append(Span(" deprecated", Style(foreground: .yellow))) }
            return spans
        case .graphQLArgument(let argument):
            var spans = [
                Span(
                    indent + "  " + (argument.value != nil ? "[x] " : "[ ] "),
                    argument.value != nil ? Style(foreground: .green, attributes: .bold) : .dim),
                Span("$" + row.title, Style(foreground: .magenta)), Span(": " + argument.argument.type, .dim),
            ]
            if let value = argument.value { spans.append(Span(" = " + value, .plain)) }
            return spans
        default:
            return []
        }
    }
}
