import Foundation
import Synchronization
import Tern
import TernExplorer

/// On a terminal, one line on stderr while `tern send` waits: what it waits for and for how long
/// (`waiting for users/get-user … 2.4 s`), then a slow body's progress (`↓ 12.0 KB · 3.1 KB/s`),
/// redrawn every 250 ms at most and erased when the answer is complete. Never drawn into a pipe.
final class WaitingLine: Sendable {
    private struct State {
        var label = ""
        var attempt = 1
        var started = ContinuousClock.now
        var progress: TransferProgress?
        var drawn = false
        var done = false
    }

    /// How long a send may take before the line appears (a quick answer shows none).
    static let delay = Duration.milliseconds(300)
    /// How often the line is redrawn.
    static let interval = Duration.milliseconds(250)
    /// The longest a line may wait for its send: the ticker stops then, whatever happens.
    static let longest = Duration.seconds(24 * 3600)

    private let state = Mutex(State())
    private let ticker = Mutex<Task<Void, Never>?>(nil)

    /// Starts the ticker.
    init() {
        let task = Task { [weak self] in
            let end = ContinuousClock.now + Self.longest
            while ContinuousClock.now < end, !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                guard let self, !self.tick() else { return }
            }
        }
        ticker.withLock { $0 = task }
    }

    /// Follows the send's events: attempts restart the clock, progress replaces the waiting text.
    func update(_ event: HandlerEvent) {
        state.withLock { state in
            switch event.kind {
            case .attempt(let number):
                state.label = event.label
                state.attempt = number
                state.started = ContinuousClock.now
                state.progress = nil
            case .progress(let progress) where progress.direction == .download && !progress.isFinished:
                state.progress = progress
            default:
                break
            }
        }
        if case .response = event.kind { finish() }
        if case .failure = event.kind { finish() }
    }

    /// Erases the line and stops redrawing it.
    func finish() {
        let erase = state.withLock { state -> Bool in
            defer {
                state.done = true
                state.drawn = false
            }
            return state.drawn && !state.done
        }
        ticker.withLock { $0?.cancel() }
        if erase { StandardStream.error.write("\r\u{1B}[K") }
    }

    /// Draws the line when it is due; true once the line is done.
    private func tick() -> Bool {
        let text = state.withLock { state -> String? in
            guard !state.done else { return nil }
            let waited = ContinuousClock.now - state.started
            guard waited >= Self.delay, !state.label.isEmpty else { return "" }
            state.drawn = true
            let seconds = String(format: "%.1f s", waited.seconds)
            if let progress = state.progress {
                return "↓ \(ProgressLine(progress).text) · \(seconds)"
            }
            let attempt = state.attempt > 1 ? " (attempt \(state.attempt))" : ""
            return "waiting for \(state.label)\(attempt) … \(seconds)"
        }
        guard let text else { return true }
        if !text.isEmpty { StandardStream.error.write("\r\u{1B}[K" + text) }
        return false
    }
}
