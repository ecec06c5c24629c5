import ArgumentParser
import Foundation
import TernExplorer
import TernNcurses
import TernTUI

/// `tern tui` (and `tern` alone): the full-screen explorer.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui", abstract: "Open the full-screen explorer on the workspace (the default command)."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "The environment to start in.")
    var env: String?

    @Flag(help: "Open the scratch workspace: the requests typed as 'tern get URL' outside a workspace.")
    var scratch = false

    @Flag(name: .customLong("exit-after-first-frame"), help: .hidden)
    var exitAfterFirstFrame = false

    func run() async throws {
        guard StandardStream.output.isTerminal, isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure.usage(
                "the TUI needs a terminal; for scripts use 'tern repl' (it reads commands from stdin) or 'tern send'")
        }
        let bridge = EditorBridge()
        var needs = OpenedWorkspace.Needs.interactive(
            environment: env, printsSignIn: false, editor: { try await bridge.edit($0) })
        // The first frame lists the specs from the spec index; the files are read behind it.
        needs.startsFromIndex = true
        let options = Runtime.Options(exitAfterFirstFrame: exitAfterFirstFrame)
        // A broken config file does not keep the TUI closed: the defaults apply and the status line says why.
        let config: TUIConfig
        var configProblem: String?
        do throws(TUIConfigError) {
            config = try TUIConfig.load(environment: ProcessInfo.processInfo.environment)
        } catch {
            config = TUIConfig()
            configProblem = error.description + "; using the defaults"
        }
        let problem = configProblem
        if scratch, workspace.workspace != nil {
            throw CommandFailure.usage("--scratch opens the scratch workspace: leave out --workspace")
        }
        let folder =
            scratch
            ? WorkspaceFolder(workspace: try ScratchWorkspace.root().path)
            : WorkspaceFolder(
                workspace: workspace.workspace)
        let outcome = try await OpenedWorkspace.with(folder, needs) { opened in
            await UIThread.run { () -> Result<(AppState, Date?, Int32?), NcursesError> in
                let terminal: NcursesTerminal
                do throws(NcursesError) {
                    terminal = try NcursesTerminal(mouse: config.mouse)
                } catch {
                    return .failure(error)
                }
                defer { terminal.stop() }
                terminal.palette = config.theme.palette
                let runtime = Runtime(
                    terminal: terminal, session: opened.session, bridge: bridge, keys: config.keyTable,
                    options: options)
                if let problem { runtime.show(StatusMessage(text: problem, isError: true)) }
                let state = runtime.run(shouldStop: { terminal.terminationRequested })
                return .success((state, runtime.firstFrameAt, terminal.terminationSignal))
            }
        }
        switch outcome {
        case .failure(let error):
            throw CommandFailure.usage(error.description)
        case .success(let (state, firstFrame, signal)):
            if exitAfterFirstFrame, let firstFrame {
                let milliseconds = firstFrame.timeIntervalSince(ProcessStart.date) * 1000
                StandardStream.error.write(String(format: "first-frame-ms %.1f\n", milliseconds))
            }
            if let unsaved = state.snapshot?.unsaved, !unsaved.isEmpty {
                StandardStream.error.write("tern: unsaved edits were dropped: \(unsaved.joined(separator: ", "))\n")
            }
            // Quit by a signal or Ctrl-C: the status a shell expects (128 + the signal's number).
            switch signal {
            case SIGTERM?: throw CommandFailure.silent(.terminated)
            case SIGHUP?: throw CommandFailure.silent(.hangUp)
            case SIGINT?: throw CommandFailure.silent(.interrupted)
            default: if state.interrupted { throw CommandFailure.silent(.interrupted) }
            }
        }
    }
}

/// When the process started (as near as Swift code can tell): the origin of the first-frame time.
enum ProcessStart {
    nonisolated(unsafe) static var date = Date()
}
