import Synchronization

/// How many connections a listener serves at once (`MockServer.Limits.maximumConnections`), for the
/// HTTP listener and the WebSocket one alike. At the cap the client that has waited longest for its
/// request head (or WebSocket handshake) makes room: it is closed at once, so the count overshoots by
/// one briefly. With none waiting, the new connection is refused.
final class ConnectionCap: Sendable {
    private let open = Mutex(0)
    private let limit: Int
    private let idle: IdleConnections

    init(limit: Int, idle: IdleConnections) {
        self.limit = max(1, limit)
        self.idle = idle
    }

    /// Counts a new connection as open; false when it must be closed instead.
    func admit() -> Bool {
        take(below: limit) || (idle.closeLongestWaiting() && take(below: .max))
    }

    /// Counts an admitted connection as closed.
    func release() {
        open.withLock { $0 -= 1 }
    }

    /// How many connections are open.
    var count: Int { open.withLock { $0 } }

    private func take(below limit: Int) -> Bool {
        open.withLock { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }
}
