import Foundation

/// A run as one JSON document: the totals and every spec's result with its expectations.
package enum RunJSONReport {
    /// The JSON text of `summary`.
    package static func json(_ summary: RunSummary) -> String {
        let results: [[String: Any]] = summary.results.map { result in
            var object: [String: Any] = [
                "id": result.id, "name": result.name, "group": result.group, "outcome": result.outcome.rawValue,
                "durationMs": milliseconds(result.duration),
                "expectations": result.expectations.map {
                    ["expected": $0.expected, "actual": $0.actual, "passed": $0.passed] as [String: Any]
                },
            ]
            if let status = result.status { object["status"] = status }
            if let source = result.source { object["source"] = source }
            if let request = result.request { object["request"] = request }
            if let error = result.error { object["error"] = error }
            return object
        }
        let document: [String: Any] = [
            "summary": [
                "total": summary.results.count, "passed": summary.passed, "failed": summary.failed,
                "errored": summary.errored, "durationMs": milliseconds(summary.duration),
                "started": ISO8601DateFormatter().string(from: summary.started),
            ] as [String: Any],
            "results": results,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text + "\n"
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        HumanUnits.wholeMilliseconds(seconds)
    }
}
