import ArgumentParser
import Foundation
import TernExplorer

/// `tern diff SPEC [--with ENV | --history N M]`: two answers compared, nothing sent.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two stored answers of a spec: the newest with the previous one, or another environment's.",
        discussion: """
            Compares the status, the headers (Date, Age and the like left out) and the JSON body field by \
            field (key order ignored, 'verify: {ignore: [$.path]}' paths skipped), as verify does, without \
            sending anything. By default the spec's newest answer is compared with the one before it (the \
            cache keeps five per request); --with ENV puts the newest answer in ENV beside this \
            environment's; --history N M compares two sends of 'tern repl' history (1 is the newest). Exit \
            0 when the answers are the same, 4 when they differ, 1 when there are not two answers to \
            compare, 2 for usage or workspace errors.
            """
    )

    @Argument(help: "The spec id (a unique file name will do); not needed with --history.")
    var spec: String?

    @Option(help: "Compare with the newest answer stored in this environment.")
    var with: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two sends of the history.", valueName: "N M"))
    var history: [Int] = []

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @Flag(help: "Print both bodies side by side under the differences.")
    var sideBySide = false

    func run() async throws {
        let target: DiffTarget
        if !history.isEmpty {
            guard history.count == 2, history.allSatisfy({ $0 > 0 }), history[0] != history[1] else {
                throw CommandFailure.usage("--history takes two different send numbers: --history 1 2")
            }
            target = .history(history[0], history[1])
        } else if let with {
            target = .environment(with)
        } else {
            guard spec != nil else { throw CommandFailure.usage("name the spec whose answers to compare") }
            target = .previous
        }
        let diff = try await OpenedWorkspace.with(workspace, .requests(environment: env.name, variables: [:])) {
            opened in
            do throws(ExplorerError) {
                guard case .diff(let diff) = try await opened.session.run(.diff(spec, target)) else {
                    throw ExplorerError(.usage, "diff gave no comparison")
                }
                return diff
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
        let color = StandardStream.output.usesColor
        var lines = diff.lines
        if sideBySide, diff.outcome == .different { lines += [""] + diff.sideBySide(width: 120) }
        for line in lines {
            StandardStream.output.write((color ? VerifyCommand.colored(line) : line) + "\n")
        }
        switch diff.outcome {
        case .same: return
        case .different: throw CommandFailure.silent(.failedCheck)
        case .nothingToCompare: throw CommandFailure.silent(.failure)
        }
    }
}
