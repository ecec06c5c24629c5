import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernREPL
import TernWorkspace

/// `tern repl`: the line-oriented explorer.
struct REPLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Explore the workspace a line at a time (scripted when stdin is not a terminal).",
        discussion: """
            With a terminal: a prompt with history (.tern/repl_history), Ctrl-R search and Tab completion. \
            Otherwise the commands read from stdin run line by line; the exit status is 0 when all succeeded, \
            1 when a command failed, 2 when a line was not a command or had wrong arguments.
            """
    )

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @Option(help: "Where responses come from: normal, live, cache or sample.")
    var mode: ResponseMode?

    func run() async throws {
        let interactive = REPL.Options.isStandardInputTerminal
        let editor: (@Sendable (String) async throws -> String)? =
            interactive ? { @Sendable text in try await ExternalEditor.edit(text) } : nil
        let status = try await OpenedWorkspace.with(
            workspace, .interactive(environment: env.name, mode: mode, editor: editor)
        ) { opened in
            let history = opened.workspace.root.appendingPathComponent(".tern/repl_history")
            return await REPL(session: opened.session, options: .standard(historyFile: history)).run()
        }
        if let failed = ExitStatus(rawValue: status), failed != .success { throw CommandFailure.silent(failed) }
    }
}
