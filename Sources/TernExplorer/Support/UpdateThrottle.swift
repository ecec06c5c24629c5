import Foundation
import Synchronization

/// Runs an update at most every 100 ms: one asked for sooner runs when the interval is over, once.
final class UpdateThrottle: Sendable {
    private struct State {
        var last = ContinuousClock.now - .seconds(1)
        var pending = false
    }

    private let state = Mutex(State())

    func run(now: Bool = false, _ update: @escaping @Sendable () -> Void) {
        let wait: Duration? = state.withLock { state in
            let since = ContinuousClock.now - state.last
            if now || since >= .milliseconds(100) {
                state.last = .now
                return nil
            }
            if state.pending { return .zero }
            state.pending = true
            return .milliseconds(100) - since
        }
        switch wait {
        case nil: update()
        case .some(.zero): return
        case .some(let delay):
            Task {
                try? await Task.sleep(for: delay)
                self.state.withLock {
                    $0.pending = false
                    $0.last = .now
                }
                update()
            }
        }
    }
}
