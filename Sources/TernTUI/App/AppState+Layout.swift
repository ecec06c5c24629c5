import TernExplorer
import TernScreen

/// The layout for the state: the tree as wide as its longest row wants, within bounds, plus what
/// the user asked for with `<` and `>`.
extension AppState {
    /// The columns `<` and `>` move the tree's edge by.
    static let treeStep = 4

    /// The panes' places for this state's size and tree.
    package var layout: Layout {
        // On a GraphQL root field or ticking below it: the request pane keeps the room it has when focused, so
        // the operation written from the field and the ticks shows beside them on a short terminal.
        var room = focus
        if focus == .tree, snapshot?.graphQLTargets.isEmpty == false,
            workspaceTree.cursorRow(of: snapshot)?.isGraphQLField == true
        {
            room = .editor
        }
        return Layout(size, treeWidth: treeWidth, focus: room, zoomed: zoomed)
    }

    /// The tree's width: its longest row (indent, method, name and path) and its border, between 24
    /// columns and what leaves 75 to the right (at most 60), then moved by the user's `<`/`>`.
    package var treeWidth: Int {
        Layout.clampTree(automaticTreeWidth + treeWidthOffset, totalWidth: size.width)
    }

    /// The tree's width before the user's `<`/`>`.
    var automaticTreeWidth: Int {
        let rows = treeRows
        var longest = 0
        for row in rows {
            let indent = 2 * row.depth
            switch row.kind {
            case .group: longest = max(longest, indent + 2 + CellWidth.of(row.title))
            case .spec(let spec):
                longest = max(longest, indent + 8 + CellWidth.of(row.title) + 2 + CellWidth.of(spec.path))
            case .grpcTarget, .grpcService: longest = max(longest, indent + 8 + CellWidth.of(row.title))
            case .grpcMethod(_, let method):
                longest = max(longest, indent + 3 + CellWidth.of(row.title) + 1 + CellWidth.of(method.kind))
            case .graphQLTarget: longest = max(longest, indent + 11 + CellWidth.of(row.title))
            case .graphQLField(_, let field):
                longest = max(longest, indent + 4 + CellWidth.of(row.title) + 1 + CellWidth.of(field.type))
            case .graphQLMember(let member):
                longest = max(
                    longest, indent + 6 + CellWidth.of(row.title) + 1 + CellWidth.of(member.field?.type ?? ""))
            case .graphQLArgument(let argument):
                let value = argument.value.map { 3 + CellWidth.of($0) } ?? 0
                longest = max(
                    longest, indent + 7 + CellWidth.of(row.title) + 2 + CellWidth.of(argument.argument.type) + value)
            case .note: break
            }
        }
        // The panes on the right keep 75 columns (what the activity panes' rows need) before the tree grows.
        let high = max(24, min(60, size.width - 75))
        return min(max(longest + 2, 24), high)
    }

    /// `<` (narrower) or `>` (wider): moves the tree's edge, never past what the layout allows.
    mutating func resizeTree(by columns: Int) {
        // From the width shown, within the bounds: presses against a bound do not pile up.
        treeWidthOffset = Layout.clampTree(treeWidth + columns, totalWidth: size.width) - automaticTreeWidth
    }
}
