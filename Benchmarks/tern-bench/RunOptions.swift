import Foundation

/// The options of `tern-bench run <scenario>`: one scenario in this process.
struct RunOptions: Sendable {
    var scenario: Scenario
    /// The server's root, e.g. `http://127.0.0.1:40123`.
    var base: URL
    /// Bytes to download or upload.
    var bytes: Int64 = 64 << 20
    /// GETs per client (after a warm-up of 100 each).
    var count = 5_000
    /// The download destination or the upload source; `nil` makes (and removes) a temporary file.
    var file: URL?
    /// How long the scenario may run before it gives up.
    var timeLimit: Duration = .seconds(600)

    static let usage = """
        usage: tern-bench run <scenario> --base http://127.0.0.1:PORT [--bytes N] [--count N] [--file PATH]
                              [--time-limit SECONDS]
        scenarios: \(Scenario.allCases.filter { !$0.isCurl }.map(\.rawValue).joined(separator: ", "))
        """

    init(_ arguments: inout ArgumentList) throws(BenchError) {
        guard let name = arguments.popWord() else { throw .usage("run needs a scenario") }
        guard let scenario = Scenario(rawValue: name), !scenario.isCurl else {
            throw .usage("'\(name)' is not a scenario tern-bench runs itself")
        }
        self.scenario = scenario
        guard let baseText = try arguments.value("base") else { throw .usage("run needs --base") }
        guard let base = URL(string: baseText), base.host == "127.0.0.1" || base.host == "localhost" else {
            throw .usage("--base must be http://127.0.0.1:PORT (the benchmark only talks to this machine)")
        }
        self.base = base
        if let bytes = try arguments.size("bytes") { self.bytes = bytes }
        if let count = try arguments.count("count") { self.count = count }
        if let path = try arguments.value("file") { file = URL(fileURLWithPath: path) }
        if let seconds = try arguments.count("time-limit") { timeLimit = .seconds(seconds) }
        try arguments.finish()
    }

    /// `base` + `path`.
    func url(_ path: String) -> URL {
        base.appendingPathComponent(path)
    }
}
