import Foundation
import Tern

extension LoadReport {
    /// The report as every face prints it:
    ///
    ///     load users/get-user: open loop at 1000/s for 10 s, 64 connections
    ///     9998 answers in 10.00 s: 999.8/s (99.98% of the rate asked)
    ///     connections: 64 opened, at most 64 open at once (HTTP/1.1 on SwiftNIO, 2 event loops)
    ///     latency from each request's intended start:
    ///       p50 1.23 ms  p90 2.10 ms  p99 4.56 ms  p99.9 9.87 ms  max 12.30 ms
    ///     status: 200 × 9998
    ///     errors: none
    package var lines: [String] {
        let rowsText = rows.map { " × \($0.count) row\($0.count == 1 ? "" : "s") of \($0.file)" } ?? ""
        var lines = [
            "load \(specs.joined(separator: ", "))\(rowsText): \(arrivalsText)"
                + (stoppedEarly ? " (stopped early)" : "")
        ]
        let rate = String(format: "%.1f", figures.rate)
        var achieved =
            "\(figures.completed) answers and failures in \(String(format: "%.2f", figures.elapsed)) s: \(rate)/s"
        if case .rate(let asked, _) = arrivals, asked > 0 {
            achieved += String(format: " (%.2f%% of the rate asked)", figures.rate / asked * 100)
        }
        lines.append(achieved)
        if let connections {
            var line = "connections: \(connections.opened) opened, at most \(connections.mostOpen) open at once"
            if case .wire(let loops, let protocols) = engine {
                let spoken = protocols.isEmpty ? "HTTP" : protocols.joined(separator: " and ")
                line += " (\(spoken) on SwiftNIO, \(loops) event loop\(loops == 1 ? "" : "s"))"
            }
            lines.append(line)
        }
        lines.append("latency from each request's " + (isOpenLoop ? "intended start:" : "start:"))
        lines.append(
            "  p50 \(Self.ms(figures.p50))  p90 \(Self.ms(figures.p90))  p99 \(Self.ms(figures.p99))  "
                + "p99.9 \(Self.ms(figures.p999))  max \(Self.ms(figures.max))")
        let statuses = figures.statuses.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
        if !statuses.isEmpty || figures.grpcStatuses.isEmpty {
            lines.append("status: " + (statuses.isEmpty ? "none" : statuses.joined(separator: ", ")))
        }
        if !figures.grpcStatuses.isEmpty {
            let counted = figures.grpcStatuses.sorted { $0.value > $1.value || $0.value == $1.value && $0.key < $1.key }
            lines.append("gRPC status: " + counted.map { "\($0.key) × \($0.value)" }.joined(separator: ", "))
        }
        let errors = figures.errors.sorted { $0.value > $1.value }.map { "\($0.key) × \($0.value)" }
        lines.append("errors: " + (errors.isEmpty ? "none" : errors.joined(separator: ", ")))
        if figures.checked > 0 {
            var checks = "checks: \(figures.checked) answers checked, \(figures.checksFailed) failed"
            if let first = figures.firstCheckFailure { checks += "; first: \(first)" }
            lines.append(checks)
        }
        return lines
    }

    /// `open loop at 1000/s for 10 s, 64 connections` or `closed loop, 8 clients, for 10 s`.
    var arrivalsText: String {
        let seconds = duration == duration.rounded() ? String(Int(duration)) : String(format: "%.1f", duration)
        switch arrivals {
        case .rate(let rate, let connections):
            let shown = rate == rate.rounded() ? String(Int(rate)) : String(format: "%.1f", rate)
            return "open loop at \(shown)/s for \(seconds) s, at most \(connections) in flight"
        case .concurrency(let clients):
            return "closed loop, \(clients) client\(clients == 1 ? "" : "s"), for \(seconds) s"
        }
    }

    private var isOpenLoop: Bool {
        if case .rate = arrivals { true } else { false }
    }

    /// `1.23 ms`.
    static func ms(_ value: Double) -> String {
        String(format: "%.2f ms", value)
    }
}

extension LoadFigures {
    /// The live line: `  4.0 s  998.5/s  p50 1.20 ms  p99 4.10 ms  errors 0`.
    package var liveLine: String {
        String(format: "%5.1f s  %8.1f/s  p50 %.2f ms  p99 %.2f ms  errors %d", elapsed, rate, p50, p99, errorCount)
            + (checksFailed > 0 ? "  checks failed \(checksFailed)" : "")
    }
}
