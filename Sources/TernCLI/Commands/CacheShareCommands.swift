import ArgumentParser
import Foundation
import TernExplorer

extension CacheCommand {
    /// `tern cache export FILE.har [SPEC|GROUP]... [--force]`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write stored responses to a HAR 1.2 file (secrets stay redacted).",
            discussion: "Names restrict the export to those specs and groups; an existing FILE needs --force."
        )
        @Argument(help: "The HAR file to write.") var file: String
        @Argument(help: "Specs or groups to export (default: everything stored).") var names: [String] = []
        @Flag(help: "Replace FILE when it exists.") var force = false
        @OptionGroup var workspace: WorkspaceOptions

        func run() async throws {
            let message: String = try await runCache(workspace, .cache(.export(file, names: names, force: force)))
            StandardStream.error.write(message + "\n")
        }
    }

    /// `tern cache import FILE.har [--env NAME]`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Store a HAR file's responses under this workspace's keys, for offline replay.",
            discussion: """
                Entries with _tern.spec are stored under that spec's key in their environment; others under \
                the one spec whose method and path fit, else under their own request. A malformed file \
                exits 2 and stores nothing.
                """
        )
        @Argument(help: "The HAR file to read.") var file: String
        @Option(help: "The environment for entries that name none (default: the workspace's).") var env: String?
        @OptionGroup var workspace: WorkspaceOptions

        func run() async throws {
            let message: String = try await runCache(
                workspace, environment: env, startsMock: true, .cache(.importHAR(file)))
            StandardStream.error.write(message + "\n")
        }
    }

    /// `tern cache promote KEY|SPEC [--force]`.
    struct Promote: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "promote",
            abstract: "Write a stored response into its spec's sample: (served by --mode sample and the mock)."
        )
        @Argument(help: "The storage key or spec id ('tern cache list' shows them).") var key: String
        @Flag(help: "Replace a different sample the spec already has.") var force = false
        @OptionGroup var workspace: WorkspaceOptions

        func run() async throws {
            let message: String = try await runCache(workspace, .cache(.promote(key, force: force)))
            StandardStream.error.write(message + "\n")
        }
    }
}
