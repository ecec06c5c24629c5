import Foundation
import Synchronization
import Tern

/// One line of the retry log: an attempt and how it ended.
public struct RetryLogEntry: Sendable, Hashable {
    public var date: Date
    public var label: String
    public var attempt: Int
    /// `503`, `200 live`, `connection failed: ...`; empty while the attempt runs.
    public var outcome: String
    /// The wait before the next attempt, when the policy retried.
    public var delayBeforeNext: Duration?
}

/// One upload or download, running or finished.
public struct TransferRecord: Sendable, Hashable {
    public var requestID: RequestID
    public var label: String
    public var progress: TransferProgress
    /// `nil` while running; then "done" or the error.
    public var outcome: String?
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
                state.retries.append(RetryLogEntry(date: event.date, label: event.label, attempt: number, outcome: ""))
            case .retry(let attempt, let cause, let delay):
                update(&state.retries, event, attempt: attempt) { $0.outcome = cause.description; $0.delayBeforeNext = delay }
            case .response(let status, let source, _, _):
                if let last = state.retries.lastIndex(where: { $0.label == event.label && $0.outcome.isEmpty }) {
                    state.retries[last].outcome = "\(status) \(source.rawValue)"
                }
                finishTransfers(&state.transfers, event.requestID, outcome: "done")
            case .failure(let error):
                if let last = state.retries.lastIndex(where: { $0.label == event.label && $0.outcome.isEmpty }) {
                    state.retries[last].outcome = "\(error.kind): \(error.message)"
                }
                finishTransfers(&state.transfers, event.requestID, outcome: "\(error.kind)")
            case .progress(let progress):
                if let index = state.transfers.lastIndex(where: {
                    $0.requestID == event.requestID && $0.progress.direction == progress.direction && $0.outcome == nil
                }) {
                    state.transfers[index].progress = progress
                } else {
                    state.transfers.append(TransferRecord(requestID: event.requestID, label: event.label, progress: progress))
                }
            case .cache:
                break
            }
            if state.retries.count > limit { state.retries.removeFirst(state.retries.count - limit) }
            if state.transfers.count > limit { state.transfers.removeFirst(state.transfers.count - limit) }
        }
        broadcaster.yield(.handler(event))
    }

    private func update(
        _ entries: inout [RetryLogEntry], _ event: HandlerEvent, attempt: Int, _ change: (inout RetryLogEntry) -> Void
    ) {
        if let index = entries.lastIndex(where: { $0.label == event.label && $0.attempt == attempt }) {
            change(&entries[index])
        }
    }

    private func finishTransfers(_ transfers: inout [TransferRecord], _ id: RequestID, outcome: String) {
        for index in transfers.indices where transfers[index].requestID == id && transfers[index].outcome == nil {
            transfers[index].outcome = outcome
        }
    }
}
