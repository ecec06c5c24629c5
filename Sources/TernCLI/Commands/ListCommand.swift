import ArgumentParser
import Foundation
import TernExplorer

/// `tern list`: the workspace's specs.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the workspace's specs.")

    @OptionGroup var workspace: WorkspaceOptions

    @Flag(help: "Print a JSON array of {id, name, method, path, target}.")
    var json = false

    func run() async throws {
        let opened = try await OpenedWorkspace.open(workspace, startsMock: false)
        let specs = await opened.session.summaries()
        await opened.close()
        if json {
            StandardStream.output.write(
                JSONLines.array(
                    specs.map { spec in
                        [
                            ("id", .string(spec.id)), ("name", .string(spec.name)), ("method", .string(spec.method)),
                            ("path", .string(spec.path)), ("target", spec.target.map { .string($0) } ?? .null),
                        ]
                    }) + "\n")
            return
        }
        let idWidth = specs.map(\.id.count).max() ?? 0
        for spec in specs {
            let method = spec.method.padding(toLength: 7, withPad: " ", startingAt: 0)
            let id = spec.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            StandardStream.output.write("\(method) \(id)  \(spec.path)\n")
        }
    }
}
