import Foundation
import Tern
import TernExplorer
import TernScreen

/// Keys: the key table's actions, and the ones every pane shares (focus, send, quit, mode).
extension App {
    static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
        if state.dialog != nil { return dialogKey(key, &state) }
        if state.prompt != nil { return promptKey(key, &state) }
        if state.commandLine != nil { return commandKey(key, &state) }
        if state.filterField != nil { return filterKey(key, &state) }
        if let search = state.search, search.editing { return searchKey(key, &state) }
        if state.isTooSmall {
            return key == .character("q") ? perform(.quit, &state) : []
        }
        guard let action = KeyTable.action(for: key, in: state.focus) else { return [] }
        return perform(action, &state)
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
            return send(nil, &state)
        case .cancel:
            if state.sending != nil {
                state.status = StatusMessage(text: "cancelling \(state.sending ?? "the request")…", isError: false)
                return [.cancelSend]
            }
            if state.search != nil { state.search = nil }
        case .verify:
            guard let id = state.snapshot?.selected?.id else {
                state.status = StatusMessage(text: "select a spec to verify (Enter in the tree)", isError: true)
                return []
            }
            state.status = StatusMessage(text: "verifying \(id): sending live…", isError: false)
            return [.run(.verify([id]))]
        case .cycleMode:
            // From the mode last asked for, not the snapshot, which arrives later: `m m` lands two steps on.
            let next = (state.pendingModes.last ?? state.snapshot?.mode ?? .normal).next
            state.pendingModes.append(next)
            return [.run(.mode(next))]
        case .commandLine:
            state.commandLine = CommandLineState()
        case .help:
            state.dialog = .help(scroll: 0)
        default:
            return paneAction(action, &state)
        }
        return []
    }

    static func paneAction(_ action: Action, _ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .tree: return treeAction(action, &state)
        case .editor: return editorAction(action, &state)
        case .response: responseAction(action, &state)
        case .transfers: state.transferSelection = move(state.transferSelection, action, count: state.transfers.count, page: 5)
        case .retryLog: state.retrySelection = move(state.retrySelection, action, count: state.retryLog.count, page: 5)
        case .cache: return cacheAction(action, &state)
        }
        return []
    }

    static func focus(_ pane: Pane, _ state: inout AppState) {
        state.focus = pane
        if pane.isActivity { state.activity = pane }
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
        if let running = state.sending {
            state.status = StatusMessage(text: "\(running) is still running; Esc cancels it", isError: true)
            return []
        }
        guard let id = name ?? state.snapshot?.selected?.id else {
            state.status = StatusMessage(text: "select a spec first (Enter in the workspace tree)", isError: true)
            return []
        }
        state.sending = id
        state.sendStarted = state.now
        state.status = StatusMessage(text: "sending \(id) in \(state.snapshot?.mode.rawValue ?? "normal") mode… (Esc cancels)", isError: false)
        return [.send(name)]
    }
}
