import Foundation

/// The figures that grow with what a user has: a run of many requests against curl fetching as many
/// URLs in one process, and a big workspace (the GitHub REST description imported: import, `tern list`,
/// the TUI's first frame and idle memory on it).
enum ScaleBenchmark {
    /// A run's requests, and curl's URLs.
    static let requests = 1_000

    /// Medians of the run and of curl, alternating `runs` times after a warm-up of each.
    struct Runner: Sendable {
        let tern: Distribution
        let curl: Distribution
        var ratio: Double { curl.median > 0 ? tern.median / curl.median : .infinity }
    }

    static func runner(_ fixture: BinaryFixture, runs: Int = 5) throws -> Runner {
        note("the runner: tern run --repeat \(requests) against curl with \(requests) URLs, \(runs) runs each")
        let url = fixture.url("users/2")
        let commands = [
            fixture.curlCommand("curl URL×\(requests)", ["-s"] + Array(repeating: url, count: requests)),
            fixture.ternCommand(
                "tern run --repeat \(requests)",
                fixture.workspace.run("get-user", ["--repeat", String(requests), "--mode", "live"])),
        ]
        for command in commands {
            _ = try command.run(in: fixture.scratch, timeout: .seconds(120), samplingMemory: false)
        }
        var samples: [[Double]] = [[], []]
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() {
                let run = try command.run(in: fixture.scratch, timeout: .seconds(120), samplingMemory: false)
                samples[index].append(run.seconds * 1000)
            }
        }
        return Runner(tern: Distribution(samples[1]), curl: Distribution(samples[0]))
    }

    /// The big workspace's figures.
    struct BigWorkspace: Sendable {
        let specs: Int
        let importing: Distribution
        let list: Distribution
        let frame: TUIProcess.FirstFrame
        let idle: PeakMemory.Status
    }

    /// The GitHub REST description shipped with the benchmarks (run from the package root).
    static var description: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Benchmarks/fixtures/api.github.com.json.gz")
    }

    static func bigWorkspace(_ fixture: BinaryFixture, imports: Int = 3, lists: Int = 10) throws -> BigWorkspace {
        guard let compressed = FileManager.default.contents(atPath: description.path) else {
            throw BenchError.scenario("\(description.path) is missing: run tern-bench from the package root")
        }
        let json = fixture.scratch.file("api.github.com.json")
        try Gunzip.run(compressed, to: json)
        let workspace = fixture.scratch.directory.appendingPathComponent("github")
        note("a big workspace: importing the GitHub REST description \(imports) times")
        var importing: [Double] = []
        for _ in 0..<imports {
            try? FileManager.default.removeItem(at: workspace)
            let command = fixture.ternCommand(
                "tern import openapi", ["import", "openapi", json.path, "--workspace", workspace.path])
            importing.append(
                try command.run(in: fixture.scratch, timeout: .seconds(120), samplingMemory: false).seconds * 1000)
        }
        // Files written less than two seconds ago are not kept in the spec index (docs/workspace-format.md).
        usleep(2_500_000)
        let list = fixture.ternCommand("tern list", ["list", "--workspace", workspace.path], keepsOutput: true)
        let first = try list.run(in: fixture.scratch, timeout: .seconds(60), samplingMemory: false)
        let specs = first.output.split(separator: UInt8(ascii: "\n")).count
        var listing: [Double] = []
        for _ in 0..<lists {
            listing.append(
                try list.run(in: fixture.scratch, timeout: .seconds(60), samplingMemory: false).seconds * 1000)
        }
        note("the TUI on it: first frame (10 runs) and idle memory")
        let frame = try TUIProcess.firstFrame(tern: fixture.tern, scratch: fixture.scratch, workspace: workspace)
        let idle = try TUIProcess.idleMemory(tern: fixture.tern, scratch: fixture.scratch, workspace: workspace)
        return BigWorkspace(
            specs: specs, importing: Distribution(importing), list: Distribution(listing), frame: frame, idle: idle)
    }
}

/// `gzip -dc`, through the system's gzip.
enum Gunzip {
    static func run(_ data: Data, to file: URL) throws {
        let source = file.appendingPathExtension("gz")
        try data.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc \"$0\" > \"$1\"", source.path, file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.scenario("gzip -dc \(source.path) failed") }
    }
}
