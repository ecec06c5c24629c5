import Synchronization

/// Holds a mock's requests until its canned routes are in (`MockServer.start(awaitingRoutes:)`), for at
/// most `limit`: the routes of a workspace whose spec files are still being read when the mock starts.
final class MockRouteGate: Sendable {
    private struct State {
        var isOpen: Bool
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>
    /// The longest a request waits; past it, it gets the routes there are.
    let limit: Duration

    init(open: Bool, limit: Duration = .seconds(10)) {
        state = Mutex(State(isOpen: open))
        self.limit = limit
    }

    /// Whether requests go through without waiting.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Lets the held requests and every later one through.
    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open, `limit` has passed, or the task is cancelled.
    func pass() async {
        if isOpen { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitUntilOpen() }
            group.addTask { try? await Task.sleep(for: self.limit) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitUntilOpen() async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passes = state.withLock { state in
                    guard !state.isOpen, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
