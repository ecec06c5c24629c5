/// Whether a Server-Sent Events stream that the server ends is opened again, as EventSource does
/// (WHATWG HTML §9.2): after the `retry:` time the stream announced (3 s by default, at most
/// `longestDelay`), with `Last-Event-ID`, until the server answers `204 No Content` or something that
/// is not an event stream, the consumer stops it, or `maximum` reconnections were made.
public struct StreamReconnection: Sendable, Hashable {
    /// Whether the stream reconnects at all.
    public var enabled: Bool
    /// The most reconnections of one send.
    public var maximum: Int

    /// The wait before reconnecting when the stream announced no `retry:`.
    public static let defaultDelay = Duration.seconds(3)
    /// The longest wait honoured, whatever `retry:` asks.
    public static let longestDelay = Duration.seconds(60)
    /// The most reconnections a policy may allow.
    public static let maximumReconnections = 1_000

    /// Reconnects up to `maximum` times (0 to `maximumReconnections`) when `enabled`.
    public init(enabled: Bool = true, maximum: Int = 10) {
        self.enabled = enabled
        self.maximum = min(max(0, maximum), Self.maximumReconnections)
    }

    /// Reconnects up to 10 times.
    public static let `default` = StreamReconnection()
    /// Never reconnects: the stream is over when the server ends it.
    public static let never = StreamReconnection(enabled: false)

    /// The wait before the next connection, for a stream that asked for `milliseconds` (or nothing).
    public static func delay(forRetry milliseconds: Int?) -> Duration {
        guard let milliseconds else { return defaultDelay }
        return min(.milliseconds(max(0, milliseconds)), longestDelay)
    }
}
