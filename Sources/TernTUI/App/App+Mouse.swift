import Foundation
import TernExplorer
import TernScreen

/// The mouse: a click focuses the pane under it and selects the tree row or tab it is on; the wheel
/// scrolls what is under it (or the window over the frame); a click on the status line opens
/// `:messages`, on the header's environment or mode the picker.
extension App {
    /// How many rows one wheel step scrolls a text (the response, a window).
    static let wheelRows = 3

    static func mouse(_ event: MouseEvent, _ state: inout AppState) -> [Effect] {
        let wheelKey: Key? =
            switch event.kind {
            case .wheelUp: .up
            case .wheelDown: .down
            case .press: nil
            }
        // Over a dialog or a view, the wheel moves it and clicks do nothing.
        if let layer = state.focusStack.first, layer.coversFrame {
            guard var wheelKey else { return [] }
            // The key the layer's scope binds to the move (the arrow, as the defaults have it).
            if let scope = wheelScope(layer, state),
                let bound = state.keys.bindings.first(where: {
                    $0.scope == scope && $0.action == (wheelKey == .up ? .up : .down)
                })?.keys.first
            {
                wheelKey = bound
            }
            if case .output = state.dialog {
                return (0..<wheelRows).flatMap { _ in handle(wheelKey, &state) }
            }
            if case .help = state.dialog {
                return (0..<wheelRows).flatMap { _ in handle(wheelKey, &state) }
            }
            return handle(wheelKey, &state)
        }
        if state.isTooSmall { return [] }
        let layout = state.layout
        let point = (x: event.x, y: event.y)
        if let wheelKey {
            guard let pane = pane(at: point, layout, state) else { return [] }
            focus(pane, &state)
            let action: Action = wheelKey == .up ? .up : .down
            let steps = pane == .response ? wheelRows : 1
            return (0..<steps).flatMap { _ in paneAction(action, &state) }
        }
        if layout.status.contains(point) {
            openMessages(&state)
            return []
        }
        if layout.header.contains(point) { return headerClick(point.x, &state) }
        guard let pane = pane(at: point, layout, state) else { return [] }
        var effects: [Effect] = []
        if pane == .cache, state.focus != .cache { effects.append(.loadCache) }
        focus(pane, &state)
        let inner = Box.inner(layout.rect(of: pane))
        switch pane {
        case .tree: effects += treeClick(row: point.y - inner.y, inner: inner, &state)
        case .editor where point.y == inner.y + 1:
            guard let detail = state.snapshot?.selected else { break }
            let titles = state.requestEditor.tabTitles(detail, snapshot: state.snapshot)
            if let index = Tabs.index(of: titles, atColumn: point.x - inner.x), let tab = EditorTab(rawValue: index) {
                state.requestEditor.tab = tab
                state.requestEditor.selection = 0
                if tab == .variables { effects.append(.loadVariables) }
            }
        case .response where point.y == inner.y + 1 && !state.layout.isBare:
            guard let view = state.responsePane.view else { break }
            let titles = state.responsePane.tabTitles(view)
            if let index = Tabs.index(of: titles, atColumn: point.x - inner.x), index < state.responsePane.tabs.count {
                state.responsePane.tab = state.responsePane.tabs[index]
                state.responsePane.scroll = 0
                state.responsePane.left = 0
            }
        case .transfers where layout.collapsedActivity, .retryLog where layout.collapsedActivity,
            .cache where layout.collapsedActivity:
            // The one-line strip: the label clicked opens its pane.
            var x = layout.transfers.x + 2
            for (index, label) in state.activityPanes.collapsedLabels(width: layout.transfers.width - 2).enumerated() {
                let end = x + CellWidth.of(label)
                if point.x >= x, point.x < end {
                    let chosen = [Pane.transfers, .retryLog, .cache][index]
                    if chosen == .cache, !effects.contains(.loadCache) { effects.append(.loadCache) }
                    focus(chosen, &state)
                }
                x = end + 3
            }
        case .transfers, .retryLog, .cache:
            guard layout.sharesActivity, point.y == inner.y else { break }
            let titles = [Pane.transfers, .retryLog, .cache].map { "\($0.rawValue + 1) \($0.title)" }
            if let index = Tabs.index(of: titles, atColumn: point.x - inner.x) {
                let chosen = [Pane.transfers, .retryLog, .cache][index]
                if chosen == .cache, !effects.contains(.loadCache) { effects.append(.loadCache) }
                focus(chosen, &state)
            }
        default: break
        }
        return effects
    }

    /// The key table's scope of the layer the wheel moves, when it has one (the `:` line and the
    /// editor's form take the arrows as they are).
    static func wheelScope(_ layer: FocusLayer, _ state: AppState) -> KeyScope? {
        switch (layer, state.dialog) {
        case (.runResults, _): .runResults
        case (.cookies, _): .cookies
        case (.history, _): .history
        case (.dialog, .picker): .picker
        case (.dialog, .help), (.dialog, .output): .window
        default: nil
        }
    }

    /// The pane whose rect holds `point` (on narrower terminals, the activity strip's shown pane).
    static func pane(at point: (x: Int, y: Int), _ layout: Layout, _ state: AppState) -> Pane? {
        for pane in [Pane.tree, .editor, .response] where layout.rect(of: pane).contains(point) { return pane }
        if layout.sharesActivity {
            return layout.transfers.contains(point) ? state.activityPanes.strip : nil
        }
        return [Pane.transfers, .retryLog, .cache].first { layout.rect(of: $0).contains(point) }
    }

    /// A click on tree row `row` (from the top of the pane's inside): selects it, and opens it as Enter does.
    static func treeClick(row: Int, inner: Rect, _ state: inout AppState) -> [Effect] {
        let rows = state.treeRows
        let visible = inner.height - (state.workspaceTree.filterField != nil ? 1 : 0)
        guard row >= 0, row < visible, !rows.isEmpty else { return [] }
        let selection = ListCursor.clamp(state.workspaceTree.selection, count: rows.count)
        let top = scrollOffset(selected: selection, offset: 0, visible: visible, count: rows.count)
        guard top + row < rows.count else { return [] }
        state.workspaceTree.selection = top + row
        return paneAction(.open, &state)
    }

    /// A click on the header: on `env …` the environment picker, on `mode …` the mode picker.
    static func headerClick(_ x: Int, _ state: inout AppState) -> [Effect] {
        let header = App.view(state).line(0)
        func start(of text: String) -> Int? {
            guard let range = header.range(of: text) else { return nil }
            return CellWidth.of(header[..<range.lowerBound])
        }
        guard let env = start(of: "│ env "), let mode = start(of: "│ mode ") else { return [] }
        if x >= env, x < mode {
            openEnvironmentPicker(&state)
        } else if x >= mode, x < mode + CellWidth.of("│ mode ") + 6 {
            openModePicker(&state)
        }
        return []
    }
}
