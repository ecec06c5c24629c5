import ArgumentParser
import Foundation
import TernExplorer
import TernInterchange
import TernWorkspace

/// `tern init [DIR] [--from FILE]`: a new workspace, ready to send offline, or filled by an importer.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a workspace in DIR (default: the current folder).",
        discussion: """
            Writes a commented workspace.yaml, environments/local.yaml (baseURL {{mock}}: the in-process mock \
            server, so the example works offline), specs/example/get-user.yaml and a .gitignore holding .tern/ \
            (the cache keeps response bodies). With --from FILE, the importer (curl, OpenAPI, Postman, Insomnia \
            or HAR, detected) fills the new workspace instead of the example. An existing file is never \
            replaced: the command stops, naming it, and writes nothing (an existing .gitignore gets the .tern/ \
            line appended when it lacks it). Exit 0 when the workspace was written, 2 otherwise.
            """
    )

    @Argument(help: "The workspace folder, created when missing (default: the current folder).")
    var directory: String?

    @Option(help: "A curl, OpenAPI, Postman, Insomnia or HAR file (or - for stdin) to fill the workspace with.")
    var from: String?

    @Option(help: "With --from: the source's format (auto, curl, grpcurl, openapi, postman, insomnia, har or http).")
    var format = "auto"

    func run() async throws {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let root = URL(fileURLWithPath: directory ?? ".", relativeTo: current).standardizedFileURL
        let shown = directory ?? "."
        if let from {
            try importing(from, into: root, shown: shown, directory: current)
            return
        }
        do {
            try WorkspaceTemplate.write(at: root)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let moveHint = directory.map { "cd \(Self.shellWord($0)) && " } ?? ""
        StandardStream.output.write(
            """
            created the workspace \(shown): workspace.yaml, environments/local.yaml, \
            specs/\(WorkspaceTemplate.exampleSpec).yaml, .gitignore
            next: \(moveHint)tern send get-user   (or 'tern' for the TUI, 'tern repl' for the REPL)

            """)
    }

    /// `--from FILE`: the importer makes the workspace (it refuses a folder that has one).
    private func importing(_ source: String, into root: URL, shown: String, directory: URL) throws {
        let manifest = root.appendingPathComponent("workspace.yaml")
        if FileManager.default.fileExists(atPath: manifest.path) {
            throw CommandFailure.usage(
                "\(shown == "." ? "" : shown + "/")workspace.yaml already exists; tern init never replaces a file "
                    + "(to add specs to this workspace: tern import auto \(source) --workspace \(shown))")
        }
        guard let chosen = CollectionImport.Request.format(named: format) else {
            let known = CollectionImport.Request.formatWords.joined(separator: "|")
            throw CommandFailure.usage("'\(format)' is not a format to import: use \(known)")
        }
        let plan: ImportPlan
        do {
            plan = try CollectionImport.plan(
                CollectionImport.Request(format: chosen, source: source), root: root, directory: directory
            ).plan
            try plan.apply()
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let outcome = ImportOutcome(
            report: plan.report, group: plan.group, workspace: shown, dryRun: false,
            createdWorkspace: plan.createsWorkspace)
        StandardStream.output.write(outcome.lines.joined(separator: "\n") + "\n")
    }

    /// `word`, single-quoted for a shell when it holds anything but letters, digits and `-_./`.
    static func shellWord(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
