import Foundation
import Histogram
import Synchronization
import Tern

/// What a load run measured so far, shared by its clients: latencies in an HDR histogram (microseconds,
/// three significant digits), statuses, errors by cause and checks. One record a shard (a wire load's event
/// loop), each behind its own lock held for a few nanoseconds per answer, merged when the figures are read.
final class LoadRecorder: Sendable {
    private struct State {
        var latencies = Histogram<UInt64>(
            highestTrackableValue: LoadOptions.Limits.highestLatencyMicroseconds, numberOfSignificantValueDigits: .three
        )
        var statuses: [Int: Int] = [:]
        var grpcStatuses: [String: Int] = [:]
        var errors: [String: Int] = [:]
        var checked = 0
        var checksFailed = 0
        var firstFailure: String?
    }

    /// One record behind its lock.
    private final class Shard: Sendable {
        let state = Mutex(State())
    }

    private let shards: [Shard]

    /// A recorder of `shards` records (one a thread that records, so that none waits for another).
    init(shards: Int = 1) {
        self.shards = (0..<max(1, shards)).map { _ in Shard() }
    }

    /// Records an answer (or a failure) that took `latency` from its intended start, in `shard`'s record.
    func record(latency: Duration, status: Int?, error: String?, shard: Int = 0) {
        let micros = latency.components.seconds * 1_000_000 + latency.components.attoseconds / 1_000_000_000_000
        let value = UInt64(clamping: max(0, micros))
        shards[shard % shards.count].state.withLock { state in
            state.latencies.record(min(value, LoadOptions.Limits.highestLatencyMicroseconds))
            if let status { state.statuses[status, default: 0] += 1 }
            if let error { state.errors[error, default: 0] += 1 }
        }
    }

    /// Records a gRPC call that ended with `status` after `latency` from its intended start.
    func record(latency: Duration, grpcStatus status: GRPCStatus.Code) {
        record(latency: latency, status: nil, error: nil)
        shards[0].state.withLock { $0.grpcStatuses[status.name, default: 0] += 1 }
    }

    /// Counts `count` requests that were meant to start but never were before the load ended.
    func recordUnsent(_ count: Int) {
        shards[0].state.withLock { $0.errors["not sent before the load ended", default: 0] += count }
    }

    /// Records a checked answer and whether its expectations held.
    func recordCheck(failed: String?, shard: Int = 0) {
        shards[shard % shards.count].state.withLock { state in
            state.checked += 1
            if let failed {
                state.checksFailed += 1
                if state.firstFailure == nil { state.firstFailure = failed }
            }
        }
    }

    /// The figures so far, `elapsed` seconds into the run: the shards' records merged.
    func figures(elapsed: Double) -> LoadFigures {
        var merged = shards[0].state.withLock { $0 }
        for shard in shards.dropFirst() {
            shard.state.withLock { state in
                merged.latencies.add(state.latencies)
                merged.statuses.merge(state.statuses, uniquingKeysWith: +)
                merged.grpcStatuses.merge(state.grpcStatuses, uniquingKeysWith: +)
                merged.errors.merge(state.errors, uniquingKeysWith: +)
                merged.checked += state.checked
                merged.checksFailed += state.checksFailed
                if merged.firstFailure == nil { merged.firstFailure = state.firstFailure }
            }
        }
        return Self.figures(of: merged, elapsed: elapsed)
    }

    private static func figures(of state: State, elapsed: Double) -> LoadFigures {
        let histogram = state.latencies
        func millis(_ percentile: Double) -> Double {
            histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1000
        }
        return LoadFigures(
            elapsed: elapsed, completed: Int(histogram.totalCount),
            p50: millis(50), p90: millis(90), p99: millis(99), p999: millis(99.9),
            max: histogram.totalCount == 0 ? 0 : Double(histogram.max) / 1000,
            mean: histogram.totalCount == 0 ? 0 : histogram.mean / 1000,
            statuses: state.statuses, grpcStatuses: state.grpcStatuses, errors: state.errors,
            checked: state.checked,
            checksFailed: state.checksFailed, firstCheckFailure: state.firstFailure)
    }
}

/// A load run's figures at one moment (live) or at its end: counts, latency percentiles in milliseconds
/// (from each request's intended start), statuses and errors by cause.
package struct LoadFigures: Sendable, Equatable {
    /// Seconds since the run started.
    package var elapsed: Double
    /// Answers and failures recorded.
    package var completed: Int
    /// Latency percentiles and extremes, milliseconds.
    package var p50: Double, p90: Double, p99: Double, p999: Double, max: Double, mean: Double
    /// Answers by status.
    package var statuses: [Int: Int]
    /// gRPC calls by the name of the status they ended with (`OK`, `NOT_FOUND`).
    package var grpcStatuses: [String: Int] = [:]
    /// Failures (no answer) by cause.
    package var errors: [String: Int]
    /// Answers whose expectations were checked, and how many of them failed.
    package var checked: Int, checksFailed: Int
    /// The first failed check, as `SPEC: expected — got actual`.
    package var firstCheckFailure: String?

    /// Answers and failures a second.
    package var rate: Double { elapsed > 0 ? Double(completed) / elapsed : 0 }
    /// Failures with no answer.
    package var errorCount: Int { errors.values.reduce(0, +) }
}
