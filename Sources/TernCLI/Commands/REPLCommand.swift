import ArgumentParser
import Foundation
import TernExplorer
import TernREPL

/// `tern repl`: the line-oriented explorer.
struct REPLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "Explore the workspace a line at a time (scripted when stdin is not a terminal)."
    )

    @OptionGroup var workspace: WorkspaceOptions

    func run() async throws {
        let opened = try await OpenedWorkspace.open(workspace)
        let status = await REPL(session: opened.session).run()
        await opened.close()
        if status != 0 { throw ExitCode(status) }
    }
}
