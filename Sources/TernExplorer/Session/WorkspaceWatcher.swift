/// Looks for changes to a session's workspace files while a face runs (the TUI; the REPL looks before each
/// line instead), and reloads what changed.
///
/// It polls `WorkspaceStamp` (a `stat` per file, no reads): portable, and bounded in cost. A look that takes
/// longer than 2% of the interval (a very big workspace on a slow disk) stretches the interval to 50 times
/// its cost.
package enum WorkspaceWatcher {
    /// Starts looking every `interval` until the task is cancelled.
    package static func watch(_ session: ExplorerSession, every interval: Duration = .seconds(1)) -> Task<Void, Never> {
        Task.detached {
            var wait = interval
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    return
                }
                let started = ContinuousClock.now
                let outcome = try? await session.reload()
                // Only a look that found nothing measures the look itself (a reload also parses files).
                if outcome == nil { wait = max(interval, (ContinuousClock.now - started) * 50) }
            }
        }
    }
}
