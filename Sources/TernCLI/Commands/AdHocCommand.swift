import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernWorkspace

/// `tern get|head|post|put|patch|delete|options URL [ITEM...]`: one request typed on the command line,
/// with HTTPie's request items, sent through the workspace in force (or the personal scratch one).
struct AdHocArguments: ParsableArguments {
    @Argument(help: "The URL: http(s)://…, or HTTPie's shorthands :3000/path, localhost:3000/path, host/path.")
    var url: String

    @Argument(
        help: ArgumentHelp(
            "Request items: Name:Value, Name;, name==value, field=value, field:=json, field=@FILE, "
                + "field:=@FILE, field@FILE (docs/adhoc.md).", valueName: "ITEM"))
    var items: [String] = []

    @Flag(name: .shortAndLong, help: "Data items make a form (multipart when a file is uploaded).")
    var form = false

    @Flag(name: .shortAndLong, help: "Data items make a JSON object (the default).")
    var json = false

    @Option(help: ArgumentHelp("The body, as it is (instead of data items).", valueName: "TEXT"))
    var raw: String?

    @Flag(help: "Do not read a body from standard input when it is not a terminal.")
    var ignoreStdin = false

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Credentials: user:password, or a token.", valueName: "CREDENTIALS"))
    var auth: String?

    @Option(help: ArgumentHelp("How --auth is sent: basic (default) or bearer.", valueName: "TYPE"))
    var authType: String?

    @Flag(help: "Print the request as it would be sent, and do not send it.")
    var offline = false

    @Option(
        name: [.customShort("p"), .long],
        help: ArgumentHelp(
            "What to print, in HTTPie's letters: H request headers, B request body, h response headers, "
                + "b response body, m timing (default: hb on a terminal, b in a pipe).", valueName: "HBhbm"))
    var print: String?

    @Flag(name: .shortAndLong, help: "Print the request too (--print HBhb).")
    var verbose = false

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @Option(help: "Where the response comes from: normal, live, cache or sample.")
    var mode: ResponseMode?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the body to FILE.", valueName: "FILE"))
    var output: String?

    @Flag(help: "Print the status line and headers before the body (the default on a terminal).")
    var include = false

    @Flag(help: "Exit 4 when the status is 400 or more.")
    var fail = false

    @Flag(help: "Return a redirect (3xx) as it is instead of following it.")
    var noFollow = false

    @Option(help: ArgumentHelp("Follow at most N redirects.", valueName: "N"))
    var maxRedirects: Int?

    @Option(help: ArgumentHelp("Print the nodes a JSONPath selects in the JSON body.", valueName: "EXPR"))
    var filter: String?

    @Option(help: ArgumentHelp("Write the send's events to stderr as JSON lines.", valueName: "json"))
    var events: SendCommand.EventFormat?

    @Flag(help: "Neither send the workspace's cookies nor keep those the response sets.")
    var noCookies = false

    @Option(
        help: ArgumentHelp(
            "Also save the request as the spec NAME (group/name), its secrets in .tern/secrets.yaml.",
            valueName: "NAME"))
    var save: String?

    func run(method: String?) async throws {
        var invocation = AdHocInvocation(url: url, items: items)
        invocation.form = form
        invocation.json = json
        invocation.raw = raw
        invocation.ignoreStdin = ignoreStdin
        invocation.auth = auth
        invocation.authType = authType
        invocation.offline = offline
        invocation.print = print
        invocation.verbose = verbose
        invocation.env = env.name
        invocation.mode = mode
        invocation.output = output
        invocation.include = include
        invocation.fail = fail
        invocation.noFollow = noFollow
        invocation.maxRedirects = maxRedirects
        invocation.filter = filter
        invocation.events = events
        invocation.noCookies = noCookies
        invocation.save = save
        invocation.workspace = workspace.workspace
        try await invocation.run(method: method)
    }

    /// Whether a first argument is a URL rather than a command: `http://…`, `https://…`, `:3000/…`,
    /// `localhost…` (`tern URL` sends it).
    static func looksLikeURL(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("ws://")
            || lowered.hasPrefix("wss://") || lowered.hasPrefix("localhost") || lowered.hasPrefix("{{")
            || (argument.hasPrefix(":") && argument.dropFirst().first.map { $0 == "/" || $0.isNumber } == true)
    }

