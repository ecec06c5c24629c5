import Foundation

/// What one `tern-bench run` prints: one JSON line the orchestrator reads back.
///
/// `gets` scenarios time two clients in one process; the second (the raw client) is the baseline.
struct ScenarioResult: Codable, Sendable {
    var scenario: String
    /// Time spent transferring (client set-up and verification excluded).
    var seconds: Double
    /// Body bytes moved (downloaded, uploaded, or received by the GETs).
    var bytes: Int64
    /// Requests sent in the timed part.
    var requests: Int
    /// Peak resident set of the process, from `getrusage(RUSAGE_SELF)` at the end (see `PeakMemory`:
    /// on Linux it includes the spawning parent's high-water mark).
    var maxRSSKiB: Int
    /// `VmHWM` of the process at the end: the peak of its own address space.
    var highWaterKiB: Int?
    /// `VmRSS` when `run` started, before any client existed: the process's floor.
    var startRSSKiB: Int?
    /// The highest anonymous RSS the orchestrator sampled (not printed by the child).
    var anonymousKiB: Int?
    /// The raw client's time for the same GETs (`gets` scenarios only).
    var baselineSeconds: Double?
    /// The raw client's request count (`gets` scenarios only).
    var baselineRequests: Int?

    /// The peak the table shows: `VmHWM` when known, else `ru_maxrss`.
    var peakKiB: Int { highWaterKiB ?? maxRSSKiB }

    /// The JSON line, keys in a fixed order.
    var jsonLine: String {
        var line = #"{"scenario":"\#(scenario)","seconds":\#(seconds),"bytes":\#(bytes),"requests":\#(requests),"#
        line += #""maxRSSKiB":\#(maxRSSKiB)"#
        if let highWaterKiB { line += #","highWaterKiB":\#(highWaterKiB)"# }
        if let startRSSKiB { line += #","startRSSKiB":\#(startRSSKiB)"# }
        if let baselineSeconds, let baselineRequests {
            line += #","baselineSeconds":\#(baselineSeconds),"baselineRequests":\#(baselineRequests)"#
        }
        return line + "}"
    }

    /// Reads the last JSON line of a child's output.
    static func parse(_ output: String) -> ScenarioResult? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else { return nil }
        return try? JSONDecoder().decode(ScenarioResult.self, from: Data(line.utf8))
    }
}
