package import TernExplorer
import TernScreen

/// One row of the workspace tree: a group folder or a spec.
package struct TreeRow: Sendable, Hashable {
    /// What the row shows.
    package enum Kind: Sendable, Hashable {
        case group(path: String, expanded: Bool)
        case spec(SpecSummary)
    }

    package var kind: Kind
    package var depth: Int
    package var title: String

    /// What the row stands for, whatever its position or state: a spec's id or a group's path.
    var identity: String {
        switch kind {
        case .group(let path, _): "group:" + path
        case .spec(let spec): "spec:" + spec.id
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

    /// A tree with every group open and no filter.
    package init() {}

    /// The visible rows of `snapshot`: groups (unless filtered) and specs, honouring collapsed groups and the filter.
    package func rows(of snapshot: ExplorerSnapshot?) -> [TreeRow] {
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
