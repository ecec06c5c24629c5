import ArgumentParser
import Foundation
import TernExplorer
import TernWorkspace

/// `--workspace DIR`, shared by every command.
struct WorkspaceOptions: ParsableArguments, WorkspaceChoice {
    @Option(name: .long, help: "The workspace folder (default: see 'The workspace' in docs/cli.md).")
    var workspace: String?
}

/// The `--workspace` given, if any: `WorkspaceOptions` as parsed by swift-argument-parser, or
/// `WorkspaceFolder` from `QuickParse`.
protocol WorkspaceChoice {
    var workspace: String? { get }
}

/// A `--workspace` value outside swift-argument-parser.
struct WorkspaceFolder: WorkspaceChoice, Equatable {
    var workspace: String?
}

extension WorkspaceChoice {
    /// The folder in force, found as docs/cli.md says (`WorkspaceDiscovery`); when the choice is not obvious
    /// (a parent folder, the demo) and `announce` is true, one line on stderr says which folder it is.
    func root(announce: Bool = true) throws -> URL {
        let found: WorkspaceDiscovery.Found
        do {
            found = try discovered()
        } catch {
            throw CommandFailure.usage(error.description)
        }
        if announce, let note = found.note { StandardStream.error.write("tern: \(note)\n") }
        return found.root
    }
}

extension WorkspaceChoice {
    /// The folder `WorkspaceDiscovery` finds for this choice, with how it was found.
    func discovered() throws(WorkspaceError) -> WorkspaceDiscovery.Found {
        // Only the variable it reads: the whole environment as a dictionary costs a send 0.1 ms.
        let variable = WorkspaceDiscovery.variable
        return try WorkspaceDiscovery.find(
            option: workspace, environment: getenv(variable).map { [variable: String(cString: $0)] } ?? [:],
            directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    }
}
