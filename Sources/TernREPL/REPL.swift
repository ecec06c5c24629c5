package import Foundation
import Synchronization
import Tern
package import TernExplorer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The line-oriented explorer (`tern repl`): reads commands of the explorer's language, runs them
/// on an `ExplorerSession` and prints what they produce.
///
/// Interactive (stdin is a terminal): a prompt with line editing, history and Tab completion,
/// colours, a live progress line while sending, paging of long bodies, and Ctrl-C cancelling the
/// running command. Scripted (anything else): lines are run in order without prompts or colours;
/// blank lines and `#` comments are skipped; errors go to stderr with their line number.
package struct REPL: Sendable {
    /// How the REPL reads, writes and behaves.
    package struct Options: Sendable {
        /// Where lines come from.
        package var input: any LineSource
        /// Where results and errors go.
        package var output: any OutputSink
        /// Prompts, a banner, Ctrl-C handling, and a second `quit` needed to drop unsaved edits.
        package var interactive: Bool
        /// Colours (off for `NO_COLOR`, non-terminals and scripts).
        package var style: ANSIStyle
        /// The updating progress line while sending (stdout must be a terminal).
        package var showsProgress: Bool
        /// Long responses go through `$PAGER` (stdout must be a terminal).
        package var pages: Bool
        /// Ctrl-C cancels the running command instead of ending the process (installs a SIGINT handler).
        package var catchesInterrupts: Bool

        /// Makes options; the defaults are scripted mode.
        package init(
            input: any LineSource, output: any OutputSink = StandardStreams(), interactive: Bool = false,
            style: ANSIStyle = .plain, showsProgress: Bool = false, pages: Bool = false, catchesInterrupts: Bool = false
        ) {
            self.input = input
            self.output = output
            self.interactive = interactive
            self.style = style
            self.showsProgress = showsProgress
            self.pages = pages
            self.catchesInterrupts = catchesInterrupts
        }

        /// Interactive with libedit when stdin is a terminal (history in `historyFile`), else scripted
        /// on standard input; colours when stdout is a terminal and `NO_COLOR` is unset.
        package static func standard(
            historyFile: URL?, environment: [String: String] = ProcessInfo.processInfo.environment
        ) -> Options {
            guard isStandardInputTerminal else { return Options(input: StandardInputLines()) }
            let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
            return Options(
                input: LineEditor(historyFile: historyFile), interactive: true,
                style: stdoutIsTerminal && environment["NO_COLOR"] == nil ? .ansi : .plain,
                showsProgress: stdoutIsTerminal, pages: stdoutIsTerminal, catchesInterrupts: true
            )
        }

        /// Whether standard input is a terminal (the REPL is then interactive).
        package static var isStandardInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    }

    /// The session every command runs on.
    package let session: ExplorerSession
    /// How the REPL reads and writes.
    package let options: Options
    /// Whether the latest send printed its body item by item (a stream).
    private let streamedLast = StreamFlag()

    /// A REPL on `session`.
    package init(session: ExplorerSession, options: Options) {
        self.session = session
        self.options = options
    }

    /// Runs until `quit` or the end of input; returns the exit status. Scripted: 0, or the worst
    /// failure (`ExitStatus.usage` for lines that are not commands, else `ExitStatus.failure`).
    /// Interactive: 0, since every error was shown where it happened.
    package func run() async -> Int32 {
        if options.catchesInterrupts { Interrupts.shared.install() }
        if options.interactive {
            let name = await session.snapshot().workspaceName
            options.output.write(
                options.style.dim("tern repl on \(name): 'help' lists the commands, Tab completes, Ctrl-D leaves.")
                    + "\n")
        }
        var run = RunState()
        reading: while true {
            let snapshot = options.interactive ? await session.snapshot() : nil
            let prompt = snapshot.map { REPLPrompt($0).text(options.style) } ?? ""
            var vocabulary = snapshot?.vocabulary ?? CompletionVocabulary()
            vocabulary.grpc = run.grpcVocabulary
            switch await options.input.next(prompt: prompt, vocabulary: vocabulary) {
            case .end:
                if await mayLeave(&run) { break reading }
            case .interrupted:
                run.quitWarned = false
            case .line(let raw):
                run.lineNumber += 1
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.isEmpty || line.hasPrefix("#") { continue }
                if await execute(line, &run) == .quit, await mayLeave(&run) { break reading }
            }
        }
        options.input.close()
        if options.catchesInterrupts { Interrupts.shared.uninstall() }
        return options.interactive ? ExitStatus.success.rawValue : run.status.rawValue
    }

    /// What the loop does after a line.
    enum Next { case read, quit }

    struct RunState {
        var lineNumber = 0
        var status = ExitStatus.success
        var quitWarned = false
        /// When the workspace's files were last looked at (`pickUpChanges`).
        var lastLook: ContinuousClock.Instant?
        /// The gRPC endpoint the last `grpc` line named (its address and options): a line without an address
        /// goes there. The REPL keeps it, not the session: it is how this face's lines are typed, no state of
        /// the explorer (the session's `grpc` command always says where it goes).
        var grpc: GRPCEndpoint?
        /// What Tab completes to at `grpc` (interactive only), from descriptors already known.
        var grpcVocabulary: GRPCVocabulary?

        mutating func failed(_ status: ExitStatus) { self.status = max(self.status, status) }
    }

    /// Whether the REPL may stop now. Interactive, unsaved edits stop the first attempt; on the
    /// way out they are always mentioned.
    private func mayLeave(_ run: inout RunState) async -> Bool {
        let unsaved = await session.snapshot().unsaved
        guard !unsaved.isEmpty else { return true }
        let list = unsaved.joined(separator: ", ")
        if options.interactive && !run.quitWarned {
            run.quitWarned = true
            options.output.writeError(
                options.style.yellow("unsaved edits in \(list)")
                    + ": 'save' writes them; quit again (or Ctrl-D) to leave without saving\n")
            return false
        }
        options.output.writeError("tern: warning: unsaved edits in \(list) were not saved\n")
        return true
    }

    /// Parses and runs one line, printing its result or its error.
    private func execute(_ line: String, _ run: inout RunState) async -> Next {
        let command: Command
        do {
            command = try CommandParser.parse(line, grpcEndpoint: run.grpc)
        } catch {
            report(error, run)
            run.failed(.usage)
            return .read
        }
        if command == .quit { return .quit }
        run.quitWarned = false
        if command != .reload { await pickUpChanges(&run) }
        let result = await perform(command)
        if case .grpc(let action) = command { await remember(action.endpoint, &run) }
        switch result {
        case .success(let output):
            if case .response(let response, let checks, let warnings) = output, streamedLast.load() {
                // The body went out item by item as it arrived: the status line and the checks are left.
                let printer = Printer(style: options.style)
                options.output.write(
                    printer.statusLine(response) + "\n" + printer.expectations(checks) + printer.warnings(warnings))
            } else {
                await emit(output)
            }
            // As `tern grpc` exits 1: a script sees a call that ended with another status than OK.
            if case .grpcCall(let outcome) = output, !outcome.status.isOK { run.failed(.failure) }
        case .failure(let error):
            report(error, run)
            run.failed(error.kind == .usage || error.kind == .unknownCommand ? .usage : .failure)
        }
        return .read
    }

    /// Keeps `endpoint` for the next `grpc` lines and, interactive, what Tab completes to there: read again
    /// after each line (reflection may have taught more), from files only, never from the server.
    private func remember(_ endpoint: GRPCEndpoint, _ run: inout RunState) async {
        run.grpc = endpoint
        guard options.interactive else { return }
        if case .success(.grpcVocabulary(let vocabulary)) = await Self.run(.grpc(.vocabulary(endpoint)), on: session) {
            run.grpcVocabulary = vocabulary
        } else {
            run.grpcVocabulary = nil
        }
    }

    /// Reads the workspace's files again when they changed on disk since the last line, and says what changed
    /// (on stderr: a script's output stays its commands' own). Interactive, it looks before every line (a person
    /// types slower than a look takes); a script's lines look at most once a second, so a long script on a big
    /// workspace does not pay a look per line.
    private func pickUpChanges(_ run: inout RunState) async {
        let now = ContinuousClock.now
        if !options.interactive, let last = run.lastLook, now - last < .seconds(1) { return }
        run.lastLook = now
        guard let outcome = try? await session.reload() else { return }
        let needsUser = outcome.failure != nil || !outcome.conflicts.isEmpty || !outcome.broken.isEmpty
        let text = outcome.lines.joined(separator: "\n")
        options.output.writeError((needsUser ? options.style.yellow(text) : options.style.dim(text)) + "\n")
    }

    /// Runs `command`: Ctrl-C cancels it (when interrupts are caught), and a send shows its live
    /// progress line (when progress is shown).
    private func perform(_ command: Command) async -> Result<CommandOutput, ExplorerError> {
        let session = self.session
        let streamed = streamedLast
        streamed.store(false)
        var follower: Task<Void, Never>?
        var live: LiveLine?
        if case .send = command, options.showsProgress {
            let line = LiveLine(output: options.output, width: TerminalSize.current()?.columns ?? 80)
            let events = session.events()  // subscribed before the send starts
            follower = Task { await line.follow(events) }
            live = line
        }
        // A streamed body prints item by item as it arrives; Ctrl-C then ends the stream, keeping what came.
        var adjustments = SendAdjustments()
        let stop = StreamStop()
        if case .send = command {
            let output = options.output
            let pretty = options.interactive
            let line = live
            adjustments.streamStop = stop
            adjustments.onStream = { item in
                if !streamed.exchange(true) { line?.silence() }
                output.write(StreamItemLines(item, pretty: pretty).lines.joined(separator: "\n") + "\n")
            }
        }
        let task = Task { [adjustments] in await Self.run(command, on: session, adjustments: adjustments) }
        guard options.catchesInterrupts || options.showsProgress else { return await task.value }
        let result =
            options.catchesInterrupts
            ? await Interrupts.shared.whileRunning(cancel: {
                if streamed.load() { stop.stop() } else { task.cancel() }
            }) { await task.value } : await task.value
        follower?.cancel()
        await follower?.value
        live?.clear()
        // Ctrl-C is the user's own doing, not an error: one line says so.
        if task.isCancelled, case .failure = result { return .success(.done("cancelled")) }
        return result
    }

    private static func run(
        _ command: Command, on session: ExplorerSession, adjustments: SendAdjustments = SendAdjustments()
    ) async -> Result<CommandOutput, ExplorerError> {
        do {
            return .success(try await session.run(command, sendAdjustments: adjustments))
        } catch {
            return .failure(error)
        }
    }

    /// Prints `output`; a response taller than the terminal goes through the pager.
    private func emit(_ output: CommandOutput) async {
        var printer = Printer(style: options.style)
        if options.interactive { printer.width = TerminalSize.current()?.columns }
        let text = printer.render(output)
        if case .response = output, options.pages, let size = TerminalSize.current(),
            text.utf8.lazy.filter({ $0 == UInt8(ascii: "\n") }).count >= size.rows - 1,
            await Pager.show(text)
        {
            return
        }
        options.output.write(text)
    }

    private func report(_ error: ExplorerError, _ run: RunState) {
        let message = TerminalText.safe(error.message, keepingLines: true)
        if options.interactive {
            options.output.writeError(options.style.red("error:") + " \(message)\n")
        } else {
            options.output.writeError("tern: error: line \(run.lineNumber): \(message)\n")
        }
    }
}

/// A flag shared between the REPL and a running send's stream printer.
final class StreamFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func load() -> Bool { value.load(ordering: .relaxed) }
    func store(_ flag: Bool) { value.store(flag, ordering: .relaxed) }
    /// Sets the flag and returns what it was.
    func exchange(_ flag: Bool) -> Bool { value.exchange(flag, ordering: .relaxed) }
}
