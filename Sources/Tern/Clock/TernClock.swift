public import Foundation

/// The time source of a `Handler`: wall-clock dates for cache validity, and sleeping for retry delays.
///
/// Inject a test clock (see `TernTesting.TestClock`) so backoff and TTLs are tested without sleeping.
public protocol TernClock: Sendable {
    /// The current wall-clock date.
    var now: Date { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `Date()` and `Task.sleep` on the continuous clock (sub-second delays are honoured).
public struct SystemClock: TernClock {
    /// Makes the system clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension TernClock where Self == SystemClock {
    /// The real clock.
    public static var system: SystemClock { SystemClock() }
}

extension Duration {
    /// The duration as fractional seconds.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Makes a duration from fractional seconds, to the nanosecond; total for every `Double`:
    /// negative values and NaN are zero, values past `Int64.max` seconds (and infinity) saturate there.
    public static func fromSeconds(_ seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }  // also NaN
        guard seconds < Double(Int64.max) else { return .seconds(Int64.max) }
        let whole = seconds.rounded(.down)
        // Both conversions are in range: `whole` is below 2^63 and the fraction is below 1e9 ns.
        return .seconds(Int64(whole)) + .nanoseconds(Int64(((seconds - whole) * 1e9).rounded()))
    }
}
