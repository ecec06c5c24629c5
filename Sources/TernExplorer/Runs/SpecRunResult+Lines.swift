import Foundation

extension SpecRunResult {
    /// The result as the runner prints it in every face: a line for the spec (`id [row]` in a data
    /// run), then a line for each
    /// failed expectation (`✗ expected — got actual`) or the error.
    ///
    ///     ✓ auth/login           200  12 ms  2/2 checks  (live)
    ///     ✗ users/me             401   8 ms  1/2 checks  (live)
    ///         ✗ status is 200 — got 401
    package var lines: [String] { lines(idWidth: 24) }

    /// The widest spec column: a longer `id [row]` is shortened in its middle (`…`) to fit.
    package static let maximumIdWidth = 64

    /// The spec column's width for `results`: the longest id (24 to 64), so every line's columns align.
    package static func idWidth(_ results: [SpecRunResult]) -> Int {
        min(maximumIdWidth, max(24, results.map(\.key.count).max() ?? 0))
    }

    /// The spec column's width for a run of `ids` over `data`'s rows, known before any result: the
    /// longest `id [row]` (24 to 64).
    package static func idWidth(ids: [String], data: RunData?) -> Int {
        let rowWidth = data.map { $0.longestLabel + 3 } ?? 0
        return min(maximumIdWidth, max(24, (ids.map(\.count).max() ?? 0) + rowWidth))
    }

    /// `key` in `width` characters: shortened in its middle with `…` when longer, so the spec's start
    /// and its row (at the end) stay readable and the columns after it stay aligned.
    static func fitted(_ key: String, width: Int) -> String {
        guard key.count > width, width > 1 else {
            return key + String(repeating: " ", count: max(0, width - key.count))
        }
        let tail = (width - 1) / 2
        return String(key.prefix(width - 1 - tail)) + "…" + String(key.suffix(tail))
    }

    /// The lines with the spec column `idWidth` wide: the longest id of the run, so the status and time
    /// columns line up under each other whatever the ids (one longer than the column is shortened in its
    /// middle, `users/a-very-lo…ser [ada]`).
    package func lines(idWidth: Int) -> [String] {
        let mark =
            switch outcome {
            case .passed: "✓"
            case .failed: "✗"
            case .errored: "!"
            }
        let status = status.map(String.init) ?? "---"
        let milliseconds = HumanUnits.wholeMilliseconds(duration)
        let time = "\(milliseconds) ms"
        let checks = expectations.isEmpty ? "" : "  \(expectations.count - failures.count)/\(expectations.count) checks"
        let origin = source.map { "  (\($0))" } ?? ""
        // Ids, data rows, values and errors come from files and servers: every face prints them safely.
        let padded = Self.fitted(TerminalText.safe(key), width: idWidth)
        let timeColumn = String(repeating: " ", count: max(0, 6 - time.count)) + time
        var lines = ["\(mark) \(padded) \(status)  \(timeColumn)\(checks)\(origin)"]
        for failure in failures {
            lines.append("    ✗ \(TerminalText.safe(failure.expected)) — got \(TerminalText.safe(failure.actual))")
        }
        if let error { lines.append("    ! \(TerminalText.safe(error))") }
        return lines
    }
}

extension RunSummary {
    /// `12 specs: 10 passed, 1 failed, 1 errored in 1.42 s` (`4 specs × 3 rows: …` in a data run), then
    /// how many answers did not come from the server (`; 3 answered from the cache, 1 from a sample`).
    package var line: String {
        let seconds = duration.isFinite && duration >= 0 ? String(format: "%.2f", duration) : "?"
        let rows = Set(results.compactMap { $0.row?.number }).count
        let specs = rows > 0 ? Set(results.map(\.id)).count : results.count
        let counted =
            "\(specs) spec\(specs == 1 ? "" : "s")" + (rows > 0 ? " × \(rows) row\(rows == 1 ? "" : "s")" : "")
        var line = "\(counted): \(passed) passed, \(failed) failed, \(errored) errored in \(seconds) s"
        let cached = results.count { $0.source == "cache" }
        let sampled = results.count { $0.source == "sample" }
        var origins: [String] = []
        if cached > 0 { origins.append("\(cached) answered from the cache") }
        if sampled > 0 { origins.append("\(sampled) \(cached > 0 ? "" : "answered ")from sample data") }
        if !origins.isEmpty { line += "; " + origins.joined(separator: ", ") }
        return line
    }
}
