import ArgumentParser
import Foundation

/// `--workspace DIR`, shared by every command.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .long, help: "The workspace folder (default: $TERN_WORKSPACE, else workspaces/demo).")
    var workspace: String?

    /// The folder in force.
    var root: URL {
        let path = workspace ?? ProcessInfo.processInfo.environment["TERN_WORKSPACE"] ?? "workspaces/demo"
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }
}
