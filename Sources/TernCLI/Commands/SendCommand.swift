public import ArgumentParser
import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernExplorer
import TernJSONPath
import TernWorkspace

extension ResponseMode: ExpressibleByArgument {}

/// `tern send SPEC`: sends one spec and prints the response.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one spec and print the response.",
        discussion: """
            Pretty JSON on a terminal, the raw body otherwise. The specs it requires are sent first; its \
            captures are stored and its expectations checked (failures on stderr). Exit 0 on any response \
            (4 with --fail and a status >= 400 or a failed expectation), 1 when no response arrived, 2 for \
            usage or workspace errors.
            """
    )

    @Argument(help: "The spec: its id (users/get-user) or its file name when unique (get-user).")
    var spec: String

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @Option(help: "Where the response comes from: normal, live, cache or sample.")
    var mode: ResponseMode?

    /// `--var` as `VariableOptions` declares it, its help saying that the variables last for this send only.
    @Option(
        name: .customLong("var"), help: ArgumentHelp("Set a variable for this send (repeatable).", valueName: "k=v"))
    var variables: [String] = []

    @Option(name: .customLong("header"), help: ArgumentHelp("Add or replace a header (repeatable).", valueName: "K: V"))
    var headers: [String] = []

    @Option(
        name: .customLong("query"),
        help: ArgumentHelp("Add or replace a query parameter (repeatable).", valueName: "k=v"))
    var query: [String] = []

    @Option(help: ArgumentHelp("Replace the body with TEXT, or with the contents of FILE.", valueName: "TEXT|@FILE"))
    var body: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the response body to FILE, from the network or the cache alike.", valueName: "FILE"))
    var output: String?

    @Flag(
        name: [.customShort("C"), .customLong("continue")],
        help: "With -o, resume a partial FILE: ask only for the bytes it lacks (Range) and append them.")
    var resume = false

    @Flag(help: "Neither send the workspace's cookies nor keep those the response sets.")
    var noCookies = false

    @Flag(help: "Print the status line and headers before the body.")
    var include = false

    @Flag(
        name: .shortAndLong,
        help: "Print the request as sent (its auth applied, secrets masked) on stderr, each line after '> '.")
    var verbose = false

    @Flag(help: "Exit 4 when the status is 400 or more, or an expectation failed.")
    var fail = false

    @Flag(help: "Return a redirect (3xx) as it is instead of following it.")
    var noFollow = false

    @Option(help: ArgumentHelp("Follow at most N redirects (default 10, or handler.redirects.max).", valueName: "N"))
    var maxRedirects: Int?

    @Option(
        help: ArgumentHelp(
            "Print the nodes a JSONPath selects in the JSON body, one JSON line each.", valueName: "EXPR"))
    var filter: String?

    @Option(
        help: ArgumentHelp(
            "Write every attempt, retry, progress, cache and response event to stderr as JSON lines.", valueName: "json"
        ))
    var events: EventFormat?

    @Flag(help: "Replay a stored WebSocket conversation's messages at once, not paced as they were recorded.")
    var atOnce = false

    @Flag(name: .customLong("no-check"), help: "Send a GraphQL operation without checking it against its schema.")
    var noCheck = false

    enum EventFormat: String, ExpressibleByArgument { case json }

    func run() async throws {
        try await SendArguments(self).run()
    }
}
