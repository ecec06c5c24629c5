import Foundation

/// How far a body has moved: bytes so far, the total when known, and the rate.
public struct TransferProgress: Sendable, Hashable {
    /// Which way the bytes go.
    public enum Direction: String, Sendable, Hashable, Codable {
        case upload
        case download
    }

    public var direction: Direction
    /// Bytes moved so far.
    public var bytes: Int64
    /// The expected total, when the length is known.
    public var total: Int64?
    /// Bytes per second since the transfer started.
    public var bytesPerSecond: Double?
    /// Whether the transfer has finished.
    public var isFinished: Bool

    /// Makes a progress value.
    public init(
        direction: Direction, bytes: Int64, total: Int64?, bytesPerSecond: Double? = nil, isFinished: Bool = false
    ) {
        self.direction = direction
        self.bytes = bytes
        self.total = total
        self.bytesPerSecond = bytesPerSecond
        self.isFinished = isFinished
    }

    /// The fraction done, 0...1, when the total is known.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(bytes) / Double(total))
    }

    /// Seconds left at the current rate, when total and rate are known.
    public var estimatedSecondsRemaining: Double? {
        guard let total, let bytesPerSecond, bytesPerSecond > 0 else { return nil }
        return Double(max(0, total - bytes)) / bytesPerSecond
    }
}
