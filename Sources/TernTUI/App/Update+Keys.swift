import Foundation
import Tern
import TernExplorer
import TernScreen

/// Keys: the key table's actions, and the ones every pane shares (focus, send, quit, mode).
extension App {
    /// A key: offered to the focus stack's layers from the top until one takes it.
    static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
        for layer in state.focusStack {
            if let effects = self.key(key, in: layer, &state) { return effects }
        }
        return []
    }

    /// What `layer` does with `key`; `nil` lets the key through to the layer under it.
    static func key(_ key: Key, in layer: FocusLayer, _ state: inout AppState) -> [Effect]? {
        // What a line being typed is given: it takes every key, a row at a time.
        let line = state.context(focused: true, page: 1)
        switch layer {
        case .dialog: return dialogKey(key, &state)
        case .editorForm: return state.apply(state.requestEditor.promptKey(key, line))
        case .commandLine: return commandKey(key, &state)
        case .runResults: return viewKey(key, \.runResults, &state)
        case .cookies: return viewKey(key, \.cookies, &state)
        case .history: return viewKey(key, \.history, &state)
        case .treeFilter: return state.apply(state.workspaceTree.filterKey(key, line))
        case .search: return state.apply(state.responsePane.searchKey(key, line))
        case .filterLine: return state.apply(state.responsePane.filterKey(key, line))
        case .tooSmall:
            return state.keys.action(for: key, in: .everywhere) == .quit ? perform(.quit, &state) : []
        case .pane(let pane):
            guard let action = state.keys.action(for: key, in: .pane(pane)) else { return nil }
            return paneAction(action, &state)
        case .everywhere:
            guard let action = state.keys.action(for: key, in: .everywhere) else { return [] }
            return perform(action, &state)
        }
    }

    /// A key for a view over the frame (history, run results, cookies): the view takes every key.
    static func viewKey<View: Component>(_ key: Key, _ view: WritableKeyPath<AppState, View?>, _ state: inout AppState)
        -> [Effect]
    {
        guard var component = state[keyPath: view] else { return [] }
        let reply = component.handle(key, state.viewContext) ?? Reply()
        state[keyPath: view] = component
        return state.apply(reply)
    }

    static func perform(_ action: Action, _ state: inout AppState) -> [Effect] {
        switch action {
        case .quit:
            return quit(&state)
        case .forceQuit:
            state.quitting = true
        case .nextPane, .previousPane:
            let panes = Pane.allCases
            let step = action == .nextPane ? 1 : panes.count - 1
            focus(panes[(state.focus.rawValue + step) % panes.count], &state)
        case .focusTree: focus(.tree, &state)
        case .focusEditor: focus(.editor, &state)
        case .focusResponse: focus(.response, &state)
        case .focusTransfers: focus(.transfers, &state)
        case .focusRetryLog: focus(.retryLog, &state)
        case .focusCache:
            focus(.cache, &state)
            return [.loadCache]
        case .send:
            // In the tree the cursor is the selection: the spec under it is selected and sent.
            if let id = cursorSpec(state), id != state.snapshot?.selected?.id {
                let effects = send(id, &state)
                return effects.isEmpty ? [] : [.select(id)] + effects
            }
            return send(nil, &state)
        case .cancel:
            // In the tree, with nothing running, Esc clears the filter and keeps the cursor on its row.
            if state.focus == .tree, state.responsePane.sending == nil, state.runProgress == nil,
                !state.workspaceTree.filter.isEmpty
            {
                state.workspaceTree.clearFilter(snapshot: state.snapshot)
                return []
            }
            if state.runProgress != nil, state.responsePane.sending == nil {
                state.status = StatusMessage(text: "cancelling the run…", isError: false)
                return [.cancelRun]
            }
            return state.apply(state.responsePane.cancel())
        case .history:
            state.status = StatusMessage(text: "reading the history…", isError: false)
            return [.loadHistory]
        case .runResults:
            guard state.runResults != nil else {
                state.status = StatusMessage(text: "no run yet: R on a folder in the tree runs it", isError: true)
                return []
            }
            state.runResults?.isOpen = true
        case .verify:
            guard let id = cursorSpec(state) ?? state.snapshot?.selected?.id else {
                state.status = StatusMessage(text: "select a spec to verify (Enter in the tree)", isError: true)
                return []
            }
            state.status = StatusMessage(text: "verifying \(id): sending live…", isError: false)
            return [.run(.verify([id]))]
        case .diff:
            guard let id = cursorSpec(state) ?? state.snapshot?.selected?.id else {
                state.status = StatusMessage(text: "select a spec to compare its answers", isError: true)
                return []
            }
            state.status = StatusMessage(text: "comparing \(id)'s newest answer with the previous one…", isError: false)
            return [.run(.diff(id, .previous))]
        case .cycleMode:
            // From the mode last asked for, not the snapshot, which arrives later: `m m` lands two steps on.
            let next = (state.pendingModes.last ?? state.snapshot?.mode ?? .normal).next
            state.pendingModes.append(next)
            return [.run(.mode(next))]
        case .commandLine:
            state.commandLine = CommandLineInput(history: state.commandHistory)
        case .help:
            state.dialog = .help(scroll: 0)
        case .pickEnvironment: openEnvironmentPicker(&state)
        case .pickMode: openModePicker(&state)
        case .yank: openYankMenu(&state)
        case .cookies:
            state.status = StatusMessage(text: "reading the cookie jar…", isError: false)
            return [.run(.cookies(.list(domain: nil)))]
        case .zoom: toggleZoom(&state)
        case .narrowTree: state.resizeTree(by: -AppState.treeStep)
        case .widenTree: state.resizeTree(by: AppState.treeStep)
        default:
            return paneAction(action, &state)
        }
        return []
    }

    /// `z`, `:zoom`: the focused pane fills the body area, or the panes come back.
    static func toggleZoom(_ state: inout AppState) {
        state.zoomed.toggle()
        // A bare zoom of the answer says what it is on its own last row instead.
        if state.zoomed, state.layout.isBare, state.responsePane.view != nil {
            state.status = nil
            return
        }
        state.status = StatusMessage(
            text: state.zoomed
                ? "zoomed: \(state.focus.title) fills the screen (z again, or :zoom, to come back)"
                : "all panes back", isError: false)
    }

    /// The spec under the tree's cursor, when the tree has the focus and the cursor is on a spec.
    static func cursorSpec(_ state: AppState) -> String? {
        guard state.focus == .tree else { return nil }
        return state.workspaceTree.cursorRow(of: state.snapshot)?.specID
    }

    /// Hands an action to the focused pane's component.
    static func paneAction(_ action: Action, _ state: inout AppState) -> [Effect] {
        let layout = state.layout
        switch state.focus {
        case .tree:
            let context = state.context(focused: true, page: max(1, layout.tree.height - 2))
            return state.apply(state.workspaceTree.perform(action, context))
        case .editor:
            return state.apply(state.requestEditor.perform(action, state.context(focused: true, page: 5)))
        case .response:
            let context = state.context(focused: true, page: layout.responseBodyHeight)
            return state.apply(state.responsePane.perform(action, context))
        case .transfers, .retryLog, .cache:
            return state.apply(state.activityPanes.perform(action, in: state.focus))
        }
    }

    static func focus(_ pane: Pane, _ state: inout AppState) {
        state.focus = pane
        if pane.isActivity { state.activityPanes.strip = pane }
    }

    /// Ctrl-C: cancels the request or run in flight; when idle, quits as `q` does (asking about unsaved
    /// edits), and a second Ctrl-C within a second quits anyway. A quit by Ctrl-C exits 130.
    static func interrupt(_ state: inout AppState) -> [Effect] {
        if state.responsePane.sending != nil || state.runProgress != nil {
            return perform(.cancel, &state)
        }
        let unsaved = state.snapshot?.unsaved ?? []
        let again = state.lastInterrupt.map { state.now.timeIntervalSince($0) < 1 } ?? false
        if unsaved.isEmpty || again {
            state.quitting = true
            state.interrupted = true
            return []
        }
        state.lastInterrupt = state.now
        state.dialog = .confirmQuit(unsaved: unsaved)
        return []
    }

    static func quit(_ state: inout AppState) -> [Effect] {
        let unsaved = state.snapshot?.unsaved ?? []
        if unsaved.isEmpty {
            state.quitting = true
        } else {
            state.dialog = .confirmQuit(unsaved: unsaved)
        }
        return []
    }

    static func send(_ name: String?, _ state: inout AppState) -> [Effect] {
        state.apply(state.responsePane.send(name, snapshot: state.snapshot, now: state.now))
    }
}
