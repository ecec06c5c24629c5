import ArgumentParser
import Tern

/// The release `tern --version` names, before the commit it was built from.
let ternVersion = TernVersion.string

/// `tern`: explore HTTP APIs kept as workspaces of YAML files.
struct TernCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tern",
        abstract: "Explore HTTP APIs kept as workspaces of YAML request files, online or offline.",
        discussion: """
            The workspace is --workspace DIR, else $TERN_WORKSPACE, else the current folder or the nearest \
            parent with a workspace.yaml, else (inside Tern's repository) workspaces/demo. 'tern init' makes one.
            Exit codes: 0 a response was received; 1 no response (transport failure after retries, \
            or a cache miss in cache mode); 2 usage or workspace error; 4 with --fail, a status >= 400, \
            or drift found by verify; with a typed request's --check-status, 3, 4 or 5 for a 3xx, 4xx or 5xx \
            status, as HTTPie's. 'tern [OPTIONS] [METHOD] URL [ITEM...]' sends one request as HTTPie's 'http' \
            does, its options before or after the URL.
            """,
        version: "\(ternVersion) (\(buildCommit))",
        subcommands: [
            TUICommand.self, REPLCommand.self, SendCommand.self, RunCommand.self, LoadCommand.self, ListCommand.self,
            CacheCommand.self,
            VerifyCommand.self, DiffCommand.self, ImportCommand.self, ExportCommand.self, CookiesCommand.self,
            SecretsCommand.self,
            AuthCommand.self,
            MockCommand.self, InitCommand.self, GRPCCommand.self, GraphQLCommand.self,
        ] + AdHocMethods.commands,
        defaultSubcommand: TUICommand.self
    )
}
