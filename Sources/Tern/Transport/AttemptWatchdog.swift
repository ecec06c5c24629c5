public import Foundation
import Synchronization

/// Watches one attempt against its total deadline and its read (idle) timeout.
///
/// The transport calls `touch()` whenever a byte moves either way, and runs `expiry()` beside
/// the attempt: it returns the error to fail the attempt with when a limit passes, or `nil`
/// once its task is cancelled (the attempt finished first).
public final class AttemptWatchdog: Sendable {
    /// The whole attempt's deadline, `nil` for none.
    public let timeout: Duration?
    /// The longest silence allowed, `nil` for none.
    public let readTimeout: Duration?
    private let label: String
    /// `host:port` of the server, named by the errors.
    private let address: String
    private let start = ContinuousClock.now
    /// Nanoseconds from `start` to the last byte moved.
    private let lastActivity = Atomic<Int64>(0)
    /// Set once the total deadline no longer applies (a stream's head arrived).
    private let deadlineLifted = Atomic<Bool>(false)
    /// Set while Tern itself is not reading (the consumer of a stream's items is behind): silence
    /// then is not the server's.
    private let readHeld = Atomic<Bool>(false)

    /// The longest single sleep, so huge limits never reach the runtime's sleep arithmetic.
    static let longestSleep = Duration.seconds(3600)

    /// Makes a watchdog for a request to `url`; the silence is counted from now.
    public init(timeout: Duration?, readTimeout: Duration?, label: String, url: URL? = nil) {
        self.timeout = timeout
        self.readTimeout = readTimeout
        self.label = label
        address = url.map(Self.address(of:)) ?? "the server"
    }

    /// `host:port` of a URL, the port spelled out (`[::1]:8080` for IPv6): how errors name a server.
    public static func address(of url: URL) -> String {
        let host = url.host ?? "the server"
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Records that bytes moved now.
    public func touch() {
        lastActivity.store(Self.nanoseconds(ContinuousClock.now - start), ordering: .relaxed)
    }

    /// Holds the read timeout while `held` (Tern is not reading); releasing it counts as activity.
    public func holdReadTimeout(_ held: Bool) {
        readHeld.store(held, ordering: .relaxed)
        if !held { touch() }
    }

    /// Stops applying the total deadline from now on (a stream runs as long as it keeps talking);
    /// the read timeout still applies.
    public func liftDeadline() {
        deadlineLifted.store(true, ordering: .relaxed)
    }

    /// What the limits say now: `.failure` with the `.timeout` error naming the limit that passed, else
    /// how long until one could pass (`nil`: no limit applies now). For a transport that checks on a timer
    /// of its own instead of running `expiry()` beside the attempt.
    public func check() -> Result<Duration?, TernError> {
        let elapsed = ContinuousClock.now - start
        var wake: Duration?
        if let timeout, !deadlineLifted.load(ordering: .relaxed) {
            if elapsed >= timeout {
                return .failure(
                    TernError(
                        .timeout,
                        "\(address) did not answer within \(Self.describe(timeout)) (timeout): the server is slow "
                            + "or stuck; a longer timeout (handler.timeout) gives it more time",
                        requestLabel: label))
            }
            wake = timeout - elapsed
        }
        if let readTimeout, readHeld.load(ordering: .relaxed) {
            wake = min(wake ?? readTimeout, readTimeout)
        } else if let readTimeout {
            let quiet = elapsed - .nanoseconds(lastActivity.load(ordering: .relaxed))
            if quiet >= readTimeout {
                return .failure(
                    TernError(
                        .timeout,
                        "\(address) sent nothing for \(Self.describe(readTimeout)) (read timeout): the server is "
                            + "slow or stuck; a longer handler.readTimeout gives it more time",
                        requestLabel: label))
            }
            wake = min(wake ?? readTimeout - quiet, readTimeout - quiet)
        }
        return .success(wake.map { min($0, Self.longestSleep) })
    }

    /// Sleeps until a limit passes and returns the `.timeout` error naming it, or `nil` when cancelled.
    public func expiry() async -> TernError? {
        while !Task.isCancelled {
            switch check() {
            case .failure(let error):
                return error
            case .success(let wake):
                do {
                    try await Task.sleep(for: wake ?? Self.longestSleep)
                } catch {
                    return nil
                }
            }
        }
        return nil
    }

    /// Runs `attempt` and fails it with the watchdog's error when a limit passes first (the
    /// attempt's task is then cancelled and awaited).
    public func run<T: Sendable>(_ attempt: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await attempt() }
            group.addTask {
                if let error = await self.expiry() { throw error }
                return nil
            }
            while let result = try await group.next() {
                if let result {
                    group.cancelAll()
                    return result
                }
            }
            throw TernError(.cancelled, "the request was cancelled", requestLabel: label)
        }
    }

    /// A duration as people read it: `2 s`, `0.5 s`, `250 ms`.
    public static func describe(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds < 1, seconds > 0 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds == seconds.rounded(), seconds < 1e15 { return "\(Int64(seconds)) s" }
        return "\(seconds) s"
    }

    /// Whole nanoseconds of `duration`, saturating at `Int64.max`.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        guard parts.seconds >= 0 else { return 0 }
        let (whole, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(parts.attoseconds / 1_000_000_000)
        return overflowAgain ? .max : total
    }
}

extension Duration {
    /// Whole nanoseconds, saturating at `Int64.max` (and 0 for negative durations): total for any
    /// duration, unlike converting `seconds * 1e9` to `Int64`.
    public var saturatingNanoseconds: Int64 {
        AttemptWatchdog.nanoseconds(self)
    }
}
