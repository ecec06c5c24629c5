/// `handler.retry` in `workspace.yaml`: the backoff schedule and which statuses are retried.
public struct RetrySettings: Sendable, Equatable {
    /// `exponential` (doubling from `initialDelay` up to `maxDelay`) or `constant` (`initialDelay` each time).
    public var backoff: String
    /// Seconds before the first retry (default 0.2).
    public var initialDelay: Double
    /// The longest delay in seconds (default 5).
    public var maxDelay: Double
    /// Whether up to half of each delay is random (default true).
    public var jitter: Bool
    /// Statuses that are retried (default 408, 429, 500, 502, 503, 504).
    public var on: [Int]

    /// The allowed `backoff` values.
    public static let backoffKinds = ["exponential", "constant"]

    /// Makes settings; the defaults match `RetryPolicy.default`.
    public init(
        backoff: String = "exponential",
        initialDelay: Double = 0.2,
        maxDelay: Double = 5,
        jitter: Bool = true,
        on: [Int] = [408, 429, 500, 502, 503, 504]
    ) {
        self.backoff = backoff
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.on = on
    }
}
