import Foundation

/// A run as one JSON document: the totals and every spec's result with its expectations; a data run
/// (`--data`) groups the results by row, each row with its own totals.
package enum RunJSONReport {
    /// The JSON text of `summary`.
    package static func json(_ summary: RunSummary) -> String {
        var document: [String: Any] = [
            "summary": totals(summary.results).merging([
                "durationMs": milliseconds(summary.duration),
                "started": ISO8601DateFormatter().string(from: summary.started),
            ]) { $1 }
        ]
        if summary.results.contains(where: { $0.row != nil }) {
            var rows: [(tag: RunRowTag, results: [SpecRunResult])] = []
            var indexOf: [Int: Int] = [:]  // row number → its place in `rows` (a run may have 100,000 rows)
            for result in summary.results {
                guard let tag = result.row else { continue }
                if let index = indexOf[tag.number] {
                    rows[index].results.append(result)
                } else {
                    indexOf[tag.number] = rows.count
                    rows.append((tag, [result]))
                }
            }
            document["rows"] = rows.map { row in
                totals(row.results).merging([
                    "row": row.tag.number, "name": row.tag.label, "results": row.results.map(object),
                ]) { $1 }
            }
        } else {
            document["results"] = summary.results.map(object)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text + "\n"
    }

    private static func totals(_ results: [SpecRunResult]) -> [String: Any] {
        [
            "total": results.count, "passed": results.count { $0.outcome == .passed },
            "failed": results.count { $0.outcome == .failed }, "errored": results.count { $0.outcome == .errored },
        ]
    }

    private static func object(_ result: SpecRunResult) -> [String: Any] {
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

    private static func milliseconds(_ seconds: Double) -> Int {
        HumanUnits.wholeMilliseconds(seconds)
    }
}
