import Tern

/// How one child run ended.
enum RunOutcome: Sendable {
    case measured(ScenarioResult)
    case timedOut(after: Duration)
    case failed(String)

    /// One line for the progress log.
    var summary: String {
        switch self {
        case .measured(let result):
            var text =
                "\(Fixed.format(result.seconds, digits: 3)) s, peak RSS \(ResultRow.mebibytes(result.peakKiB)) MiB"
            if let anonymous = result.anonymousKiB { text += ", anonymous \(ResultRow.mebibytes(anonymous)) MiB" }
            text += " (wait4 ru_maxrss \(ResultRow.mebibytes(result.maxRSSKiB)) MiB)"
            if let baseline = result.baselineSeconds { text += " (raw client: \(Fixed.format(baseline, digits: 3)) s)" }
            return text
        case .timedOut(let limit): return "timed out after \(Int(limit.seconds)) s"
        case .failed(let reason): return "failed: \(reason)"
        }
    }
}

/// One line of the table: a client's best run of one scenario.
struct ResultRow: Sendable {
    /// `download-handler`, or `gets-handler` / `gets-ahc` for the two halves of `gets`.
    var name: String
    var scenario: Scenario
    /// The raw side of a `gets` scenario (the baseline of its Handler row).
    var isRawHalf = false
    var seconds = 0.0
    var bytes: Int64 = 0
    var requests = 0
    /// The highest peak RSS (VmHWM) of the runs.
    var peakKiB = 0
    /// The highest anonymous RSS sampled (heap and stacks, without mapped code).
    var anonymousKiB: Int?
    /// The child's RSS when it started, before any client existed.
    var startKiB: Int?
    /// `nil` when measured; else why there is no number.
    var problem: String?

    var isSuccess: Bool { problem == nil }

    /// MiB per second for transfers, requests per second for GETs.
    var rate: Double {
        guard seconds > 0 else { return 0 }
        return scenario.group == .gets ? Double(requests) / seconds : Double(bytes) / 1_048_576 / seconds
    }

    /// The fastest of `runs` (the highest peak RSS of them all), as one row, or two for `gets`.
    static func best(of runs: [RunOutcome], scenario: Scenario) -> [ResultRow] {
        let results = runs.compactMap { outcome -> ScenarioResult? in
            if case .measured(let result) = outcome { return result }
            return nil
        }
        let names =
            scenario.group == .gets
            ? [scenario.rawValue + "-handler", scenario.rawValue + (scenario == .gets ? "-ahc" : "-raw")]
            : [scenario.rawValue]
        guard let fastest = results.min(by: { $0.seconds < $1.seconds }) else {
            let problem: String
            switch runs.last {
            case .timedOut(let limit)?: problem = "timed out (\(Int(limit.seconds)) s)"
            case .failed(let reason)?: problem = "failed: \(reason)"
            default: problem = "not run"
            }
            return names.enumerated().map {
                ResultRow(name: $1, scenario: scenario, isRawHalf: $0 == 1, problem: problem)
            }
        }
        let peak = results.map(\.peakKiB).max() ?? 0
        let anonymous = results.compactMap(\.anonymousKiB).max()
        let start = results.compactMap(\.startRSSKiB).min()
        var rows = [
            ResultRow(
                name: names[0], scenario: scenario, seconds: fastest.seconds, bytes: fastest.bytes,
                requests: fastest.requests, peakKiB: peak, anonymousKiB: anonymous, startKiB: start
            )
        ]
        if scenario.group == .gets {
            let raw = results.compactMap { result in result.baselineSeconds.map { ($0, result.baselineRequests ?? 0) } }
            let best = raw.min { $0.0 < $1.0 } ?? (0, 0)
            rows.append(
                ResultRow(
                    name: names[1], scenario: scenario, isRawHalf: true, seconds: best.0, bytes: fastest.bytes,
                    requests: best.1, peakKiB: peak, anonymousKiB: anonymous, startKiB: start
                )
            )
        }
        return rows
    }

    /// KiB as MiB with one decimal.
    static func mebibytes(_ kibibytes: Int) -> String {
        Fixed.format(Double(kibibytes) / 1024, digits: 1)
    }
}
