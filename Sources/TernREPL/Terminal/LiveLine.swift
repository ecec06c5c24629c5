import Foundation
import Synchronization
import Tern
import TernExplorer

/// One updating line while a command sends: attempts with the time spent waiting, retries and
/// download/upload progress, redrawn in place (`\r` and clear to end of line) at most ten times a
/// second (and every 250 ms while waiting, so the elapsed time moves), cleared at the end.
final class LiveLine: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
        var attempt = 0
        var retryNote = ""
        /// Set once a stream prints its items: the line stays away from them.
        var silenced = false
        /// What the line says while nothing arrives (`sending users/get-user …`), and since when.
        var waiting: (text: String, since: ContinuousClock.Instant)?
    }

    /// How often the waiting time is redrawn.
    static let tick = Duration.milliseconds(250)

    private let output: any OutputSink
    private let width: Int
    private let state = Mutex(State())

    /// A line on `output`, cut to `width` columns so that it never wraps.
    init(output: any OutputSink, width: Int) {
        self.output = output
        self.width = max(20, width - 1)
    }

    /// Follows `events` until the task running this is cancelled.
    func follow(_ events: AsyncStream<ExplorerEvent>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.tick)
                    redrawWaiting()
                }
            }
            for await event in events {
                guard case .handler(let handlerEvent) = event else { continue }
                update(handlerEvent)
            }
            group.cancelAll()
        }
    }

    /// Redraws the waiting line with the time spent so far (`sending users/get-user … 2.4 s`).
    func redrawWaiting(now: ContinuousClock.Instant = .now) {
        guard let waiting = state.withLock({ $0.waiting }) else { return }
        draw("\(waiting.text) \(HumanUnits.duration(now - waiting.since))", force: true)
    }

    private func wait(_ text: String) {
        state.withLock { $0.waiting = (text, .now) }
        draw(text, force: true)
    }

    func update(_ event: HandlerEvent) {
        switch event.kind {
        case .attempt(let number):
            let text = state.withLock { state -> String in
                state.attempt = number
                return number > 1 ? "attempt \(number)\(state.retryNote) …" : "sending \(event.label) …"
            }
            wait(text)
        case .retry(let attempt, let cause, let delay):
            let note = " (attempt \(attempt): \(cause), retrying in \(HumanUnits.duration(delay)))"
            state.withLock {
                $0.retryNote = note
                $0.waiting = nil
            }
            draw("retrying" + note, force: true)
        case .progress(let progress):
            state.withLock { $0.waiting = nil }
            draw(Self.describe(progress), force: progress.isFinished)
        case .reconnect(let number, let delay, let lastEventID):
            let since = lastEventID.map { " after event \($0)" } ?? ""
            state.withLock { $0.waiting = nil }
            draw("the stream ended; reconnection \(number) in \(HumanUnits.duration(delay))\(since) …", force: true)
        case .redirect(let hop):
            wait("\(hop.status) → \(hop.method) \(hop.to) …")
        case .response, .failure:
            state.withLock { $0.waiting = nil }
        case .cache:
            break
        }
    }

    /// `↓ 12.4 MB / 50.0 MB  24% · 30.1 MB/s · ETA 2s`.
    static func describe(_ progress: TransferProgress) -> String {
        ProgressLine(progress).text
    }

    /// Erases the line and draws nothing more (a streamed body prints below it).
    func silence() {
        let drawn = state.withLock { state -> Bool in
            defer {
                state.drawn = false
                state.silenced = true
            }
            return state.drawn
        }
        if drawn { output.write("\r\u{1B}[K") }
    }

    /// Erases the line, if anything was drawn.
    func clear() {
        let drawn = state.withLock { state -> Bool in
            defer { state.drawn = false }
            return state.drawn
        }
        if drawn { output.write("\r\u{1B}[K") }
    }

    private func draw(_ text: String, force: Bool) {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            if state.silenced { return false }
            if !force, let last = state.lastDraw, now - last < .milliseconds(100) { return false }
            state.lastDraw = now
            state.drawn = true
            return true
        }
        if due { output.write("\r\u{1B}[K" + String(text.prefix(width))) }
    }
}
