import ArgumentParser
import Foundation
import Tern
import TernExplorer

/// `tern run [SPEC|GROUP]...`: send a collection, check every answer, report for CI.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send specs in order (dependencies first), check their expectations, and report.",
        discussion: """
            Runs the named specs (default: all) in id order, a spec after the specs it requires, each \
            through the same handler as 'send' (modes, cache, retries). Prints a line per spec and a summary. \
            Exit 0 when everything passed, 4 when an expectation or a status (>= 400 without expect.status) \
            failed, 1 when a request could not be made, 2 on usage or workspace errors. \
            A run asks the server (live mode) unless --mode or the workspace's handler.mode says otherwise; \
            --mode cache replays the whole collection from the cache, with no network. \
            --data FILE (CSV with a header row, a JSON array of objects, or JSON lines) runs the collection \
            once per row, the row's fields as variables (over the environment, under --var); reports name \
            each result by its row's 'name' field, else its number.
            """
    )

    @Argument(help: "Spec ids or group folders (default: every spec).")
    var specs: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @Option(help: "Where responses come from: normal, live, cache or sample (default: live, or handler.mode).")
    var mode: ResponseMode?

    @OptionGroup var variables: VariableOptions

    @Option(
        help: ArgumentHelp(
            "Run the collection once per row of FILE (CSV with a header, a JSON array, JSON lines).",
            valueName: "FILE"))
    var data: String?

    @Option(help: ArgumentHelp("Write a report: junit:FILE or json:FILE (repeatable).", valueName: "kind:FILE"))
    var report: [String] = []

    @Flag(help: "Neither send the workspace's cookies nor keep those the responses set.")
    var noCookies = false

    @Flag(help: "Return redirects (3xx) as they are instead of following them.")
    var noFollow = false

    @Option(help: ArgumentHelp("Follow at most N redirects (default 10, or handler.redirects.max).", valueName: "N"))
    var maxRedirects: Int?

    @Flag(help: "Stop at the first spec that fails or errors.")
    var bail = false

    @Option(name: .customLong("repeat"), help: "Run the collection N times (1 to 1000).")
    var repetitions: Int = 1

    @Option(help: "Seconds to wait between specs (0 to 3600).")
    var delay: Double = 0

    func validate() throws {
        guard (1...1000).contains(repetitions) else { throw ValidationError("--repeat must be from 1 to 1000") }
        guard delay.isFinite, (0...3600).contains(delay) else {
            throw ValidationError("--delay must be from 0 to 3600 seconds")
        }
        _ = try reports()
    }

    func run() async throws {
        let destinations = try reports()
        let values = try variables.values()
        // A run checks the API, so it asks the server unless told otherwise (--mode, handler.mode).
        let redirects = try RedirectOptions.policy(noFollow: noFollow, maximum: maxRedirects)
        var needs = OpenedWorkspace.Needs.requests(environment: env.name, mode: mode, variables: values)
        needs.defaultMode = .live
        needs.usesCookies = !noCookies
        needs.redirects = redirects
        // A bad data file is said before the workspace is opened (and a mock started for nothing).
        let rows: RunData?
        do throws(ExplorerError) {
            rows = try RunTarget(specs, data: data).readData()
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let target = RunTarget(specs, data: data, repetitions: repetitions, delay: delay, bail: bail)
        let (summary, properties) = try await OpenedWorkspace.with(workspace, needs) { opened in
            let snapshot = await opened.session.snapshot()
            let summary = try await follow(opened.session.runEvents(target, rows: rows))
            var properties = [
                (name: "environment", value: snapshot.environment ?? "none"),
                (name: "mode", value: snapshot.mode.rawValue),
            ]
            if let rows { properties.append((name: "data", value: "\(rows.file) (\(rows.count) rows)")) }
            return (summary, properties)
        }
        StandardStream.error.write(summary.line + "\n")
        for (kind, file) in destinations {
            let text = kind == "junit" ? JUnitReport.xml(summary, properties: properties) : RunJSONReport.json(summary)
            do {
                try OutputFile.write(Data(text.utf8), to: file)
            } catch {
                throw CommandFailure(status: .usage, message: "the \(kind) report could not be written: \(error)")
            }
        }
        if summary.exitStatus != .success { throw CommandFailure.silent(summary.exitStatus) }
    }

    /// Prints the run's results as they come (with a progress bar on a terminal); returns its summary. A run
    /// that cannot start exits 2; answers that could not all be stored are a warning.
    private func follow(_ events: RunStream) async throws -> RunSummary {
        let color = StandardStream.output.usesColor
        // A progress bar below the result lines on the terminal that shows them (stdout), else on
        // stderr when only stderr is one; never in a pipe or a file.
        let progressStream: StandardStream? =
            StandardStream.output.isTerminal
            ? .output : StandardStream.error.isTerminal ? .error : nil
        var idWidth = 24
        var summary: RunSummary?
        for await event in events {
            switch event {
            case .started(let order, let rows):
                // The spec column as wide as the longest id (within reason, a longer one shortened), so the
                // columns line up.
                idWidth = SpecRunResult.idWidth(ids: order, data: rows)
            case .progress(let done, let total, let current):
                progressStream?.write("\r\u{1B}[2K" + Self.bar(done: done, total: total, current: current))
            case .result(let result, _):
                progressStream?.write("\r\u{1B}[2K")
                for line in result.lines(idWidth: idWidth) {
                    StandardStream.output.write((color ? VerifyCommand.colored(line) : line) + "\n")
                }
            case .finished(let finished):
                summary = finished
            case .failed(let error):
                guard summary != nil else { throw CommandFailure.usage(error.message) }
                StandardStream.error.write("tern: warning: \(error.message)\n")
            }
        }
        return summary ?? RunSummary(results: [], started: Date(), duration: 0)
    }

    /// `[██████░░░░░░░░░░░░░░] 3/12 users/get-user`.
    static func bar(done: Int, total: Int, current: String) -> String {
        let width = 20
        let filled = total > 0 ? min(width, done * width / total) : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "[\(bar)] \(done + 1)/\(total) \(TerminalText.safe(current))"
    }

    /// `--report kind:FILE` pairs, checked.
    private func reports() throws -> [(String, URL)] {
        try report.map { value in
            guard let colon = value.firstIndex(of: ":") else {
                throw ValidationError("--report '\(value)' is not junit:FILE or json:FILE")
            }
            let kind = String(value[..<colon])
            let path = String(value[value.index(after: colon)...])
            guard kind == "junit" || kind == "json", !path.isEmpty else {
                throw ValidationError("--report '\(value)' is not junit:FILE or json:FILE")
            }
            return (kind, URL(fileURLWithPath: path))
        }
    }
}
