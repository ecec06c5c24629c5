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
        let target = RunTarget(specs, data: data)
        // A bad data file is said before the workspace is opened (and a mock started for nothing).
        let rows: RunData?
        do throws(ExplorerError) {
            rows = try target.readData()
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let (summary, properties) = try await OpenedWorkspace.with(workspace, needs) { opened in
            let order: [String]
            do throws(ExplorerError) {
                order = try await opened.session.runOrder(specs)
            } catch {
                throw CommandFailure.usage(error.message)
            }
            await opened.session.beginRunWrites()
            let summary = await execute(order, rows: rows, on: opened.session)
            do throws(ExplorerError) {
                try await opened.session.endRunWrites()
            } catch {
                StandardStream.error.write("tern: warning: \(error.message)\n")
            }
            var properties = [
                (name: "environment", value: await opened.session.activeEnvironment ?? "none"),
                (name: "mode", value: await opened.session.mode.rawValue),
            ]
            if let rows { properties.append((name: "data", value: "\(rows.file) (\(rows.rows.count) rows)")) }
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

    private func execute(_ order: [String], rows: RunData?, on session: ExplorerSession) async -> RunSummary {
        let started = Date()
        var results: [SpecRunResult] = []
        let color = StandardStream.output.usesColor
        // A progress bar below the result lines on the terminal that shows them (stdout), else on
        // stderr when only stderr is one; never in a pipe or a file.
        let progressStream: StandardStream? =
            StandardStream.output.isTerminal
            ? .output : StandardStream.error.isTerminal ? .error : nil
        let passes = RunTarget.passes(rows)
        let total = order.count * passes.count * repetitions
        // The spec column as wide as the longest id (within reason), so the columns line up.
        let rowWidth = rows.map { data in (data.rows.map(\.label.count).max() ?? 0) + 3 } ?? 0
        let idWidth = min(64, max(24, (order.map(\.count).max() ?? 0) + rowWidth))
        running: for _ in 0..<repetitions {
            for row in passes {
                await session.enterRow(row)
                for id in order {
                    if delay > 0 && !results.isEmpty { try? await Task.sleep(for: .seconds(delay)) }
                    let current = row.map { "\(id) [\($0.label)]" } ?? id
                    progressStream?.write("\r\u{1B}[2K" + Self.bar(done: results.count, total: total, current: current))
                    let result = await session.runSpec(id)
                    progressStream?.write("\r\u{1B}[2K")
                    results.append(result)
                    for line in result.lines(idWidth: idWidth) {
                        StandardStream.output.write((color ? VerifyCommand.colored(line) : line) + "\n")
                    }
                    if bail && result.outcome != .passed { break running }
                }
            }
        }
        await session.enterRow(nil)
        return RunSummary(results: results, started: started, duration: Date().timeIntervalSince(started))
    }

    /// `[██████░░░░░░░░░░░░░░] 3/12 users/get-user`.
    static func bar(done: Int, total: Int, current: String) -> String {
        let width = 20
        let filled = total > 0 ? min(width, done * width / total) : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "[\(bar)] \(done + 1)/\(total) \(current)"
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