    /// The `Authorization` value of `--auth` and `--auth-type`.
    static func authorization(_ credentials: String, type: String?) throws -> String {
        switch type?.lowercased() ?? "basic" {
        case "basic":
            guard credentials.contains(":") else {
                throw CommandFailure.usage("--auth for basic is user:password (a token needs --auth-type bearer)")
            }
            return "Basic " + Data(credentials.utf8).base64EncodedString()
        case "bearer":
            return "Bearer " + credentials
        default:
            throw CommandFailure.usage("--auth-type '\(type ?? "")' is not basic or bearer")
        }
    }

    /// The workspace a typed request goes through: `--workspace`, `$TERN_WORKSPACE`, the current folder
    /// or a parent with a `workspace.yaml`; else the personal scratch workspace (never the demo).
    static func workspaceFolder(_ option: String?) throws -> String {
        let choice = WorkspaceFolder(workspace: option)
        if let found = try? choice.discovered(), found.origin != .demo { return found.root.path }
        if option != nil { _ = try choice.root() }
        return try ScratchWorkspace.root().path
    }
}

/// What a typed request was asked to do, read by swift-argument-parser (`AdHocArguments`) or, for
/// `tern METHOD URL ITEM...` with no options, by `QuickParse`.
struct AdHocInvocation: Equatable {
    var url: String
    var items: [String]
    var form = false
    var json = false
    var raw: String?
    var ignoreStdin = false
    var auth: String?
    var authType: String?
    var offline = false
    var print: String?
    var verbose = false
    var workspace: String?
    var env: String?
    var mode: ResponseMode?
    var output: String?
    var include = false
    var fail = false
    var noFollow = false
    var maxRedirects: Int?
    var filter: String?
    var events: SendCommand.EventFormat?
    var noCookies = false
    var save: String?

    init(url: String, items: [String]) {
        self.url = url
        self.items = items
    }

    func run(method: String?) async throws {
        guard !(form && json) else { throw CommandFailure.usage("--form and --json cannot be used together") }
        // As HTTPie does: a body piped in is the raw body (unless data items or --raw give one).
        var body = raw.map { Data($0.utf8) }
        // A WebSocket reads piped stdin as messages, line by line, once connected (not as a body).
        let webSocket = ["ws://", "wss://"].contains { url.lowercased().hasPrefix($0) }
        if body == nil, !ignoreStdin, !webSocket, isatty(STDIN_FILENO) == 0,
            !items.contains(where: { (try? RequestItem.parse($0))?.kind.isData == true })
        {
            let piped = try BodyInput.read("-")
            if !piped.isEmpty { body = piped }
        }
        let built: AdHocRequest
        do {
            built = try AdHocRequest.make(
                method: method, url: url, items: items, style: form ? .form : .json, raw: body,
                read: { path in
                    let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
                    return try RegularFile.contents(of: file, limit: BodyInput.maximumBytes)
                })
        } catch {
            throw CommandFailure.usage(error.description)
        }
        var request = built
        // Files to upload are named from here; a spec names them from its workspace.
        if case .multipart(let fields, let files)? = request.body {
            let current = FileManager.default.currentDirectoryPath
            request.body = .multipart(
                fields: fields,
                files: files.map { file in
                    var absolute = file
                    let path = (file.path as NSString).expandingTildeInPath
                    absolute.path = path.hasPrefix("/") ? path : current + "/" + path
                    return absolute
                })
        }
        var spec = request.spec()
        if webSocket { spec = Self.conversation(spec) }
        if let auth {
            let header = try AdHocArguments.authorization(auth, type: authType)
            spec.headers.removeAll { $0.name.lowercased() == "authorization" }
            spec.headers.append((name: "Authorization", value: header))
        }
        var arguments = SendArguments(spec: "adhoc")
        let folder = try AdHocArguments.workspaceFolder(workspace)
        arguments.workspace = WorkspaceFolder(workspace: folder)
        if let save { arguments.saveAs = try savable(request, as: save, in: URL(fileURLWithPath: folder)) }
        arguments.env = env
        arguments.mode = mode
        arguments.output = output
        // On a terminal, the status line and headers come first (as HTTPie prints them); in a pipe, the body.
        let letters = verbose ? "HBhb" : print ?? (StandardStream.output.isTerminal ? "hb" : "b")
        guard !letters.isEmpty, letters.allSatisfy({ "HBhbm".contains($0) }) else {
            throw CommandFailure.usage("--print takes the letters H, B, h, b and m (HTTPie's), not '\(letters)'")
        }
        arguments.include = include || letters.contains("h")
        arguments.printsRequestHeaders = letters.contains("H")
        arguments.printsRequestBody = letters.contains("B")
        arguments.printsResponseBody = letters.contains("b") || output != nil || filter != nil
        arguments.fail = fail
        arguments.noFollow = noFollow
        arguments.maxRedirects = maxRedirects
        arguments.filter = filter
        arguments.events = events
        arguments.noCookies = noCookies
        arguments.adHoc = spec
        arguments.offline = offline
        try await arguments.run()
    }

