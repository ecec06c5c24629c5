import Foundation
package import Tern

/// A finished load run: what was asked and what was measured.
package struct LoadReport: Sendable, Equatable {
    /// The spec ids loaded, in the order their requests take turns.
    package var specs: [String]
    /// The data file and its row count, in a load with `--data` (each spec's request once per row).
    package var rows: (file: String, count: Int)?
    /// The arrivals asked for.
    package var arrivals: LoadOptions.Arrivals
    /// Seconds asked for.
    package var duration: Double
    /// Whether the run was stopped before its end (Ctrl-C, Esc).
    package var stoppedEarly: Bool
    /// The figures at the end.
    package var figures: LoadFigures
    /// The connections the load opened and the most open at once (what the server saw), when the
    /// transport counts them.
    package var connections: ConnectionCount? = nil
    /// What sent the requests.
    package var engine: Engine = .handler

    /// What sends a load's requests.
    package enum Engine: Sendable, Equatable {
        /// The wire driver on SwiftNIO, on `loops` event loops, its connections speaking `protocols`
        /// (`HTTP/1.1`, `HTTP/2`).
        case wire(loops: Int, protocols: [String])
        /// The handler, a task per client (gRPC calls, a proxy, a body from a file, a request signed each time).
        case handler
    }
}

extension LoadReport {
    /// Whether the two reports say the same (the data file and its rows included).
    package static func == (lhs: LoadReport, rhs: LoadReport) -> Bool {
        lhs.specs == rhs.specs && lhs.rows?.file == rhs.rows?.file && lhs.rows?.count == rhs.rows?.count
            && lhs.arrivals == rhs.arrivals && lhs.duration == rhs.duration && lhs.stoppedEarly == rhs.stoppedEarly
            && lhs.figures == rhs.figures && lhs.connections == rhs.connections && lhs.engine == rhs.engine
    }
}
