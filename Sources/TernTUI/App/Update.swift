import Foundation
import Tern
import TernExplorer
import TernExplorerStorage
import TernScreen

/// The app's logic: a pure function from a state and a message to a new state and the effects to run.
///
/// One switch handles every message, without a `default`, so the compiler proves each is handled.
/// A pane's messages go to its component (`Components/`), whose `Reply` says what to run and show;
/// keys go down the focus stack (`Update+Keys.swift`) to components, the text lines being typed
/// included; dialogs and what the `:` line runs are in `Update+Input.swift`, command results in
/// `Update+Results.swift`, runs in `Update+Runs.swift`. Why this root is a switch and not a
/// `Component`: docs/architecture.md, "The TUI's loop".
package enum App {
    package static func update(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case .key(.ctrl("c")):
            return interrupt(&state)
        case .key(.mouse(let event)):
            return mouse(event, &state)
        case .key(let key):
            return handle(key, &state)
        case .resized(let size):
            state.size = size
            return []
        case .snapshot(let snapshot):
            return snapshotArrived(snapshot, &state)
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
            state.requestEditor.pendingMarks = nil
            return state.apply(state.responsePane.show(view, now: state.now))
        case .streamed(let items):
            state.responsePane.streamed(items, height: state.layout.responseBodyHeight)
            return []
        case .sendFailed(let error):
            let failed = state.responsePane.sending
            let effects = state.apply(state.responsePane.sendFailed(error))
            if !error.places.isEmpty {
                state.requestEditor.pendingMarks = PendingMarks(
                    places: error.places, since: state.snapshot?.selected?.id)
                markRefusal(&state)
            }
            askForSecret(in: error, resend: .some(failed), &state)
            return effects
        case .editFinished(let result):
            state.status = StatusMessage(result)
            return []
        case .searchFinished(let query, let matches):
            let height = state.layout.responseBodyHeight
            return state.apply(state.responsePane.searchFinished(query: query, matches: matches, height: height))
        case .filterFinished(let expression, let result):
            return state.apply(state.responsePane.filterFinished(expression: expression, result: result))
        case .variablesLoaded(let rows):
            state.requestEditor.variablesLoaded(rows)
            return []
        case .runProgress(let done, let total, let current):
            runProgressed(RunProgress(done: done, total: total, current: current), &state)
            return []
        case .runFinished(let summary, let responses):
            return runFinished(summary, responses: responses, &state)
        case .runFailed(let error):
            state.runProgress = nil
            state.status = StatusMessage(text: error.message, isError: true)
            return []
        case .historyLoaded(let entries):
            historyLoaded(entries, &state)
            return []
        case .historyEntryReady(let view):
            return state.apply(Reply(event: .showResponse(view)))
        case .tick(let date):
            state.now = date
            return []
        case .editorRequested(let job):
            return [.openEditor(job)]
        case .editorFinished(let job, let result):
            return editorFinished(job, result, &state)
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
        case .loadProgress(let figures):
            state.loadFigures = figures
            state.status = StatusMessage(text: "load: " + figures.liveLine, isError: figures.errorCount > 0)
            return []
        case .specsLoaded:
            return []
        }
    }

    /// The session changed: the components keep their cursors on rows, and the Vars tab is read
    /// again (it shows captured values too, which only the session knows).
    static func snapshotArrived(_ snapshot: ExplorerSnapshot, _ state: inout AppState) -> [Effect] {
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
        markRefusal(&state)
        state.workspaceTree.snapshotChanged(snapshot)
        // A conversation held open shows in the response pane as it goes, newest last.
        if let conversation = snapshot.conversation, state.responsePane.sending == nil {
            let view = ResponseView.make(conversation: conversation)
            let height = state.layout.responseBodyHeight
            // The pane follows the newest message unless the user scrolled up in this conversation.
            let shown = state.responsePane.view?.conversationMessages != nil && state.responsePane.tab == .body
            let atEnd = !shown || state.responsePane.scroll >= max(0, state.responsePane.lineCount - height)
            state.responsePane.view = view
            state.responsePane.tab = .body
            if atEnd { state.responsePane.scroll = max(0, view.body.lineCount - height) }
        }
        return [.loadVariables] + state.workspaceTree.catalogsWanted(snapshot)
            + state.workspaceTree.graphQLCatalogsWanted(snapshot)
    }

    /// A refused send's problems, marked where they are in the Body tab once the snapshot shows their spec
    /// selected: the select and the send run as two tasks, and the refusal can come back first.
    static func markRefusal(_ state: inout AppState) {
        guard let pending = state.requestEditor.pendingMarks, let spec = pending.places.first?.spec else { return }
        let selected = state.snapshot?.selected
        guard let detail = selected, detail.id == spec else {
            if selected?.id != pending.since { state.requestEditor.pendingMarks = nil }
            return
        }
        state.requestEditor.pendingMarks = nil
        state.requestEditor.marks = BodyMarks(spec: detail.id, body: detail.body, places: pending.places)
        state.requestEditor.tab = .body
        focus(.editor, &state)
    }

    /// `$EDITOR` exited: a caller outside the TUI was answered by the runtime; the TUI's own edit
    /// becomes the body.
    static func editorFinished(_ job: EditorJob, _ result: Result<String, ExplorerError>, _ state: inout AppState)
        -> [Effect]
    {
        guard job.reply == nil else { return [] }
        switch result {
        case .success(let text): return bodyEdited(job, text, &state)
        case .failure(let error): state.status = StatusMessage(text: error.message, isError: true)
        }
        return []
    }

    /// The history was read: the view opens on it.
    static func historyLoaded(_ entries: [HistoryEntry], _ state: inout AppState) {
        state.history = HistoryList(entries: entries)
        state.status = StatusMessage(
            text: entries.isEmpty ? "nothing sent yet" : "history: " + Format.count(entries.count, "send"),
            isError: false)
    }
}

extension StatusMessage {
    /// What an editor change reports: its text, or its error.
    init(_ result: Result<String, ExplorerError>) {
        switch result {
        case .success(let text): self.init(text: text, isError: false)
        case .failure(let error): self.init(text: error.message, isError: true)
        }
    }
}
