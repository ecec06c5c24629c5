package import Foundation
import Tern

/// A load report as JSON (`--report json:FILE`), and read back as a baseline (`--baseline FILE`).
package enum LoadJSONReport {
    /// The JSON text of `report`.
    package static func json(_ report: LoadReport) -> String {
        let figures = report.figures
        var arrivals: [String: Any] = [:]
        switch report.arrivals {
        case .rate(let rate, let connections):
            arrivals = ["mode": "open", "rate": rate, "connections": connections]
        case .concurrency(let clients):
            arrivals = ["mode": "closed", "concurrency": clients]
        }
        var document: [String: Any] = [
            "specs": report.specs, "arrivals": arrivals, "durationAsked": report.duration,
            "stoppedEarly": report.stoppedEarly, "elapsed": figures.elapsed, "completed": figures.completed,
            "rate": figures.rate,
            "latencyMs": [
                "p50": figures.p50, "p90": figures.p90, "p99": figures.p99, "p99.9": figures.p999,
                "max": figures.max, "mean": figures.mean,
            ],
            "statuses": Dictionary(uniqueKeysWithValues: figures.statuses.map { (String($0.key), $0.value) }),
            "errors": figures.errors,
            "checks": ["checked": figures.checked, "failed": figures.checksFailed],
        ]
        if !figures.grpcStatuses.isEmpty { document["grpcStatuses"] = figures.grpcStatuses }
        switch report.engine {
        case .wire(let loops, let protocols):
            document["engine"] = ["name": "wire", "eventLoops": loops, "protocols": protocols] as [String: Any]
        case .handler: document["engine"] = ["name": "handler"]
        }
        if let rows = report.rows { document["data"] = ["file": rows.file, "rows": rows.count] }
        if let connections = report.connections {
            document["connections"] = ["opened": connections.opened, "mostOpen": connections.mostOpen]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text + "\n"
    }

    /// What a baseline holds that a new run is compared with.
    package struct Baseline: Sendable, Equatable {
        /// Latency percentiles, milliseconds, by name (`p50`, `p90`, `p99`).
        package var latency: [String: Double]
        /// Answers and failures a second.
        package var rate: Double
    }

    /// The baseline in `data` (a report this command wrote), or an error saying what is wrong.
    package static func baseline(_ data: Data, file: String) throws(ExplorerError) -> Baseline {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let latency = object["latencyMs"] as? [String: Any], let rate = object["rate"] as? Double
        else {
            throw ExplorerError(.usage, "'\(file)' is not a load report (tern load --report json:FILE writes one)")
        }
        var percentiles: [String: Double] = [:]
        for name in ["p50", "p90", "p99"] {
            if let value = latency[name] as? Double { percentiles[name] = value }
        }
        return Baseline(latency: percentiles, rate: rate)
    }

    /// Where `report` is worse than `baseline` by more than `maximumRegression` percent: a line each.
    package static func regressions(_ report: LoadReport, against baseline: Baseline, maximumRegression: Double)
        -> [String]
    {
        let allowed = 1 + maximumRegression / 100
        var lines: [String] = []
        let now = ["p50": report.figures.p50, "p90": report.figures.p90, "p99": report.figures.p99]
        for name in ["p50", "p90", "p99"] {
            guard let before = baseline.latency[name], let after = now[name], before > 0 else { continue }
            if after > before * allowed {
                lines.append(
                    String(
                        format: "%@ %.2f ms is %.0f%% above the baseline's %.2f ms", name, after,
                        (after / before - 1) * 100, before))
            }
        }
        if baseline.rate > 0, report.figures.rate < baseline.rate / allowed {
            lines.append(
                String(
                    format: "%.1f/s is %.0f%% below the baseline's %.1f/s", report.figures.rate,
                    (1 - report.figures.rate / baseline.rate) * 100, baseline.rate))
        }
        return lines
    }
}
