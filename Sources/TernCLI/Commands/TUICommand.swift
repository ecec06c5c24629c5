import ArgumentParser
import Foundation
import TernExplorer

/// `tern tui` (and `tern` alone): the full-screen explorer.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui", abstract: "Open the full-screen explorer on the workspace (the default command)."
    )

    @OptionGroup var workspace: WorkspaceOptions

    func run() async throws {
        let opened = try await OpenedWorkspace.open(workspace)
        await opened.close()
    }
}
