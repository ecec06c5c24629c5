import Foundation
import Synchronization

/// Work started at once on a thread of its own, its result awaited later: for blocking work that
/// should overlap with the caller's (a task could wait for a thread of the small concurrency pool).
/// Any number of tasks may await `value`, and threads may `wait()`, at the same time.
package final class ThreadResult<Value: Sendable>: Sendable {
    private enum State {
        case running([CheckedContinuation<Value, Never>])
        case finished(Value)
    }

    private let state = Mutex(State.running([]))
    private let finished = DispatchGroup()

    package init(_ work: @escaping @Sendable () -> Value) {
        finished.enter()
        Thread.detachNewThread { self.finish(work()) }
    }

    /// The work's result, blocking the calling thread until it has finished (never nil then).
    package func wait() -> Value? {
        finished.wait()
        return state.withLock { state in
            if case .finished(let value) = state { return value }
            return nil
        }
    }

    /// The work's result, once it has finished.
    package var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let finished: Value? = state.withLock { state in
                    switch state {
                    case .finished(let value):
                        return value
                    case .running(let waiting):
                        state = .running(waiting + [continuation])
                        return nil
                    }
                }
                if let finished { continuation.resume(returning: finished) }
            }
        }
    }

    private func finish(_ value: Value) {
        let waiting: [CheckedContinuation<Value, Never>] = state.withLock { state in
            defer { state = .finished(value) }
            if case .running(let waiting) = state { return waiting }
            return []
        }
        finished.leave()
        for continuation in waiting { continuation.resume(returning: value) }
    }
}
