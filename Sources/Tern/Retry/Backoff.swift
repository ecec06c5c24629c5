import Foundation

/// How long to wait before retry number `n`.
public enum Backoff: Sendable, Hashable {
    /// The same delay every time.
    case constant(Duration)
    /// `initial * multiplier^(n-1)`, capped at `maximum`.
    case exponential(initial: Duration, multiplier: Double = 2, maximum: Duration)

    /// The delay before retry `retry` (1-based), before jitter.
    public func delay(forRetry retry: Int) -> Duration {
        switch self {
        case .constant(let delay):
            return delay
        case .exponential(let initial, let multiplier, let maximum):
            let factor = Foundation.pow(max(1, multiplier), Double(max(0, retry - 1)))
            let seconds = min(initial.seconds * factor, maximum.seconds)
            return .fromSeconds(seconds)
        }
    }
}
