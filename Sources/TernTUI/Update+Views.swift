import Foundation
import Tern
import TernExplorer
import TernSQLite
import TernScreen

/// The views over the frame (run results, history) and the results that feed them and the Vars tab.
extension App {
    /// Handles the messages of runs, the history, the filter line and the variables; `nil` for others.
    static func viewMessage(_ msg: Msg, _ state: inout AppState) -> [Effect]? {
        switch msg {
        case .filterFinished(let expression, let result):
            return state.apply(state.responsePane.filterFinished(expression: expression, result: result))
        case .variablesLoaded(let rows):
            state.requestEditor.variablesLoaded(rows)
            return []
        case .runProgress(let done, let total, let current):
            let progress = RunProgress(done: done, total: total, current: current)
            state.runProgress = progress
            state.status = StatusMessage(text: progress.text, isError: false)
            return []
        case .runFinished(let summary, let responses):
            state.runProgress = nil
            state.runResults = RunResults(summary: summary, responses: responses)
            state.status = StatusMessage(text: summary.line, isError: summary.exitStatus != .success)
            return [.refreshActivity, .loadCache, .loadVariables]
        case .runFailed(let error):
            state.runProgress = nil
            state.status = StatusMessage(text: error.message, isError: true)
            return []
        case .historyLoaded(let entries):
            state.history = HistoryList(entries: entries)
            state.status = StatusMessage(
                text: entries.isEmpty ? "nothing sent yet" : "history: " + Format.count(entries.count, "send"),
                isError: false)
            return []
        case .historyEntryReady(let view):
            let effects = state.apply(state.responsePane.show(view, now: state.now))
            focus(.response, &state)
            return effects
        default:
            return nil
        }
    }

    /// Keys while the run results or the history view is open; `nil` when neither is.
    static func overlayKey(_ key: Key, _ state: inout AppState) -> [Effect]? {
        let height = max(1, state.size.height - 8)
        if var runs = state.runResults, runs.isOpen {
            let reply = runs.key(key, height: height)
            state.runResults = runs
            if key == .enter, !runs.isOpen, let id = runs.selected?.id, let view = runs.responses[id] {
                let effects = state.apply(state.responsePane.show(view, now: state.now))
                focus(.response, &state)
                return effects
            }
            return state.apply(reply)
        }
        if var cookies = state.cookies, cookies.isOpen {
            let reply = cookies.key(key, height: height)
            state.cookies = cookies
            return state.apply(reply)
        }
        if var history = state.history, history.isOpen {
            if key == .character("s") {
                guard let spec = history.selected?.spec else {
                    state.status = StatusMessage(
                        text: "this entry was not sent from a spec: it cannot be sent again", isError: true)
                    return []
                }
                history.isOpen = false
                state.history = history
                focus(.response, &state)
                return send(spec, &state)
            }
            let reply = history.key(key, height: height)
            state.history = history
            return state.apply(reply)
        }
        return nil
    }

    /// Starts a run of `names` (every spec when empty), unless one is going.
    static func startRun(_ names: [String], _ state: inout AppState) -> [Effect] {
        if state.runProgress != nil {
            state.status = StatusMessage(text: "a run is going; Esc cancels it", isError: true)
            return []
        }
        let progress = RunProgress(done: 0, total: 0, current: nil)
        state.runProgress = progress
        let what = names.isEmpty ? "every spec" : names.joined(separator: ", ")
        state.status = StatusMessage(text: "running \(what)… Esc cancels", isError: false)
        return [.runSpecs(names)]
    }

    /// `R` in the tree: the group under the cursor, or the spec.
    static func runUnderCursor(_ state: inout AppState) -> [Effect] {
        let rows = state.treeRows
        guard !rows.isEmpty else { return [] }
        switch rows[clamp(state.workspaceTree.selection, count: rows.count)].kind {
        case .group(let path, _): return startRun([path], &state)
        case .spec(let spec): return startRun([spec.id], &state)
        }
    }

    /// `:filter EXPR` with a response shown: the pane's filter line, applied.
    static func applyFilter(_ expression: String, _ state: inout AppState) -> [Effect] {
        state.responsePane.tab = .body
        state.responsePane.search = nil
        var filter = FilterState(field: TextField(expression))
        filter.editing = false
        filter.expression = expression
        filter.running = true
        state.responsePane.filter = filter
        focus(.response, &state)
        return [.filterBody(expression)]
    }
}
