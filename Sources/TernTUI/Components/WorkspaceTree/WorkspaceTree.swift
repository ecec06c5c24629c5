import Synchronization
package import TernExplorer
import TernScreen

/// One row of the workspace tree: a group folder or a spec.
package struct TreeRow: Sendable, Hashable {
    /// What the row shows.
    package enum Kind: Sendable, Hashable {
        case group(path: String, expanded: Bool)
        case spec(SpecSummary)
        /// A gRPC target: its services below.
        case grpcTarget(String, expanded: Bool)
        /// A service of a gRPC target (`pkg.Service`): its methods below.
        case grpcService(target: String, name: String, expanded: Bool)
        /// A method of a gRPC target's service: Enter opens its spec, or a new request.
        case grpcMethod(target: String, GRPCCatalog.Method)
        /// A GraphQL target: the root fields of its schema below.
        case graphQLTarget(String, expanded: Bool)
        /// A root field of a GraphQL target's schema: Enter opens a new request that starts from it.
        case graphQLField(target: String, GraphQLCatalog.Field)
        /// A field below a GraphQL root field, or an inline fragment (`... on Type`): the query builder's row,
        /// Space ticks it.
        case graphQLMember(GraphQLMemberRow)
        /// An argument of a field in the query builder: Space gives or takes it, Enter fills in its value.
        case graphQLArgument(GraphQLArgumentRow)
        /// A line about a gRPC target's services: still loading, why they are not known, or offline.
        case note(String, isError: Bool)
    }

    package var kind: Kind
    package var depth: Int
    package var title: String

    /// What the row stands for, whatever its position or state: a spec's id or a group's path.
    var identity: String {
        switch kind {
        case .group(let path, _): "group:" + path
        case .spec(let spec): "spec:" + spec.id
        case .grpcTarget(let target, _): "grpc:" + target
        case .grpcService(let target, let name, _): "grpc:\(target)/\(name)"
        case .grpcMethod(let target, let method): "grpc:\(target)/\(method.path)"
        case .graphQLTarget(let target, _): "graphql:" + target
        case .graphQLField(let target, let field): "graphql:\(target)/\(field.operation).\(field.name)"
        case .graphQLMember(let member): "builder:" + member.key
        case .graphQLArgument(let argument): "builder:\(argument.fieldKey)/$\(argument.argument.name)"
        case .note(let text, _): "note:" + text
        }
    }

    /// The key the row is kept closed by in `collapsed`, when it is a row that opens and closes.
    var groupKey: String? {
        switch kind {
        case .group(let path, _): path
        case .grpcTarget(let target, _): "grpc:" + target
        case .grpcService(let target, let name, _): "grpc:\(target)/\(name)"
        case .graphQLTarget(let target, _): "graphql:" + target
        default: nil
        }
    }

    /// Whether the row is a spec or a gRPC method (what Enter opens), not a folder or a note.
    var isLeaf: Bool {
        switch kind {
        case .spec, .grpcMethod, .graphQLField: true
        default: false
        }
    }

    /// Whether the row is a GraphQL root field or the query builder's (a field or an argument below one).
    var isGraphQLField: Bool {
        switch kind {
        case .graphQLField, .graphQLMember, .graphQLArgument: true
        default: false
        }
    }

    /// The spec the row shows, when it shows one.
    package var specID: String? {
        if case .spec(let spec) = kind { return spec.id }
        return nil
    }
}

