/// The options of the orchestrator (`tern-bench` with no subcommand).
struct BenchOptions: Sendable {
    /// Bytes per download and upload.
    var size: Int64 = 1 << 30
    /// GETs per client in the `gets` scenarios.
    var gets = 5_000
    /// Runs per scenario; the table keeps the fastest (and the highest peak RSS).
    var repeats = 1
    /// Also print the table as Markdown.
    var markdown = false
    /// How long one child may run before it is killed and its row says "timed out".
    var timeout: Duration = .seconds(600)
    /// The scenarios to run, in table order.
    var scenarios = Scenario.allCases

    init(_ arguments: inout ArgumentList) throws(BenchError) {
        if arguments.flag("quick") {
            size = 64 << 20
            gets = 500
        }
        markdown = arguments.flag("markdown")
        if let size = try arguments.size("size") { self.size = size }
        if let gets = try arguments.count("gets") { self.gets = gets }
        if let repeats = try arguments.count("repeat") { self.repeats = repeats }
        if let seconds = try arguments.count("timeout") { timeout = .seconds(seconds) }
        if let names = try arguments.value("only") {
            scenarios = try names.split(separator: ",").map { name throws(BenchError) in
                guard let scenario = Scenario(rawValue: String(name)) else {
                    let known = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .usage("unknown scenario '\(name)'; known: \(known)")
                }
                return scenario
            }
        }
        try arguments.finish()
    }
}
