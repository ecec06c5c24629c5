/// A load's fixed requests, to be sent as fast as a server answers them on connections of the load's own
/// (`WireLoadDriver`): no handler, no task per request, each request encoded once.
public struct WireLoad: Sendable {
    /// How requests arrive.
    public enum Arrivals: Sendable, Equatable {
        /// Open loop: `count` requests, request `i` meant to start `i / rate` seconds in, on at most
        /// `connections` connections; each latency counts from the request's intended start, so time queued
        /// behind slow answers counts (no coordinated omission).
        case rate(Double, connections: Int, count: Int)
        /// Closed loop: `connections` connections, each sending its next request when its answer came, until
        /// the duration is over.
        case closed(connections: Int)
    }

    /// The requests, taking turns (request `i` is `requests[i % requests.count]`), each as it goes on the
    /// wire: the handler's defaults and the interceptors' headers already applied (`Handler.wireRequest`).
    public var requests: [Request]
    /// How requests arrive.
    public var arrivals: Arrivals
    /// How long requests keep being started.
    public var duration: Duration
    /// When the load ends whatever is still in flight (counted as not answered), from its start.
    public var cutOff: Duration
    /// One answer in `checkEvery` is handed whole to `WireLoadObserver.check` (0: none).
    public var checkEvery: Int

    /// Makes a load.
    public init(requests: [Request], arrivals: Arrivals, duration: Duration, cutOff: Duration, checkEvery: Int) {
        self.requests = requests
        self.arrivals = arrivals
        self.duration = duration
        self.cutOff = cutOff
        self.checkEvery = checkEvery
    }

    /// The connections the load keeps open.
    public var connections: Int {
        switch arrivals {
        case .rate(_, let connections, _), .closed(let connections): connections
        }
    }
}

/// Sees a wire load's answers as they come, on the driver's threads: `shard` tells them apart (one per
/// event loop, from 0 up to `WireLoadDriver.shards`), so an observer can keep one record per shard and
/// merge them when asked, without two threads ever waiting on one lock.
public protocol WireLoadObserver: Sendable {
    /// Request `request` (an index into `WireLoad.requests`) was answered with `status` after `latency`.
    func answered(request: Int, status: Int, latency: Duration, shard: Int)
    /// Request `request` failed after `latency`: `cause` in a few words (`connection failed`, `timed out`).
    func failed(request: Int, cause: String, latency: Duration, shard: Int)
    /// A whole answer to check (one in `WireLoad.checkEvery`), its body as the server sent it, still coded.
    func check(request: Int, answer: TransportResponse, shard: Int)
}

/// What a wire load did besides its answers.
public struct WireLoadOutcome: Sendable, Equatable {
    /// The requests started (an open loop that fell behind started fewer than its count).
    public var started: Int
    /// The connections opened, and the most open at once.
    public var connections: ConnectionCount
    /// Whether the load was stopped (its task cancelled) before its end.
    public var stoppedEarly: Bool
    /// The protocols its connections spoke (`HTTP/1.1`, `HTTP/2`), sorted.
    public var protocols: [String]

    /// Makes an outcome.
    public init(started: Int, connections: ConnectionCount, stoppedEarly: Bool, protocols: [String] = []) {
        self.started = started
        self.connections = connections
        self.stoppedEarly = stoppedEarly
        self.protocols = protocols
    }
}

/// Sends a `WireLoad` on connections of its own; a `Transport` offers one (`wireLoadDriver`) when it can
/// send its requests so. Cancelling the task that runs it stops the load.
public protocol WireLoadDriver: Sendable {
    /// How many shards `run` reports answers in (`WireLoadObserver`).
    var shards: Int { get }

    /// Why `request` cannot go through this driver (a proxy, a streamed body, HTTP/2 only), or `nil`.
    func refusal(of request: Request) -> String?

    /// Sends `load` to its end, telling `observer` of each answer.
    func run(_ load: WireLoad, observer: any WireLoadObserver) async -> WireLoadOutcome
}
