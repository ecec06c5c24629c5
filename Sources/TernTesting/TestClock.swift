public import Foundation
import Synchronization
public import Tern

/// A clock for tests: sleeping returns at once but advances `now`, and every sleep is recorded,
/// so backoff, `Retry-After` and TTLs are checked exactly and without waiting.
public final class TestClock: TernClock {
    private struct State {
        var now: Date
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>

    /// Starts the clock at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(State(now: start))
    }

    public var now: Date {
        state.withLock { $0.now }
    }

    /// Every duration slept so far, in order.
    public var sleeps: [Duration] {
        state.withLock { $0.sleeps }
    }

    /// Moves `now` forward.
    public func advance(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(duration)
            state.now = state.now.addingTimeInterval(duration.seconds)
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}
