import Foundation
import Tern
import TernExplorer
import TernScreen

/// The app's logic: a pure function from a state and a message to a new state and the effects to run.
///
/// Keys are in `Update+Keys.swift`, each pane's actions in `Update+Panes.swift`, text fields and
/// dialogs in `Update+Input.swift`, command results in `Update+Results.swift`.
public enum App {
    public static func update(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case .key(.ctrl("c")):
            state.quitting = true
            return []
        case .key(let key):
            return handle(key, &state)
        case .resized(let size):
            state.size = size
            return []
        case .snapshot(let snapshot):
            let previous = state.snapshot?.selected?.id
            state.snapshot = snapshot
            // A snapshot showing one of the modes asked for settles it and those before; any other
            // mode was set elsewhere (`:mode`), and the presses in flight no longer count.
            if let index = state.pendingModes.firstIndex(of: snapshot.mode) {
                state.pendingModes.removeFirst(index + 1)
            } else {
                state.pendingModes.removeAll()
            }
            if snapshot.selected?.id != previous { state.editorSelection = 0 }
            state.treeSelection = clamp(state.treeSelection, count: state.treeRows.count)
            state.editorSelection = clamp(state.editorSelection, count: state.editorItems.count)
            return []
        case .handlerEvent:
            return [.refreshActivity]
        case .activity(let retryLog, let transfers):
            state.retrySelection = follow(state.retrySelection, old: state.retryLog.count, new: retryLog.count)
            state.transferSelection = follow(state.transferSelection, old: state.transfers.count, new: transfers.count)
            state.retryLog = retryLog
            state.transfers = transfers
            return []
        case .cacheLoaded(let rows):
            state.cacheEntries = rows
            state.cacheLoaded = true
            state.cacheSelection = clamp(state.cacheSelection, count: rows.count)
            return []
        case .commandFinished(let command, let result):
            return finished(command, result, &state)
        case .responseReady(let view):
            let wasSending = state.sending != nil
            state.response = view
            state.sending = nil
            state.responseScroll = 0
            state.responseLeft = 0
            state.search = nil
            let summary = view.summary(now: state.now).shortLine
            state.status = StatusMessage(text: "\(view.title): \(summary)", isError: false)
            return wasSending ? [.refreshActivity, .loadCache] : []
        case .sendFailed(let error):
            state.sending = nil
            state.status = StatusMessage(text: error.message, isError: true)
            return [.refreshActivity, .loadCache]
        case .editFinished(let result):
            switch result {
            case .success(let text): state.status = StatusMessage(text: text, isError: false)
            case .failure(let error): state.status = StatusMessage(text: error.message, isError: true)
            }
            return []
        case .searchFinished(let query, let matches):
            guard var search = state.search, search.query == query else { return [] }
            search.running = false
            search.matches = matches
            search.current = matches.firstIndex { $0 >= state.responseScroll } ?? 0
            state.search = search
            if matches.isEmpty {
                state.status = StatusMessage(text: "'\(query)' is not in the body", isError: true)
            } else {
                state.status = StatusMessage(text: "'\(query)': \(matches.count) matching lines (n/N move)", isError: false)
                scrollToMatch(&state)
            }
            return []
        case .tick(let date):
            state.now = date
            return []
        }
    }

    // MARK: Helpers

    static func clamp(_ index: Int, count: Int) -> Int {
        count == 0 ? 0 : min(max(0, index), count - 1)
    }

    /// Keeps a selection on the newest row when it was on the newest row before.
    static func follow(_ selection: Int, old: Int, new: Int) -> Int {
        if old == 0 || selection >= old - 1 { return max(0, new - 1) }
        return clamp(selection, count: new)
    }

    static func move(_ index: Int, _ action: Action, count: Int, page: Int) -> Int {
        let moved: Int
        switch action {
        case .up: moved = index - 1
        case .down: moved = index + 1
        case .pageUp: moved = index - page
        case .pageDown: moved = index + page
        case .top: moved = 0
        case .bottom: moved = count - 1
        default: moved = index
        }
        return clamp(moved, count: count)
    }
}
