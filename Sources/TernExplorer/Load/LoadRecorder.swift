import Foundation
import Histogram
import Synchronization
import Tern

/// What a load run measured so far, shared by its clients: latencies in an HDR histogram (microseconds,
/// three significant digits), statuses, errors by cause and checks. One lock, held for a few
/// nanoseconds per answer.
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

    private let state = Mutex(State())

    /// Records an answer (or a failure) that took `latency` from its intended start.
    func record(latency: Duration, status: Int?, error: String?) {
        let micros = latency.components.seconds * 1_000_000 + latency.components.attoseconds / 1_000_000_000_000
        let value = UInt64(clamping: max(0, micros))
        state.withLock { state in
            state.latencies.record(min(value, LoadOptions.Limits.highestLatencyMicroseconds))
            if let status { state.statuses[status, default: 0] += 1 }
            if let error { state.errors[error, default: 0] += 1 }
        }
    }

    /// Records a gRPC call that ended with `status` after `latency` from its intended start.
    func record(latency: Duration, grpcStatus status: GRPCStatus.Code) {
        record(latency: latency, status: nil, error: nil)
        state.withLock { $0.grpcStatuses[status.name, default: 0] += 1 }
    }

    /// Counts `count` requests that were meant to start but never were before the load ended.
    func recordUnsent(_ count: Int) {
        state.withLock { $0.errors["not sent before the load ended", default: 0] += count }
    }

    /// Records a checked answer and whether its expectations held.
    func recordCheck(failed: String?) {
        state.withLock { state in
            state.checked += 1
            if let failed {
                state.checksFailed += 1
                if state.firstFailure == nil { state.firstFailure = failed }
            }
        }
    }

    /// The figures so far, `elapsed` seconds into the run.
    func figures(elapsed: Double) -> LoadFigures {
        state.withLock { state in
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
