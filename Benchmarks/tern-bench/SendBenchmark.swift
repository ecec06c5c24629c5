import Foundation

/// `tern-bench send`: a small GET as a person types it, timed as a whole process (spawn to exit)
/// against curl. The command lines alternate, so drift in the machine's load touches them alike.
enum SendBenchmark {
    /// The wall times of one command line, in milliseconds.
    struct Timing: Sendable {
        let command: TimedCommand
        let milliseconds: Distribution
    }

    /// Every command line's timings; the first is curl's.
    struct Result: Sendable {
        let timings: [Timing]
        let runs: Int

        /// curl's timings, the reference.
        var curl: Timing { timings[0] }

        /// The timings of the command labelled `label`.
        func timing(_ label: String) -> Timing? { timings.first { $0.command.label == label } }

        /// `timing`'s median over curl's.
        func ratio(_ timing: Timing) -> Double {
            curl.milliseconds.median > 0 ? timing.milliseconds.median / curl.milliseconds.median : .infinity
        }
    }

    /// The labels the compare table looks up.
    static let live = "tern send get-user --mode live"
    static let cache = "tern send get-user --mode cache"
    static let version = "tern --version"
    static let adHoc = "tern get URL"

    /// `tern-bench send` on its own: measures and prints the table.
    static func run(_ options: BinaryOptions) throws {
        let result = try BinaryFixture.with(options) { try measure($0) }
        let table = self.table(result)
        print("whole process, spawn to exit; \(result.runs) runs each, alternating; ms")
        table.print(markdown: options.markdown)
    }

    /// Warms up (and checks every answer), stores the entry `--mode cache` replays, then alternates
    /// `fixture.options.runs` runs of each command line.
    static func measure(_ fixture: BinaryFixture) throws -> Result {
        let workspace = fixture.workspace
        let commands = [
            fixture.curlCommand("curl -s URL -o /dev/null", ["-s", fixture.url("users/2"), "-o", "/dev/null"]),
            fixture.ternCommand(version, ["--version"]),
            fixture.ternCommand(live, workspace.send("get-user", ["--mode", "live"])),
            fixture.ternCommand(cache, workspace.send("get-user", ["--mode", "cache"])),
            fixture.ternCommand(adHoc, ["get", fixture.url("users/2")], environment: fixture.scratchHome),
        ]
        try check(fixture)
        for command in commands {
            for _ in 0..<2 { _ = try command.run(in: fixture.scratch, timeout: .seconds(60), samplingMemory: false) }
        }
        note("timing \(commands.count) command lines, \(fixture.options.runs) runs each")
        var samples = Array(repeating: [Double](), count: commands.count)
        for _ in 0..<fixture.options.runs {
            for (index, command) in commands.enumerated() {
                let run = try command.run(in: fixture.scratch, timeout: .seconds(60), samplingMemory: false)
                samples[index].append(run.seconds * 1000)
            }
        }
        let timings = zip(commands, samples).map { Timing(command: $0, milliseconds: Distribution($1)) }
        return Result(timings: timings, runs: fixture.options.runs)
    }

    /// Sends the GET once each way with its output kept: curl, live (which stores it) and cache
    /// must all print user 2.
    private static func check(_ fixture: BinaryFixture) throws {
        let workspace = fixture.workspace
        let probes = [
            fixture.curlCommand("curl", ["-s", fixture.url("users/2")], keepsOutput: true),
            fixture.ternCommand(live, workspace.send("get-user", ["--mode", "live"]), keepsOutput: true),
            fixture.ternCommand(cache, workspace.send("get-user", ["--mode", "cache"]), keepsOutput: true),
        ]
        struct User: Decodable { let id: Int }
        for probe in probes {
            let run = try probe.run(in: fixture.scratch, timeout: .seconds(60), samplingMemory: false)
            guard (try? JSONDecoder().decode(User.self, from: run.output))?.id == 2 else {
                let text = String(decoding: run.output.prefix(300), as: UTF8.self)
                throw BenchError.scenario("\(probe.label) did not print user 2: \(text)")
            }
        }
    }

    /// command | median | p10 | p90 | median / curl's.
    static func table(_ result: Result) -> TextTable {
        let rows = result.timings.enumerated().map { index, timing -> [String] in
            let times = timing.milliseconds
            return [
                timing.command.label, Fixed.format(times.median, digits: 1), Fixed.format(times.p10, digits: 1),
                Fixed.format(times.p90, digits: 1),
                index == 0 ? "reference" : Fixed.format(result.ratio(timing), digits: 2) + "×",
            ]
        }
        return TextTable(header: ["command", "median", "p10", "p90", "× curl"], rows: rows)
    }
}
