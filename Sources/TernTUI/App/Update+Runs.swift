import Foundation
import Tern
import TernExplorer
import TernExplorerStorage
import TernScreen

/// Runs (`R`, `:run`) and their results, and `:filter`.
extension App {
    /// A run sent a spec: the progress shows on the status line.
    static func runProgressed(_ progress: RunProgress, _ state: inout AppState) {
        state.runProgress = progress
        state.status = StatusMessage(text: progress.text, isError: false)
    }

    /// A run finished: its results open over the frame, and the panes it changed are read again.
    static func runFinished(_ summary: RunSummary, responses: [String: ResponseView], _ state: inout AppState)
        -> [Effect]
    {
        state.runProgress = nil
        state.runResults = RunResults(summary: summary, responses: responses)
        state.status = StatusMessage(text: summary.line, isError: summary.exitStatus != .success)
        return [.refreshActivity, .loadCache, .loadVariables]
    }

    /// Starts a run of `target` (every spec when it names none), unless one is going.
    static func startRun(_ target: RunTarget, _ state: inout AppState) -> [Effect] {
        if state.runProgress != nil {
            state.status = StatusMessage(text: "a run is going; Esc cancels it", isError: true)
            return []
        }
        let progress = RunProgress(done: 0, total: 0, current: nil)
        state.runProgress = progress
        let what = target.names.isEmpty ? "every spec" : target.names.joined(separator: ", ")
        let rows = target.data.map { " once per row of \($0)" } ?? ""
        state.status = StatusMessage(text: "running \(what)\(rows)… Esc cancels", isError: false)
        return [.runSpecs(target)]
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
