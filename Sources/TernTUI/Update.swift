import Foundation
import Tern
import TernExplorer
import TernScreen

/// The app's logic: a pure function from a state and a message to a new state and the effects to run.
///
/// Each pane's messages go to its component (`Components/`: workspace tree, request editor,
/// response, activity), whose reply says what to run and show. Keys are routed in
/// `Update+Keys.swift`, dialogs and the `:` line in `Update+Input.swift`, command results in
/// `Update+Results.swift`, the run results and history views in `Update+Views.swift`.
package enum App {
    package static func update(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        if let effects = viewMessage(msg, &state) { return effects }
        switch msg {
        case .key(.ctrl("c")):
            state.quitting = true
            return []
        case .key(.mouse(let event)):
            return mouse(event, &state)
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
            state.requestEditor.snapshotChanged(snapshot, previous: previous)
            state.workspaceTree.snapshotChanged(snapshot)
            // The Vars tab shows captured values too, which only the session knows.
            return [.loadVariables]
        case .handlerEvent:
            return [.refreshActivity]
        case .activity(let retryLog, let transfers):
            state.activityPanes.activityArrived(retryLog: retryLog, transfers: transfers)
            return []
        case .cacheLoaded(let rows):
            state.activityPanes.cacheLoaded(rows)
            return []
        case .commandFinished(let command, let result):
            return finished(command, result, &state)
        case .responseReady(let view):
            return state.apply(state.responsePane.show(view, now: state.now))
        case .streamed(let items):
            state.responsePane.streamed(items, height: Layout(state.size).responseBodyHeight)
            return []
        case .sendFailed(let error):
            return state.apply(state.responsePane.sendFailed(error))
        case .editFinished(let result):
            switch result {
            case .success(let text): state.status = StatusMessage(text: text, isError: false)
            case .failure(let error): state.status = StatusMessage(text: error.message, isError: true)
            }
            return []
        case .searchFinished(let query, let matches):
            let height = Layout(state.size).responseBodyHeight
            return state.apply(state.responsePane.searchFinished(query: query, matches: matches, height: height))
        case .tick(let date):
            state.now = date
            return []
        case .editorRequested(let job):
            return [.openEditor(job)]
        case .editorFinished(let job, let result):
            // A caller outside the TUI was answered by the runtime; the TUI's own edit becomes the body.
            guard job.reply == nil else { return [] }
            switch result {
            case .success(let text): return bodyEdited(job, text, &state)
            case .failure(let error): state.status = StatusMessage(text: error.message, isError: true)
            }
            return []
        case .yankReady(let target, let result):
            switch result {
            case .success(let text): return copied(text, what: target == .curl ? "the curl command" : "the URL", &state)
            case .failure(let error): state.status = StatusMessage(text: error.message, isError: true)
            }
            return []
        case .authorization(let prompt):
            signIn(prompt, &state)
            return []
        case .reloaded(let outcome):
            state.status = reloadStatus(outcome)
            return []
        case .filterFinished, .variablesLoaded, .runProgress, .runFinished, .runFailed, .historyLoaded,
            .historyEntryReady:
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

    /// The selection after a list view's navigation key (arrows, j/k, pages, g/G), or `nil` when
    /// `key` is not one: the keys every list view (history, run results) shares.
    static func listMove(_ selection: Int, _ key: Key, count: Int, page: Int) -> Int? {
        switch key {
        case .up, .character("k"): move(selection, .up, count: count, page: page)
        case .down, .character("j"): move(selection, .down, count: count, page: page)
        case .pageUp: move(selection, .pageUp, count: count, page: page)
        case .pageDown: move(selection, .pageDown, count: count, page: page)
        case .home, .character("g"): 0
        case .end, .character("G"): max(0, count - 1)
        default: nil
        }
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
