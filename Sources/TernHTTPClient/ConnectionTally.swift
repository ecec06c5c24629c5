import NIOCore
import Synchronization
import Tern

/// Counts a transport's connections as its clients open and close them: how many were opened, how many
/// are open, and the most open at once (what a load reports as the connections the server saw).
final class ConnectionTally: Sendable {
    private struct Counts {
        var opened = 0
        var open = 0
        var mostOpen = 0
    }

    private let counts = Mutex(Counts())

    /// Records that `channel`'s connection is ready, and that it is closed when it closes.
    func opened(_ channel: any Channel) {
        counts.withLock { counts in
            counts.opened += 1
            counts.open += 1
            counts.mostOpen = max(counts.mostOpen, counts.open)
        }
        channel.closeFuture.whenComplete { [self] _ in
            counts.withLock { $0.open -= 1 }
        }
    }

    /// The connections opened so far and the most open at once.
    var count: ConnectionCount {
        counts.withLock { ConnectionCount(opened: $0.opened, mostOpen: $0.mostOpen) }
    }
}
