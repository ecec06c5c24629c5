import ArgumentParser
import Dispatch
import Foundation
import Tern
import TernExplorer

#if canImport(Glibc)
    import Glibc
#endif

/// `tern load SPEC|GROUP...`: a load on the named specs, latency measured without coordinated omission.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Send a spec (or a group) under load and measure latency percentiles and throughput.",
        discussion: """
            Open loop with --rate R: R requests a second for --duration, at most --connections in flight; \
            each latency is measured from the request's intended start, so time queued behind slow answers \
            counts. Closed loop with --concurrency N (the default, 10): N clients, each sending again when \
            its answer came. A gRPC spec of a unary method is called the same way, its calls sharing one \
            HTTP/2 connection a server, and the report counts how they ended by gRPC status. \
            The requests are resolved once (dependencies sent first) and go to the \
            addresses the specs name: live, no retries, no redirects followed, nothing stored. With --data FILE \
            (the formats of 'tern run --data') each spec is resolved once per row, its fields as variables, and \
            the rows' requests take turns. Prints a live \
            line on a terminal and p50/p90/p99/p99.9/max, statuses and errors at the end. \
            Exit 0; 1 when some requests got no answer; 4 when a check failed (--check-every) or the run is \
            worse than --baseline by more than --max-regression percent.
            """
    )

    @Argument(help: "Spec ids or group folders (their requests take turns).")
    var specs: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @OptionGroup var variables: VariableOptions

    @Option(help: ArgumentHelp("Open loop: requests a second.", valueName: "R"))
    var rate: Double?

    @Option(help: ArgumentHelp("Open loop: at most C requests in flight (default 64).", valueName: "C"))
    var connections: Int?

    @Option(help: ArgumentHelp("Closed loop: N clients (default 10 without --rate).", valueName: "N"))
    var concurrency: Int?

    @Option(help: ArgumentHelp("Seconds the load lasts (default 10).", valueName: "D"))
    var duration: Double = 10

    @Option(
        help: ArgumentHelp("Check the expectations of one answer in N (1: every one; default 0: none).", valueName: "N")
    )
    var checkEvery: Int = 0

    @Option(
        help: ArgumentHelp(
            "Resolve each spec once per row of FILE (CSV with a header, a JSON array, JSON lines); the rows take "
                + "turns.", valueName: "FILE"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "What sends the requests: auto (SwiftNIO when it can), wire (SwiftNIO, or say why not), handler "
                + "(a task per client, HTTP/2 where offered).", valueName: "auto|wire|handler"))
    var engine: String = "auto"

    @Option(help: ArgumentHelp("Write the report: json:FILE.", valueName: "json:FILE"))
    var report: String?

    @Option(help: ArgumentHelp("Compare with an earlier --report json file.", valueName: "FILE"))
    var baseline: String?

    @Option(help: ArgumentHelp("With --baseline: the percent worse that exits 4 (default 10).", valueName: "PCT"))
    var maxRegression: Double = 10

    func validate() throws {
        if rate != nil, concurrency != nil { throw ValidationError("--rate and --concurrency do not go together") }
        if connections != nil, rate == nil { throw ValidationError("--connections goes with --rate") }
        if let problem = options.problem { throw ValidationError(problem) }
        if LoadOptions.Engine(rawValue: engine) == nil {
            throw ValidationError("--engine '\(engine)' is not auto, wire or handler")
        }
        if let report, !report.hasPrefix("json:") || report.count == 5 {
            throw ValidationError("--report '\(report)' is not json:FILE")
        }
        guard maxRegression.isFinite, maxRegression >= 0 else {
            throw ValidationError("--max-regression must be 0 or more")
        }
    }

    private var options: LoadOptions {
        let arrivals: LoadOptions.Arrivals =
            if let rate { .rate(rate, connections: connections ?? 64) } else { .concurrency(concurrency ?? 10) }
        var options = LoadOptions(names: specs, arrivals: arrivals, duration: duration, checkEvery: checkEvery)
        options.engine = LoadOptions.Engine(rawValue: engine) ?? .automatic
        return options
    }

    func run() async throws {
        let base: LoadJSONReport.Baseline? = try baseline.map { file in
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure.usage("cannot read the baseline '\(file)': no such file")
            }
            do throws(ExplorerError) {
                return try LoadJSONReport.baseline(data, file: file)
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
        let values = try variables.values()
        // A bad data file is said before the workspace is opened, read as `tern run --data` reads it.
        let options: LoadOptions
        do throws(ExplorerError) {
            var read = self.options
            read.data = try RunTarget(specs, data: data).readData()
            options = read
        } catch {
            throw CommandFailure.usage(error.message)
        }
        var needs = OpenedWorkspace.Needs.requests(environment: env.name, mode: .live, variables: values)
        needs.defaultMode = .live
        needs.usesCookies = true
        let live = StandardStream.error.isTerminal
        let result = try await OpenedWorkspace.with(workspace, needs) { opened in
            let session = opened.session
            let events = session.events()
            let progress = Task {
                for await case .loadProgress(let figures) in events where live {
                    StandardStream.error.write("\r\u{1B}[2K" + figures.liveLine)
                }
            }
            defer { progress.cancel() }
            let task = Task { () async throws -> LoadReport in
                guard case .load(let report) = try await session.run(.load(options)) else {
                    throw ExplorerError(.usage, "load gave no report")
                }
                return report
            }
            let interrupt = Self.stopOnInterrupt(task)
            defer { Self.restore(interrupt) }
            do {
                return try await task.value
            } catch {
                throw CommandFailure.usage((error as? ExplorerError)?.message ?? "\(error)")
            }
        }
        if live { StandardStream.error.write("\r\u{1B}[2K") }
        for line in result.lines { StandardStream.output.write(line + "\n") }
        if let report {
            let file = URL(fileURLWithPath: String(report.dropFirst("json:".count)))
            do {
                try OutputFile.write(Data(LoadJSONReport.json(result).utf8), to: file)
            } catch {
                throw CommandFailure(status: .usage, message: "the json report could not be written: \(error)")
            }
        }
        var status = ExitStatus.success
        if let base {
            let regressions = LoadJSONReport.regressions(result, against: base, maximumRegression: maxRegression)
            for line in regressions { StandardStream.output.write("✗ \(line)\n") }
            if regressions.isEmpty {
                StandardStream.output.write("✓ within \(Self.percent(maxRegression)) of the baseline\n")
            } else {
                status = .failedCheck
            }
        }
        if result.figures.checksFailed > 0 { status = max(status, .failedCheck) }
        if result.figures.errorCount > 0, status == .success { status = .failure }
        if status != .success { throw CommandFailure.silent(status) }
    }

    private static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    /// The first Ctrl-C stops the load (its report is printed); a second one quits with 130.
    private static func stopOnInterrupt(_ task: Task<LoadReport, any Error>) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if task.isCancelled {
                StandardStream.error.write("\n")
                Foundation.exit(130)
            }
            StandardStream.error.write("\ntern: stopping the load (Ctrl-C again quits)\n")
            task.cancel()
        }
        source.resume()
        return source
    }

    private static func restore(_ source: any DispatchSourceSignal) {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
