import ArgumentParser
import Foundation
import TernExplorer
import TernWorkspace

/// `--workspace DIR`, shared by every command.
struct WorkspaceOptions: ParsableArguments, WorkspaceChoice {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The workspace folder (default: $TERN_WORKSPACE, else the nearest folder up with a workspace.yaml;"
                + " WORKSPACE in 'man tern')."))
    var workspace: String?
}

/// `--workspace DIR` or `--scratch`: the commands that look after what typed requests keep (`tern secrets`,
/// `tern cookies`) reach the scratch workspace too.
struct WorkspacePlace: ParsableArguments, WorkspaceChoice {
    @OptionGroup var options: WorkspaceOptions
    @Flag(help: "The scratch workspace: where 'tern get URL' goes outside a workspace.")
    var scratch = false

    var workspace: String? { options.workspace }

    mutating func validate() throws {
        guard scratch else { return }
        guard options.workspace == nil else {
            throw ValidationError("--scratch names the scratch workspace: leave out --workspace")
        }
        do {
            options.workspace = try ScratchWorkspace.root().path
        } catch let failure as CommandFailure {
            throw ValidationError(failure.message ?? "the scratch workspace could not be made")
        }
    }
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
