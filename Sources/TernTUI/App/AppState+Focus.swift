/// A layer that takes keys: a dialog, a form or a view over the frame, a text line being typed, or
/// the panes under them all.
package enum FocusLayer: Sendable, Hashable {
    /// A dialog (`Dialog`): help, a window, a question, a picker.
    case dialog
    /// The request editor's form (add or edit a row, the method, the path).
    case editorForm
    /// The `:` command line.
    case commandLine
    /// The views over the frame.
    case runResults, cookies, history
    /// The tree's `/` filter, the response's `/` search and `f` filter, while typed.
    case treeFilter, search, filterLine
    /// The terminal is too small: only quitting works.
    case tooSmall
    /// The focused pane's own keys.
    case pane(Pane)
    /// The keys that work in every pane.
    case everywhere

    /// Whether the layer is drawn over the panes (a dialog, the form, the command line, a view):
    /// the mouse wheel then moves it, and clicks do nothing.
    var coversFrame: Bool {
        switch self {
        case .dialog, .editorForm, .commandLine, .runResults, .cookies, .history: true
        case .treeFilter, .search, .filterLine, .tooSmall, .pane, .everywhere: false
        }
    }
}

extension AppState {
    /// The layers that take keys, the top first: a key goes to the top layer, and on down the stack
    /// while a layer lets it through (only the focused pane does, to the keys of everywhere).
    package var focusStack: [FocusLayer] {
        let layers: [(FocusLayer, Bool)] = [
            (.dialog, dialog != nil),
            (.editorForm, requestEditor.prompt != nil),
            (.commandLine, commandLine != nil),
            (.runResults, runResults?.isOpen == true),
            (.cookies, cookies?.isOpen == true),
            (.history, history?.isOpen == true),
            (.treeFilter, workspaceTree.filterField != nil),
            (.search, responsePane.search?.editing == true),
            (.filterLine, responsePane.filter?.editing == true),
            (.tooSmall, isTooSmall),
            (.pane(focus), true),
            (.everywhere, true),
        ]
        return layers.filter(\.1).map(\.0)
    }
}
