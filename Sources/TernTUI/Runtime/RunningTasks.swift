import Synchronization

/// The runtime's tasks that have not ended, so that quitting cancels them. A task leaves as it ends: a
/// finished task whose handle is kept keeps the memory its async frames took (the read of a 623-spec
/// workspace behind the first frame held 0.75 MiB until the TUI quit, and every send added its own).
final class RunningTasks: Sendable {
    private struct State {
        var next = 0
        var tasks: [Int: Task<Void, Never>] = [:]
        var cancelled = false
    }

    private let state = Mutex(State())

    /// No tasks.
    init() {}

    /// Runs `body` in a detached task, kept until it ends (cancelled at once after `cancelAll()`).
    @discardableResult
    func spawn(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        state.withLock { state in
            let id = state.next
            state.next += 1
            // Made under the lock: the task cannot remove itself before it is added.
            let task = Task.detached { [self] in
                await body()
                _ = self.state.withLock { $0.tasks.removeValue(forKey: id) }
            }
            if state.cancelled { task.cancel() }
            state.tasks[id] = task
            return task
        }
    }

    /// Keeps `task`, made elsewhere, until it ends, so that `cancelAll()` cancels it.
    func keep(_ task: Task<Void, Never>) {
        spawn {
            await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// Cancels every task that has not ended, and any spawned later.
    func cancelAll() {
        let running = state.withLock { state in
            state.cancelled = true
            return Array(state.tasks.values)
        }
        for task in running { task.cancel() }
    }

    /// How many tasks have not ended.
    var count: Int { state.withLock { $0.tasks.count } }
}
