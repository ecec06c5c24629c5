import ArgumentParser
import Foundation
import TernExplorer

/// `tern export curl|grpcurl|har|postman|http|locust`: send a spec, the history or a group out of Tern.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write a spec as a curl or grpcurl command, the history as HAR 1.2, or a group as a Postman collection "
            + "or a .http file.",
        subcommands: [
            ExportCurlCommand.self, ExportGRPCurlCommand.self, ExportHARCommand.self, ExportPostmanCommand.self,
            ExportHTTPCommand.self,
            ExportLocustCommand.self,
        ]
    )

    /// Runs `action` in a session on the workspace (no mock server: nothing is sent).
    static func perform(
        _ action: Command.ExportAction, on workspace: WorkspaceOptions, environment: String? = nil,
        variables: [String: String] = [:]
    ) async throws -> String {
        try await OpenedWorkspace.with(workspace, .files(environment: environment, variables: variables)) {
            opened in
            do throws(ExplorerError) {
                let output = try await opened.session.run(.export(action))
                if case .curl(let command) = output { return command }
                return output.sentence ?? ""
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
    }

    /// A document (no `-o`) goes to standard output; the note that a file was written goes to standard error.
    static func report(_ message: String, toFile: Bool) {
        (toFile ? StandardStream.error : StandardStream.output).write(message + "\n")
    }
}

/// `tern export curl SPEC`: one bash command that sends what `tern send SPEC` sends.
struct ExportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Print one bash command that sends what 'tern send SPEC' sends (secrets as \"$NAME\").")

    /// Where the exported command sends what the workspace sends to `{{mock}}`.
    static let mockStandIn = "http://127.0.0.1:8787"

    @Argument(help: "The spec id or unique file name.")
    var spec: String

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @OptionGroup var variables: VariableOptions

    func run() async throws {
        var values = try variables.values()
        // `{{mock}}` is the server `tern send` starts in-process and stops when it exits: the command
        // points at `tern mock --port 8787` instead, and says so.
        let mockStandIn = values["mock"] == nil
        if mockStandIn { values["mock"] = Self.mockStandIn }
        let command = try await ExportCommand.perform(
            .curl(spec), on: workspace, environment: env.name, variables: values)
        StandardStream.output.write(command + "\n")
        if mockStandIn, command.contains(Self.mockStandIn) {
            StandardStream.error.write(
                "note: {{mock}} is Tern's in-process mock server; run 'tern mock --port 8787' for this command, "
                    + "or pass --var mock=URL\n")
        }
    }
}

/// `tern export grpcurl SPEC`: one bash command that makes grpcurl make the call `tern send SPEC` makes.
struct ExportGRPCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grpcurl",
        abstract:
            "Print one bash command that makes grpcurl make the call 'tern send SPEC' makes (secrets as \"$NAME\").")

    @Argument(help: "The id or unique file name of a gRPC spec.")
    var spec: String

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @OptionGroup var variables: VariableOptions

    func run() async throws {
        let values = try variables.values()
        let command = try await ExportCommand.perform(
            .grpcurl(spec), on: workspace, environment: env.name, variables: values)
        StandardStream.output.write(command + "\n")
    }
}

/// `tern export har [SPEC|GROUP]... [-o FILE]`.
struct ExportHARCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Write the history (or the cache) of the named specs and groups as a HAR 1.2 file.")

    @Argument(help: "Spec ids or group folders (default: all).")
    var names: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "history (every send, with the stored bodies) or cache (the stored answers).")
    var from: String = "history"

    @Option(name: .short, help: "The file to write (default: standard output).")
    var output: String?

    @Flag(help: "Replace the file when it exists.")
    var force = false

    func validate() throws {
        guard from == "history" || from == "cache" else {
            throw ValidationError("--from takes history or cache, not '\(from)'")
        }
    }

    func run() async throws {
        let action = Command.ExportAction.har(
            file: output ?? "-", names: names, fromCache: from == "cache", force: force)
        ExportCommand.report(try await ExportCommand.perform(action, on: workspace), toFile: output != nil)
    }
}

/// `[GROUP] [--workspace DIR] [-o FILE] [--force]`: what the group exports (Postman, `.http`) take.
struct GroupExportArguments: ParsableArguments {
    @Argument(help: "A group folder under specs/ (default: all).")
    var group: String?

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .short, help: "The file to write (default: standard output).")
    var output: String?

    @Flag(help: "Replace the file when it exists.")
    var force = false

    /// Runs the export `action` makes of (file, group, force) and reports it.
    func run(_ action: (_ file: String, _ group: String?, _ force: Bool) -> Command.ExportAction) async throws {
        let made = action(output ?? "-", group, force)
        ExportCommand.report(try await ExportCommand.perform(made, on: workspace), toFile: output != nil)
    }
}

/// `tern export locust [SPEC|GROUP]... [-o FILE]`.
struct ExportLocustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locust",
        abstract: "Write specs (default: every spec) as a locustfile that sends the same requests, in run order.",
        discussion: """
            The environment's values are written in the file (TERN_VAR_<name> overrides one when Locust runs); \
            {{env:NAME}} and {{secret:NAME}} are read from the process environment at run time, so no secret is \
            written. Captures and requires: become the order of a SequentialTaskSet, expectations mark requests \
            failed.
            """)

    @Argument(help: "Spec ids or group folders (default: all).")
    var names: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "The environment whose values the file carries (default: the workspace's defaultEnvironment).")
    var env: String?

    @Option(name: .short, help: "The file to write (default: standard output).")
    var output: String?

    @Flag(help: "Replace the file when it exists.")
    var force = false

    func run() async throws {
        let action = Command.ExportAction.locust(file: output ?? "-", names: names, force: force)
        ExportCommand.report(
            try await ExportCommand.perform(action, on: workspace, environment: env), toFile: output != nil)
    }
}

/// `tern export postman [GROUP] [-o FILE]`.
struct ExportPostmanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postman",
        abstract: "Write a group (default: every spec) as a Postman collection v2.1.")

    @OptionGroup var arguments: GroupExportArguments

    func run() async throws {
        try await arguments.run { Command.ExportAction.postman(file: $0, group: $1, force: $2) }
    }
}

/// `tern export http [GROUP] [-o FILE]`.
struct ExportHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Write a group (default: every spec) as a .http file (JetBrains HTTP Client, VS Code REST Client).")

    @OptionGroup var arguments: GroupExportArguments

    func run() async throws {
        try await arguments.run { Command.ExportAction.http(file: $0, group: $1, force: $2) }
    }
}
