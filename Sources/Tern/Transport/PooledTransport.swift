/// How many connections a transport's pool opened, and the most it held open at once.
public struct ConnectionCount: Sendable, Hashable {
    /// Connections opened (TCP, and TLS over it) since the pool was made.
    public var opened: Int
    /// The most connections open at one moment.
    public var mostOpen: Int

    /// Makes a count.
    public init(opened: Int, mostOpen: Int) {
        self.opened = opened
        self.mostOpen = mostOpen
    }
}

/// A transport with a connection pool of its own, which counts its connections; its owner shuts it down.
public protocol PooledTransport: Transport {
    /// The connections the pool opened so far, and the most open at once.
    var connectionCount: ConnectionCount { get }

    /// Closes the pool's connections; call once when the transport is no longer used.
    func shutdown() async throws
}
