import TernExplorer
import TernScreen

/// One row of the workspace tree: a group folder or a spec.
public struct TreeRow: Sendable, Hashable {
    /// What the row shows.
    public enum Kind: Sendable, Hashable {
        case group(path: String, expanded: Bool)
        case spec(SpecSummary)
    }

    public var kind: Kind
    public var depth: Int
    public var title: String

    /// The spec the row shows, when it shows one.
    public var specID: String? {
        if case .spec(let spec) = kind { return spec.id }
        return nil
    }
}

/// The workspace tree pane's state: collapsed groups, the cursor and the `/` filter.
public struct WorkspaceTree: Sendable, Hashable {
    /// Group paths shown closed.
    public var collapsed: Set<String> = []
    /// The cursor's row.
    public var selection = 0
    /// The applied filter (empty: none).
    public var filter = ""
    /// The filter being typed, while it is.
    public var filterField: TextField?

    /// A tree with every group open and no filter.
    public init() {}

    /// The visible rows of `snapshot`: groups (unless filtered) and specs, honouring collapsed groups and the filter.
    public func rows(of snapshot: ExplorerSnapshot?) -> [TreeRow] {
        guard let snapshot else { return [] }
        let filter = self.filter.lowercased()
        var rows: [TreeRow] = []
        var openedGroups: Set<String> = []
        for spec in snapshot.specs {
            if !filter.isEmpty {
                guard spec.id.lowercased().contains(filter) || spec.name.lowercased().contains(filter) else { continue }
            }
            let parts = spec.id.split(separator: "/").map(String.init)
            var hidden = false
            for depth in 0..<max(0, parts.count - 1) {
                let path = parts[0...depth].joined(separator: "/")
                if hidden { break }
                if !openedGroups.contains(path) {
                    openedGroups.insert(path)
                    let expanded = !collapsed.contains(path) || !filter.isEmpty
                    let kind = TreeRow.Kind.group(path: path, expanded: expanded)
                    rows.append(TreeRow(kind: kind, depth: depth, title: parts[depth]))
                }
                if collapsed.contains(path), filter.isEmpty { hidden = true }
            }
            if !hidden {
                rows.append(TreeRow(kind: .spec(spec), depth: max(0, parts.count - 1), title: parts.last ?? spec.id))
            }
        }
        return rows
    }
}