/// The workspace tree pane's state: collapsed groups, the cursor and the `/` filter.
package struct WorkspaceTree: Sendable, Hashable {
    /// Group paths shown closed.
    package var collapsed: Set<String> = []
    /// The cursor's row.
    package var selection = 0
    /// The applied filter (empty: none).
    package var filter = ""
    /// The filter's line, while it is typed.
    package var filterField: TreeFilter?
    /// What is known of each gRPC target's services, by target name.
    package var grpc: [String: GRPCTreeCatalog] = [:]
    /// What is known of each GraphQL target's schema, by target name.
    package var graphQL: [String: GraphQLTreeCatalog] = [:]
    /// The query builder below the GraphQL root fields: which of its rows are open.
    package var builder = GraphQLBuilder()
    /// The spec rows last made: a key and its frame ask for the rows up to four times.
    private let specRowsMemo = SpecRowsMemo()

    /// A tree with every group open and no filter.
    package init() {}

    /// The visible rows of `snapshot`: groups (unless filtered) and specs, honouring collapsed groups and the
    /// filter, then each gRPC target's services and methods.
    package func rows(of snapshot: ExplorerSnapshot?) -> [TreeRow] {
        guard let snapshot else { return [] }
        let specs = specRows(of: snapshot)
        let grpc = grpcRows(of: snapshot)
        let graphQL = graphQLRows(of: snapshot)
        // Most workspaces have no gRPC or GraphQL target: their rows are the memo's, not a copy.
        return grpc.isEmpty && graphQL.isEmpty ? specs : specs + grpc + graphQL
    }

    private func specRows(of snapshot: ExplorerSnapshot) -> [TreeRow] {
        specRowsMemo.rows(specs: snapshot.specs, filter: filter, collapsed: collapsed) {
            makeSpecRows(of: snapshot.specs)
        }
    }

    private func makeSpecRows(of specs: [SpecSummary]) -> [TreeRow] {
        let filter = self.filter.lowercased()
        var rows: [TreeRow] = []
        var openedGroups: Set<String> = []
        for spec in specs {
            if !filter.isEmpty {
                guard spec.id.lowercased().contains(filter) || spec.name.lowercased().contains(filter) else { continue }
            }
            let parts = Self.components(of: spec.id)
            var hidden = false
            for depth in 0..<max(0, parts.count - 1) {
                let path = String(spec.id[..<parts[depth].endIndex])
                if hidden { break }
                if !openedGroups.contains(path) {
                    openedGroups.insert(path)
                    let expanded = !collapsed.contains(path) || !filter.isEmpty
                    let kind = TreeRow.Kind.group(path: path, expanded: expanded)
                    rows.append(TreeRow(kind: kind, depth: depth, title: String(parts[depth])))
                }
                if collapsed.contains(path), filter.isEmpty { hidden = true }
            }
            if !hidden {
                rows.append(
                    TreeRow(
                        kind: .spec(spec), depth: max(0, parts.count - 1), title: parts.last.map(String.init) ?? spec.id
                    ))
            }
        }
        return rows
    }

    /// A spec id's folders and name: split at each `/` byte (a spec id is a path under `specs/`, without
    /// empty parts). Splitting by character cost 24 K instructions a spec, four times a frame.
    static func components(of id: String) -> [Substring] {
        var parts: [Substring] = []
        let bytes = id.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if start < index { parts.append(id[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { parts.append(id[start...]) }
        return parts
    }
}

/// The spec rows last made and what they were made from. Not part of a tree's value: every memo equals every
/// other, and a copy of a tree shares its memo, which answers only for the same specs, filter and groups.
final class SpecRowsMemo: Sendable, Hashable {
    private struct Made {
        var specs: [SpecSummary]
        var filter: String
        var collapsed: Set<String>
        var rows: [TreeRow]
    }

    private let made = Mutex<Made?>(nil)

    /// The rows made last time for these specs, filter and closed groups, else `make()`'s, kept.
    ///
    /// Equal specs in another array (each snapshot lists them anew) keep the rows, and the memo takes that array,
    /// so the next snapshot's calls compare the same array, at once, instead of every spec.
    func rows(specs: [SpecSummary], filter: String, collapsed: Set<String>, make: () -> [TreeRow]) -> [TreeRow] {
        let kept = made.withLock { made -> [TreeRow]? in
            guard let last = made, last.filter == filter, last.collapsed == collapsed, last.specs == specs else {
                return nil
            }
            made?.specs = specs
            return last.rows
        }
        if let kept { return kept }
        let rows = make()
        made.withLock { $0 = Made(specs: specs, filter: filter, collapsed: collapsed, rows: rows) }
        return rows
    }

    static func == (lhs: SpecRowsMemo, rhs: SpecRowsMemo) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
