/// Looks for changes to a session's workspace files while a face runs (the TUI; the REPL looks before each
/// line instead), and reloads what changed.
///
/// It polls `WorkspaceStamp` (a `stat` per file, no reads): portable, and bounded in cost. When looking takes
/// longer than 2% of the interval (a very big workspace on a slow disk), the interval stretches to 50 times
/// the look's cost, up to `longest` (`nextWait`).
package enum WorkspaceWatcher {
    /// Starts looking every `interval` until the task is cancelled.
    package static func watch(
        _ session: ExplorerSession, every interval: Duration = .seconds(1), longest: Duration = .seconds(10)
    ) -> Task<Void, Never> {
        Task.detached {
            var wait = interval
            var previous: Duration?
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    return
                }
                let started = ContinuousClock.now
                let outcome = try? await session.reload()
                // Only a look that found nothing measures the look itself (a reload also parses files).
                guard outcome == nil else { continue }
                let cost = ContinuousClock.now - started
                wait = nextWait(interval: interval, longest: longest, cost: cost, previous: previous)
                previous = cost
            }
        }
    }

    /// The wait before the next look: 50 times what looking costs when that is more than `interval`, at most
    /// `longest`. The cheaper of the last two looks counts: one slow look (the machine busy, the session at
    /// other work) stretched the interval by itself to over a minute on a loaded machine, and the TUI stopped
    /// noticing changes for that long.
    static func nextWait(interval: Duration, longest: Duration, cost: Duration, previous: Duration?) -> Duration {
        let steady = previous.map { min($0, cost) } ?? cost
        return min(max(interval, longest), max(interval, steady * 50))
    }
}
