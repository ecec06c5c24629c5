import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernWorkspace

/// `tern graphql URL schema`, `tern graphql URL 'QUERY' [VAR=value | VAR:=json]...` and
/// `tern graphql refresh TARGET`: a GraphQL server's schema, one operation checked against it and run, or a
/// target's kept schema asked for again.
struct GraphQLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql",
        abstract: "Print a GraphQL server's schema, or check an operation against it and run it.",
        discussion: """
            tern graphql URL schema                      the server's schema (by introspection) as SDL
            tern graphql URL '{ books { title } }'       checks the query against the schema, then runs it
            tern graphql URL 'query($g: Genre) { books(genre: $g) { title } }' g=SCIENCE
            tern graphql URL '{ books { title } }' --save books/titles    and keeps it as a spec
            tern graphql URL 'subscription { bookAdded { title } }'    each result as it comes (graphql-transport-ws)
            tern graphql refresh TARGET                  asks a target's server for its schema again

            VAR=value gives a variable a string, VAR:=json any JSON value (as HTTPie's items). The operation is \
            checked against the schema before it is sent: an unknown field, a wrong or missing argument, a \
            variable missing or of the wrong type is refused (exit 2) with its column and a did-you-mean, and \
            nothing reaches the server. The schema is asked once by introspection and kept in the workspace's \
            .tern/graphql/, so the check works offline; --no-check sends unchecked.

            The answer prints as JSON; an answer with 'errors' exits 1. A subscription goes over \
            graphql-transport-ws at the URL as ws:// and prints each result as one JSON document, until the \
            server's complete, 5 s of quiet or Ctrl-C. See 'man tern'.
            """)

    @Argument(help: "The endpoint (http(s)://HOST/graphql, or ws(s):// for subscriptions), or 'refresh'.")
    var address: String

    @Argument(help: "'schema', the operation (a GraphQL document, @FILE reads a file), or refresh's TARGET.")
    var operation: String?

    @Argument(help: "Variables: VAR=value (a string) or VAR:=json (any JSON value).")
    var variables: [String] = []

    @Option(name: [.customShort("H"), .customLong("header")], help: "A header 'Name: value' (repeatable).")
    var headers: [String] = []

    @Option(name: .customLong("operation-name"), help: "The operation to run when the document holds several.")
    var operationName: String?

    @Flag(name: .customLong("no-check"), help: "Send without checking the operation against the schema.")
    var noCheck = false

    @Option(
        help: ArgumentHelp(
            "live (the default) asks the server and keeps the answer; cache replays the kept answer.",
            valueName: "live|cache"))
    var mode: ResponseMode?

    @Option(help: "'json': one JSON object per event on stdout.")
    var events: SendCommand.EventFormat?

    @Flag(name: .shortAndLong, help: "Print the request and the response headers too.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "Also save the operation as the spec NAME (group/name); credentials go to the secret store.",
            valueName: "NAME"))
    var save: String?

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @OptionGroup var variableOptions: VariableOptions

    func run() async throws {
        if let mode, mode != .live, mode != .cache {
            throw CommandFailure.usage("--mode is live or cache for a GraphQL operation, not \(mode.rawValue)")
        }
        if address == "refresh" {
            guard let target = operation, variables.isEmpty else {
                throw CommandFailure.usage("refresh takes one TARGET: tern graphql refresh TARGET")
            }
            return try await print(.refresh(target: target))
        }
        guard let operation else {
            throw CommandFailure.usage("say what to do at \(address): schema, or an operation ('{ … }')")
        }
        if operation == "schema" {
            guard variables.isEmpty else { throw CommandFailure.usage("schema takes no variables") }
            return try await print(.schema(url: address, headers: headers))
        }
        try await send(operation)
    }

    /// Runs a `graphql` command and prints what it says.
    private func print(_ action: Command.GraphQLAction) async throws {
        let folder = try AdHocArguments.workspaceFolder(workspace.workspace)
        var needs = OpenedWorkspace.Needs.requests(
            environment: env.name, mode: mode ?? .live, variables: try variableOptions.values())
        needs.startsMock = false
        try await OpenedWorkspace.with(WorkspaceFolder(workspace: folder), needs) { opened in
            let output: CommandOutput
            do throws(ExplorerError) {
                output = try await opened.session.run(.graphql(action))
            } catch {
                throw CommandFailure(status: error.kind == .request ? .failure : .usage, message: error.message)
            }
            let text = output.sentence ?? ""
            if case .refresh = action {
                StandardStream.error.write("tern: \(TerminalText.safe(text))\n")
            } else {
                StandardStream.output.write(TerminalText.safe(text, keepingLines: true))
            }
        }
    }

    /// Checks and sends the operation as a typed request, printing the answer as `tern post` does.
    private func send(_ text: String) async throws {
        let query: String
        if text.hasPrefix("@") {
            let data = try BodyInput.read(String(text.dropFirst()))
            query = String(decoding: data, as: UTF8.self)
        } else {
            query = text
        }
        var values: [String: JSONValue] = [:]
        for item in variables {
            let (name, value) = try Self.variable(item)
            values[name] = value
        }
        var spec: SpecDefinition
        do throws(ExplorerError) {
            spec = try GraphQLTyped.spec(url: address, headers: headers)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        spec.body = .graphql(
            GraphQLBodyDefinition(
                query: query, operationName: operationName, variables: values.isEmpty ? nil : .object(values)))
        var arguments = SendArguments(spec: "adhoc")
        let folder = try AdHocArguments.workspaceFolder(workspace.workspace)
        arguments.workspace = WorkspaceFolder(workspace: folder)
        if let save { arguments.saveAs = try savable(spec, as: save, in: URL(fileURLWithPath: folder)) }
        arguments.mode = mode
        arguments.env = env.name
        arguments.variables = variableOptions.pairs
        arguments.events = events
        arguments.include = verbose
        arguments.verbose = verbose
        arguments.adHoc = spec
        arguments.checksGraphQL = !noCheck
        arguments.failsOnGraphQLErrors = true
        try await arguments.run()
    }

    /// `VAR=value` (a string) or `VAR:=json`.
    static func variable(_ item: String) throws -> (String, JSONValue) {
        if let range = item.range(of: ":="), !item[..<range.lowerBound].isEmpty {
            let name = String(item[..<range.lowerBound])
            let raw = String(item[range.upperBound...])
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(raw.utf8)) else {
                throw CommandFailure.usage("\(name):= takes a JSON value, not '\(raw)' (name=value gives a string)")
            }
            return (name, value)
        }
        guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
            throw CommandFailure.usage("a variable is NAME=value or NAME:=json, not '\(item)'")
        }
        return (String(item[..<equals]), .string(String(item[item.index(after: equals)...])))
    }

    /// The spec `--save NAME` writes: credentials in headers replaced by `{{secret:…}}`.
    private func savable(_ spec: SpecDefinition, as name: String, in root: URL) throws -> SavedRequest {
        try SavedRequest.saving(as: name, in: root) { extraction in
            var saved = spec
            saved.headers = spec.headers.map { (name: $0.name, value: extraction.header($0.name, $0.value)) }
            return saved
        }
    }
}
