import Foundation
import Synchronization

/// Counts the bytes of one body and reports cumulative progress to a transport's `TransportContext`:
/// at most every 64 KiB while it moves, then once with `isFinished` when `finish()` is called.
/// Shared by every transport so they report alike.
public final class TransferMeter: Sendable {
    private struct State {
        var bytes: Int64
        var reported: Int64 = -1
        var reportedAt = ContinuousClock.now
        var finished = false
    }

    private let direction: TransferProgress.Direction
    private let total: Int64?
    private let initial: Int64
    private let report: @Sendable (TransferProgress) -> Void
    private let started = ContinuousClock.now
    private let state: Mutex<State>
    private static let step: Int64 = 64 * 1024
    /// A slow body reports at least this often (when bytes moved), whatever `step` says.
    public static let interval = Duration.milliseconds(250)

    /// Makes a meter; `startingAt` counts bytes already in place (a resumed download).
    public init(
        direction: TransferProgress.Direction, total: Int64?, startingAt initial: Int64 = 0,
        report: @escaping @Sendable (TransferProgress) -> Void
    ) {
        self.direction = direction
        self.total = total
        self.initial = initial
        self.report = report
        state = Mutex(State(bytes: initial))
    }

    /// A meter reporting to `report`, or `nil` when there is nobody to report to.
    public static func reporting(
        to report: (@Sendable (TransferProgress) -> Void)?, direction: TransferProgress.Direction, total: Int64?,
        startingAt initial: Int64 = 0
    ) -> TransferMeter? {
        report.map { TransferMeter(direction: direction, total: total, startingAt: initial, report: $0) }
    }

    /// Adds `count` bytes moved.
    public func add(_ count: Int) {
        advance { $0 + Int64(count) }
    }

    /// Sets the cumulative count (URLSession reports uploads as running totals); never goes back.
    public func update(to bytes: Int64) {
        advance { max($0, bytes) }
    }

    /// Reports the final count once.
    public func finish() {
        let snapshot: Int64? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            return state.bytes
        }
        if let snapshot { report(progress(snapshot, finished: true)) }
    }

    private func advance(_ next: (Int64) -> Int64) {
        let snapshot: Int64? = state.withLock { state in
            guard !state.finished else { return nil }
            state.bytes = next(state.bytes)
            // The last report (isFinished) is finish()'s, so a small body reports once, not twice.
            let now = ContinuousClock.now
            let due = state.bytes - state.reported >= Self.step || now - state.reportedAt >= Self.interval
            guard due, state.bytes != total else { return nil }
            guard state.bytes != state.reported else { return nil }
            state.reported = state.bytes
            state.reportedAt = now
            return state.bytes
        }
        if let snapshot { report(progress(snapshot, finished: false)) }
    }

    private func progress(_ bytes: Int64, finished: Bool) -> TransferProgress {
        let elapsed = (ContinuousClock.now - started).seconds
        // The rate counts only what moved in this attempt, not bytes resumed from disk.
        let moved = Double(bytes - initial)
        return TransferProgress(
            direction: direction, bytes: bytes, total: total,
            bytesPerSecond: elapsed > 0 ? moved / elapsed : nil, isFinished: finished
        )
    }
}
