package import TernExplorer

/// A run's progress while it goes: how many specs were sent of how many, and the one being sent.
package struct RunProgress: Sendable, Hashable {
    package var done: Int
    package var total: Int
    package var current: String?

    /// "running 3/12… (users/me)".
    package var text: String {
        let count = total > 0 ? "\(min(done + 1, total))/\(total)" : ""
        return "running \(count)…" + (current.map { " (\($0))" } ?? "") + " Esc cancels"
    }
}

/// The run results view (`R` in the tree, `:run`): every spec's outcome, the selected one's
/// failed expectations, and the response the run got for each spec.
package struct RunResults: Sendable {
    /// The run shown.
    package var summary: RunSummary
    /// The response the run got for each spec (by `SpecRunResult.key`; absent when none came).
    package var responses: [String: ResponseView]
    /// The selected spec's row.
    package var selection = 0
    /// Whether the view is over the frame (Enter and Esc close it; `:run` with no new run reopens it).
    package var isOpen = true

    /// A view of `summary` with the first spec selected.
    package init(summary: RunSummary, responses: [String: ResponseView]) {
        self.summary = summary
        self.responses = responses
        selection = summary.results.firstIndex { $0.outcome != .passed } ?? 0
    }

    /// The selected spec's result.
    package var selected: SpecRunResult? {
        summary.results.isEmpty ? nil : summary.results[ListCursor.clamp(selection, count: summary.results.count)]
    }
}
