package import Foundation
import Synchronization
package import Tern

/// One line of the retry log: an attempt and how it ended.
package struct RetryLogEntry: Sendable, Hashable {
    /// The send this attempt belongs to.
    package var requestID: RequestID
    /// When the attempt started.
    package var date: Date
    /// The spec id or the request's label.
    package var label: String
    /// The attempt's number, from 1.
    package var attempt: Int
    /// `running` while the attempt runs, then how it ended.
    package var outcome: ActivityOutcome
    /// The wait before the next attempt, when the policy retried.
    package var delayBeforeNext: Duration?

    /// Makes an entry.
    package init(
        requestID: RequestID, date: Date, label: String, attempt: Int, outcome: ActivityOutcome = .running,
        delayBeforeNext: Duration? = nil
    ) {
        self.requestID = requestID
        self.date = date
        self.label = label
        self.attempt = attempt
        self.outcome = outcome
        self.delayBeforeNext = delayBeforeNext
    }
}

/// One upload or download, running or finished.
package struct TransferRecord: Sendable, Hashable {
    /// The send that moves the bytes.
    package var requestID: RequestID
    /// The spec id or the request's label.
    package var label: String
    /// The latest progress.
    package var progress: TransferProgress
    /// `running`, then `done`, `cancelled` or `failed`.
    package var outcome: ActivityOutcome

    /// Makes a record.
    package init(requestID: RequestID, label: String, progress: TransferProgress, outcome: ActivityOutcome = .running) {
        self.requestID = requestID
        self.label = label
        self.progress = progress
        self.outcome = outcome
    }
}

/// Keeps the retry log and the transfers from handler events, synchronously, so a `log` right
/// after a `send` sees everything; forwards each event to the session's subscribers.
final class ActivityLog: Sendable {
    private struct State {
        var retries: [RetryLogEntry] = []
        var transfers: [TransferRecord] = []
    }

    private let state = Mutex(State())
    private let limit = 500
    let broadcaster = EventBroadcaster<ExplorerEvent>()

    var retryLog: [RetryLogEntry] { state.withLock { $0.retries } }
    var transfers: [TransferRecord] { state.withLock { $0.transfers } }

    func record(_ event: HandlerEvent) {
        state.withLock { state in
            switch event.kind {
            case .attempt(let number):
                state.retries.append(
                    RetryLogEntry(requestID: event.requestID, date: event.date, label: event.label, attempt: number))
            case .retry(let attempt, let cause, let delay):
                let id = event.requestID
                if let index = state.retries.lastIndex(where: { $0.requestID == id && $0.attempt == attempt }) {
                    state.retries[index].outcome = .retried(cause: cause.description)
                    state.retries[index].delayBeforeNext = delay
                }
            case .response(let status, let source, _, _, _):
                finishAttempt(&state.retries, event.requestID, outcome: .status(status, source))
                finishTransfers(&state.transfers, event.requestID, outcome: .done)
            case .failure(let error):
                let cancelled = error.kind == .cancelled
                finishAttempt(
                    &state.retries, event.requestID,
                    outcome: cancelled ? .cancelled : .failed(reason: "\(error.kind.summary): \(error.message)"))
                let ended: ActivityOutcome = cancelled ? .cancelled : .failed(reason: error.kind.summary)
                finishTransfers(&state.transfers, event.requestID, outcome: ended)
            case .progress(let progress):
                if let index = state.transfers.lastIndex(where: {
                    $0.requestID == event.requestID && $0.progress.direction == progress.direction
                        && $0.outcome.isRunning
                }) {
                    state.transfers[index].progress = progress
                } else {
                    state.transfers.append(
                        TransferRecord(requestID: event.requestID, label: event.label, progress: progress))
                }
            case .reconnect(let number, let delay, let lastEventID):
                // The retry log shows each reconnection of a stream as an entry that waits `delay`.
                let since = lastEventID.map { " after event \($0)" } ?? ""
                state.retries.append(
                    RetryLogEntry(
                        requestID: event.requestID, date: event.date, label: event.label, attempt: number,
                        outcome: .retried(cause: "stream ended; reconnecting\(since)"), delayBeforeNext: delay))
            case .cache, .redirect:
                break
            }
            if state.retries.count > limit { state.retries.removeFirst(state.retries.count - limit) }
            if state.transfers.count > limit { state.transfers.removeFirst(state.transfers.count - limit) }
        }
        broadcaster.yield(.handler(event))
    }

    /// A WebSocket conversation as a transfer: the bytes it received so far, running until it ends
    /// (`finished`: done for a normal close, else failed with the close code).
    func recordConversation(_ socket: WebSocket, label: String, finished: Bool) {
        let transcript = socket.transcript
        let bytes = transcript.frames.reduce(Int64(0)) { $0 + Int64($1.message.byteCount) }
        let progress = TransferProgress(direction: .download, bytes: bytes, total: nil, isFinished: finished)
        var outcome = ActivityOutcome.running
        if finished {
            outcome = transcript.close.map { $0.code.isNormal ? .done : .failed(reason: "closed \($0.code)") } ?? .done
        }
        let id = socket.requestID
        state.withLock { state in
            if let index = state.transfers.lastIndex(where: { $0.requestID == id && $0.label == label }) {
                state.transfers[index].progress = progress
                state.transfers[index].outcome = outcome
            } else {
                state.transfers.append(
                    TransferRecord(requestID: id, label: label, progress: progress, outcome: outcome))
            }
        }
        broadcaster.yield(.stateChanged)
    }

    private func finishAttempt(_ entries: inout [RetryLogEntry], _ id: RequestID, outcome: ActivityOutcome) {
        if let last = entries.lastIndex(where: { $0.requestID == id && $0.outcome.isRunning }) {
            entries[last].outcome = outcome
        }
    }

    private func finishTransfers(_ transfers: inout [TransferRecord], _ id: RequestID, outcome: ActivityOutcome) {
        for index in transfers.indices where transfers[index].requestID == id && transfers[index].outcome.isRunning {
            transfers[index].outcome = outcome
        }
    }
}
