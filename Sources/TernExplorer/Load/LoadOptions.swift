/// What `load` runs: the specs, how arrivals come, for how long, and how answers are checked.
package struct LoadOptions: Sendable, Equatable {
    /// How requests arrive.
    package enum Arrivals: Sendable, Equatable {
        /// Open loop: `rate` requests a second, whatever the answers do, with at most `connections` in flight.
        case rate(Double, connections: Int)
        /// Closed loop: `concurrency` clients, each sending its next request when its answer came.
        case concurrency(Int)
    }

    /// Spec ids or groups (every spec is refused: a load names what it loads).
    package var names: [String]
    /// The arrivals.
    package var arrivals: Arrivals
    /// Seconds the load lasts.
    package var duration: Double
    /// Check the expectations of one answer in `checkEvery` (1: every answer; 0: none).
    package var checkEvery: Int
    /// The data file's rows (`--data FILE`, read as `run --data` reads it): each spec's request is resolved
    /// once per row, the row's fields as variables, and the rows' requests take turns.
    package var data: RunData?
    /// What sends the requests (`--engine`).
    package var engine: Engine = .automatic

    /// What sends a load's requests.
    package enum Engine: String, Sendable, Equatable, CaseIterable {
        /// The wire engine (SwiftNIO, HTTP/1.1) when it takes every request, else the handler.
        case automatic = "auto"
        /// The wire engine, or a usage error saying why it cannot.
        case wire
        /// The handler, a task per client, as a single send goes (HTTP/2 where the server offers it).
        case handler
    }

    /// The data file to read when the load starts (the REPL's and the TUI's `load --data FILE`), when
    /// `data` was not read already.
    package var dataFile: String?

    /// Makes options.
    package init(
        names: [String], arrivals: Arrivals, duration: Double, checkEvery: Int = 0, data: RunData? = nil
    ) {
        self.names = names
        self.arrivals = arrivals
        self.duration = duration
        self.checkEvery = checkEvery
        self.data = data
    }

    /// The limits the options must keep (named numbers, in one place).
    package enum Limits {
        /// At most this many requests a second.
        package static let maximumRate = 1_000_000.0
        /// At most this many connections (or closed-loop clients).
        package static let maximumConnections = 10_000
        /// At most this long (24 hours).
        package static let maximumDuration = 86_400.0
        /// Latencies are recorded up to this many microseconds (one hour); a longer one counts as this.
        package static let highestLatencyMicroseconds: UInt64 = 3_600_000_000
    }

    /// How many requests are in flight at most: the open loop's connections, the closed loop's clients.
    var clients: Int {
        switch arrivals {
        case .rate(_, let connections): connections
        case .concurrency(let count): count
        }
    }

    /// The requests an open loop sends: one meant for each `1/rate` seconds of the duration.
    var requestCount: Int {
        guard case .rate(let rate, _) = arrivals else { return 0 }
        return Int((rate * duration).rounded(.up))
    }

    /// Why the options cannot run, or `nil`.
    package var problem: String? {
        if names.isEmpty { return "load names the specs or groups it loads" }
        guard duration > 0, duration <= Limits.maximumDuration else {
            return "--duration must be more than 0 and at most \(Int(Limits.maximumDuration)) seconds"
        }
        switch arrivals {
        case .rate(let rate, let connections):
            guard rate > 0, rate <= Limits.maximumRate else {
                return "--rate must be more than 0 and at most \(Int(Limits.maximumRate)) a second"
            }
            guard (1...Limits.maximumConnections).contains(connections) else {
                return "--connections must be from 1 to \(Limits.maximumConnections)"
            }
            guard rate * duration >= 1 else { return "--rate × --duration asks for less than one request" }
        case .concurrency(let clients):
            guard (1...Limits.maximumConnections).contains(clients) else {
                return "--concurrency must be from 1 to \(Limits.maximumConnections)"
            }
        }
        return checkEvery < 0 ? "--check-every must be 0 (none) or more" : nil
    }
}
