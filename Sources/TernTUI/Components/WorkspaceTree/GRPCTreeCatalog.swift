package import TernExplorer

/// What the workspace tree knows of a target's catalog (a gRPC target's services, a GraphQL target's root
/// fields): loading, loaded, or why not.
package enum TreeCatalog<Loaded: Sendable & Hashable>: Sendable, Hashable {
    /// Asked for (reflection or introspection may take a moment): the tree says so.
    case loading
    /// What it holds.
    case loaded(Loaded)
    /// Why it is not known (Enter on the target asks again).
    case failed(String)

    /// The line under the target while it is not loaded, `nil` once it is (or when a filter hides notes).
    func note(loading text: String, filtered: Bool) -> TreeRow? {
        guard !filtered else { return nil }
        switch self {
        case .loading: return TreeRow(kind: .note(text, isError: false), depth: 1, title: "")
        case .failed(let message): return TreeRow(kind: .note(message, isError: true), depth: 1, title: "")
        case .loaded: return nil
        }
    }
}

/// A gRPC target's services and methods.
package typealias GRPCTreeCatalog = TreeCatalog<GRPCCatalog>

extension WorkspaceTree {
    /// The rows of the gRPC targets: each target, its services and their methods (those the filter
    /// matches when there is one), or a line saying they are loading or why they are not known.
    func grpcRows(of snapshot: ExplorerSnapshot) -> [TreeRow] {
        let filter = self.filter.lowercased()
        var rows: [TreeRow] = []
        for target in snapshot.grpcTargets {
            let open = !collapsed.contains("grpc:" + target) || !filter.isEmpty
            let state = grpc[target] ?? .loading
            var below = state.note(loading: "loading…", filtered: !filter.isEmpty).map { [$0] } ?? []
            if case .loaded(let catalog) = state {
                if catalog.offline != nil, filter.isEmpty {
                    let note = "offline: kept copy"
                    below.append(TreeRow(kind: .note(note, isError: false), depth: 1, title: ""))
                }
                for service in catalog.services {
                    let methods = service.methods.filter {
                        filter.isEmpty || $0.path.lowercased().contains(filter)
                    }
                    guard !methods.isEmpty || filter.isEmpty else { continue }
                    let key = "grpc:\(target)/\(service.name)"
                    let expanded = !collapsed.contains(key) || !filter.isEmpty
                    let short = service.name.split(separator: ".").last.map(String.init) ?? service.name
                    below.append(
                        TreeRow(
                            kind: .grpcService(target: target, name: service.name, expanded: expanded), depth: 1,
                            title: short))
                    guard expanded else { continue }
                    for method in methods {
                        below.append(
                            TreeRow(kind: .grpcMethod(target: target, method), depth: 2, title: method.name))
                    }
                }
            }
            guard !below.isEmpty || filter.isEmpty else { continue }
            rows.append(TreeRow(kind: .grpcTarget(target, expanded: open), depth: 0, title: target))
            if open { rows += below }
        }
        return rows
    }

    /// The catalogs `snapshot`'s gRPC targets need that were not asked for yet, marked loading: the
    /// commands that load them (off the UI task: reflection may take a moment).
    mutating func catalogsWanted(_ snapshot: ExplorerSnapshot) -> [Effect] {
        var effects: [Effect] = []
        for target in snapshot.grpcTargets where grpc[target] == nil {
            grpc[target] = .loading
            effects.append(.run(.grpcTarget(.catalog(target))))
        }
        return effects
    }
}
