package import TernExplorer
import TernScreen

/// A GraphQL target's root fields and the types below them.
package typealias GraphQLTreeCatalog = TreeCatalog<GraphQLCatalog>

extension WorkspaceTree {
    /// The rows of the GraphQL targets: each target and the root fields of its schema (those the filter
    /// matches when there is one), or a line saying it is loading or why it is not known.
    func graphQLRows(of snapshot: ExplorerSnapshot) -> [TreeRow] {
        let filter = self.filter.lowercased()
        var rows: [TreeRow] = []
        for target in snapshot.graphQLTargets {
            let open = !collapsed.contains("graphql:" + target) || !filter.isEmpty
            let state = graphQL[target] ?? .loading
            var below = state.note(loading: "loading the schema…", filtered: !filter.isEmpty).map { [$0] } ?? []
            if case .loaded(let catalog) = state {
                for field in catalog.fields where filter.isEmpty || field.name.lowercased().contains(filter) {
                    below.append(TreeRow(kind: .graphQLField(target: target, field), depth: 1, title: field.name))
                    if filter.isEmpty { below += builder.rows(below: field, of: catalog, ticks: snapshot.graphQLTicks) }
                }
            }
            guard !below.isEmpty || filter.isEmpty else { continue }
            rows.append(TreeRow(kind: .graphQLTarget(target, expanded: open), depth: 0, title: target))
            if open { rows += below }
        }
        return rows
    }

    /// The catalogs `snapshot`'s GraphQL targets need that were not asked for yet, marked loading.
    mutating func graphQLCatalogsWanted(_ snapshot: ExplorerSnapshot) -> [Effect] {
        var effects: [Effect] = []
        for target in snapshot.graphQLTargets where graphQL[target] == nil {
            graphQL[target] = .loading
            effects.append(.run(.graphql(.catalog(target: target))))
        }
        return effects
    }

    /// A GraphQL target's row (`▾ shop  GraphQL`), or a root field's: `Q`, `M` or `S` for its operation, its
    /// name, its type dimmed, and `deprecated` when it is.
    static func graphQLRow(_ row: TreeRow, indent: String, selected: String?) -> [Span] {
        switch row.kind {
        case .graphQLTarget(_, let expanded):
            return [Span(indent + (expanded ? "▾ " : "▸ ") + row.title, .bold), Span("  GraphQL", .dim)]
        case .graphQLField(let target, let field):
            let open = selected == "new:\(target)/\(field.operation).\(field.name)"
            let glyph = String(field.operation.prefix(1)).uppercased()
            var spans = [
                Span(indent + (open ? "●" : " "), Style(foreground: .cyan)),
                Span(glyph + " ", Styles.method(field.operation == "query" ? "GET" : "POST")),
                Span(row.title, field.deprecation != nil ? .dim : open ? .bold : .plain),
                Span(" " + field.type, .dim),
            ]
            if field.deprecation != nil { spans.append(Span(" deprecated", Style(foreground: .yellow))) }
            return spans
        default:
            return []
        }
    }
}
