import ArgumentParser
import Foundation
import TernExplorer
import TernWorkspace

/// `tern list`: the workspace's specs; a spec file that cannot be loaded is listed with `!` and its error.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the workspace's specs.")

    @OptionGroup var workspace: WorkspaceOptions

    @Flag(help: "Print a JSON array of {id, name, method, path, target} (and error, for a file that cannot load).")
    var json = false

    func run() async throws {
        // From the spec index: a workspace of hundreds of specs reads only the files that changed.
        let listed = try OpenedWorkspace.listing(workspace)
        var specs = listed.specs.map {
            SpecSummary(id: $0.id, name: $0.name, method: $0.method, path: $0.path, target: $0.target)
        }
        for broken in listed.workspace.brokenSpecs {
            var summary = SpecSummary(id: broken.id, name: broken.fileName, method: "!", path: "", target: nil)
            summary.error = broken.error.description
            specs.append(summary)
        }
        specs.sort { $0.id < $1.id }
        if json {
            StandardStream.output.write(
                JSONLines.array(
                    specs.map { spec in
                        var fields: [(String, JSONLines.Value)] = [
                            ("id", .string(spec.id)), ("name", .string(spec.name)), ("method", .string(spec.method)),
                            ("path", .string(spec.path)), ("target", spec.target.map { .string($0) } ?? .null),
                        ]
                        if let error = spec.error { fields.append(("error", .string(error))) }
                        return fields
                    }) + "\n")
            return
        }
        // Ids, paths and errors come from files a clone brought: nothing in them may drive the terminal.
        let ids = specs.map { TerminalText.safe($0.id) }
        let idWidth = ids.map(\.count).max() ?? 0
        for (spec, id) in zip(specs, ids) {
            let method = TerminalText.safe(spec.method).padding(toLength: 7, withPad: " ", startingAt: 0)
            let shown = id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            StandardStream.output.write("\(method) \(shown)  \(TerminalText.safe(spec.error ?? spec.path))\n")
        }
    }
}