    /// The spec `--save NAME` writes for `request`: its credentials replaced by `{{secret:…}}` (the
    /// values to keep beside it), and `--auth` as the spec's `auth:`.
    private func savable(
        _ request: AdHocRequest, as name: String, in root: URL
    ) throws -> SavedRequest {
        let existing: SecretStore
        do {
            existing = try SecretStore.load(workspace: root)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        var extraction = SecretExtraction(prefix: name, existing: existing)
        var spec = request.movingSecrets(into: &extraction).spec()
        if let auth {
            _ = try AdHocArguments.authorization(auth, type: authType)  // checks the form
            spec.headers.removeAll { $0.name.lowercased() == "authorization" }
            if authType?.lowercased() == "bearer" {
                spec.auth = .bearer(token: extraction.reference(auth, label: "token"))
            } else {
                let (user, password) = auth.split(separator: ":", maxSplits: 1).map(String.init).pair
                spec.auth = .basic(username: user, password: extraction.reference(password, label: "password"))
            }
        }
        return SavedRequest(
            id: name, spec: spec,
            secrets: extraction.secrets.map { SavedRequest.Secret(name: $0.name, value: $0.value) })
    }

}

extension Array where Element == String {
    /// The first two elements (`user:password` split once); a missing second is empty.
    fileprivate var pair: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}

/// The personal workspace typed requests go through outside a workspace: `tern/scratch` under the XDG
/// data directory (`$XDG_DATA_HOME`, else `~/.local/share`), made on first use, owner-only.
enum ScratchWorkspace {
    static func root(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        let root = data.appendingPathComponent("tern/scratch", isDirectory: true)
        let manifest = root.appendingPathComponent("workspace.yaml")
        guard !FileManager.default.fileExists(atPath: manifest.path) else { return root }
        do {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("specs"), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try Data(
                """
                # Tern's scratch workspace: requests typed as 'tern get URL' outside a workspace go through it,
                # with their own cache and history. 'tern --scratch' opens it in the TUI.
                name: Scratch

                """.utf8
            ).write(to: manifest, options: .withoutOverwriting)
        } catch CocoaError.fileWriteFileExists {
            return root
        } catch {
            throw CommandFailure.usage(
                "the scratch workspace \(root.path) could not be made: \(error.localizedDescription)")
        }
        return root
    }
}

/// `tern URL [ITEM...]` (the word `request` is put in front of a URL): GET, or POST with data items.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request", abstract: "Send a request to a URL typed here: GET, or POST when items give data.",
        shouldDisplay: false)
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: nil) }
}

/// Each method as a command of its own, lower or upper case.
struct GetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Send a GET to a URL typed here, with HTTPie's request items.", aliases: ["GET"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "GET") }
}

struct HeadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "head", abstract: "Send a HEAD to a URL typed here.", aliases: ["HEAD"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "HEAD") }
}

struct PostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post", abstract: "Send a POST to a URL typed here, its body from the items.", aliases: ["POST"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "POST") }
}

struct PutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "put", abstract: "Send a PUT to a URL typed here, its body from the items.", aliases: ["PUT"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "PUT") }
}

struct PatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patch", abstract: "Send a PATCH to a URL typed here, its body from the items.",
        aliases: ["PATCH"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "PATCH") }
}

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Send a DELETE to a URL typed here.", aliases: ["DELETE"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "DELETE") }
}

struct OptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options", abstract: "Send an OPTIONS to a URL typed here.", aliases: ["OPTIONS"])
    @OptionGroup var request: AdHocArguments
    func run() async throws { try await request.run(method: "OPTIONS") }
}

extension AdHocInvocation {
    /// A typed `ws://` request as a WebSocket spec: its data items (`op=subscribe`) are its first message,
    /// as JSON, instead of a body.
    static func conversation(_ spec: SpecDefinition) -> SpecDefinition {
        var spec = spec
        var definition = WebSocketDefinition()
        if case .text(let text)? = spec.body {
            definition.messages = [.text(text)]
            spec.body = nil
            spec.headers.removeAll { ["content-type", "accept"].contains($0.name.lowercased()) }
        }
        spec.websocket = definition
        return spec
    }
}
