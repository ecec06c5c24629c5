import ArgumentParser
import Foundation
import TernExplorer
import TernWorkspace

/// `--workspace DIR`, shared by every command.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .long, help: "The workspace folder (default: see 'The workspace' in docs/cli.md).")
    var workspace: String?

    /// The folder in force, found as docs/cli.md says (`WorkspaceDiscovery`); when the choice is not obvious
    /// (a parent folder, the demo) and `announce` is true, one line on stderr says which folder it is.
    func root(announce: Bool = true) throws -> URL {
        let found: WorkspaceDiscovery.Found
        do {
            found = try WorkspaceDiscovery.find(
                option: workspace, environment: ProcessInfo.processInfo.environment,
                directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        } catch {
            throw CommandFailure.usage(error.description)
        }
        if announce, let note = found.note { StandardStream.error.write("tern: \(note)\n") }
        return found.root
    }
}
