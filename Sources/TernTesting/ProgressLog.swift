import Synchronization
public import Tern

/// Records the progress reports a transport or a handler makes, for tests to inspect.
public final class ProgressLog: Sendable {
    private let values = Mutex<[TransferProgress]>([])

    /// Makes an empty log.
    public init() {}

    /// The callback to hand to a `TransportContext` (or to call from an event observer).
    public var report: @Sendable (TransferProgress) -> Void {
        { progress in self.values.withLock { $0.append(progress) } }
    }

    /// Every report so far, in order.
    public var all: [TransferProgress] { values.withLock { $0 } }

    /// The reports of one direction, in order.
    public func all(_ direction: TransferProgress.Direction) -> [TransferProgress] {
        all.filter { $0.direction == direction }
    }
}
