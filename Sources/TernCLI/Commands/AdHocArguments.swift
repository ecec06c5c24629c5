import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernWorkspace

/// The arguments of `tern get|head|post|put|patch|delete|options URL [ITEM...]` (`AdHocCommand`): one
/// request typed on the command line, with HTTPie's request items, sent through the workspace in force
/// (or the personal scratch one).
struct AdHocArguments: ParsableArguments {
    @Argument(help: "The URL: http(s)://…, or HTTPie's shorthands :3000/path, localhost:3000/path, host/path.")
    var url: String

    @Argument(
        help: ArgumentHelp(
            "Request items: Name:Value, Name;, name==value, field=value, field:=json, field=@FILE, "
                + "field:=@FILE, field@FILE (HTTPie's request items).", valueName: "ITEM"))
    var items: [String] = []

    @Flag(name: .shortAndLong, help: "Data items make a form (multipart when a file is uploaded).")
    var form = false

    @Flag(help: "Data items make a multipart form, files or not.")
    var multipart = false

    @Flag(name: .shortAndLong, help: "Data items make a JSON object (the default).")
    var json = false

    @Option(help: ArgumentHelp("The body, as it is (instead of data items).", valueName: "TEXT"))
    var raw: String?

    @Flag(name: [.customShort("I"), .long], help: "Do not read a body from standard input when it is not a terminal.")
    var ignoreStdin = false

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Credentials: user:password, or a token.", valueName: "CREDENTIALS"))
    var auth: String?

    @Option(
        name: [.customShort("A"), .long],
        help: ArgumentHelp("How --auth is sent: basic (default) or bearer.", valueName: "TYPE"))
    var authType: String?

    @Flag(help: "Print the request as it would be sent, and do not send it.")
    var offline = false

    @Option(
        name: [.customShort("p"), .long],
        help: ArgumentHelp(
            "What to print, in HTTPie's letters: H request headers, B request body, h response headers, "
                + "b response body, m timing (default: hb on a terminal, b in a pipe).", valueName: "HBhbm"))
    var print: String?

    @Flag(name: [.customShort("h"), .long], help: "Print the response headers only (--print h; --help is help).")
    var headers = false

    @Flag(name: [.customShort("b"), .long], help: "Print the response body only (--print b).")
    var body = false

    @Flag(name: .shortAndLong, help: "Print the request too (--print HBhb).")
    var verbose = false

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @Option(help: "Where the response comes from: normal, live, cache or sample.")
    var mode: ResponseMode?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the body to FILE.", valueName: "FILE"))
    var output: String?

    @Flag(
        name: [.customShort("d"), .long],
        help: "Save the body to a file named after Content-Disposition or the URL (or -o FILE).")
    var download = false

    @Flag(help: "Print the status line and headers before the body (the default on a terminal).")
    var include = false

    @Flag(help: "Exit 4 when the status is 400 or more.")
    var fail = false

    @Flag(help: "Exit 3 on a 3xx, 4 on a 4xx and 5 on a 5xx status, as HTTPie does.")
    var checkStatus = false

    @Flag(name: [.customShort("F"), .long], help: "Follow redirects (Tern's default; --no-follow does not).")
    var follow = false

    @Flag(help: "Return a redirect (3xx) as it is instead of following it.")
    var noFollow = false

    @Option(help: ArgumentHelp("Follow at most N redirects.", valueName: "N"))
    var maxRedirects: Int?

    @Option(help: ArgumentHelp("Give up an attempt after SECONDS (default: the workspace's).", valueName: "SECONDS"))
    var timeout: Double?

    @Option(help: ArgumentHelp("Print the nodes a JSONPath selects in the JSON body.", valueName: "EXPR"))
    var filter: String?

    @Option(help: ArgumentHelp("Write the send's events to stderr as JSON lines.", valueName: "json"))
    var events: SendCommand.EventFormat?

    @Flag(help: "Neither send the workspace's cookies nor keep those the response sets.")
    var noCookies = false

    @Option(
        help: ArgumentHelp(
            "Keep cookies and headers in the named session NAME, and send those it kept.", valueName: "NAME"))
    var session: String?

    @Option(
        help: ArgumentHelp("Send the cookies and headers of session NAME, and change nothing in it.", valueName: "NAME")
    )
    var sessionReadOnly: String?

    @Option(
        help: ArgumentHelp(
            "Check the server's certificate: yes (default), no, or a CA bundle FILE to trust.", valueName: "yes|no|FILE"
        ))
    var verify: String?

    @Option(help: ArgumentHelp("A client certificate (PEM; with its key unless --cert-key).", valueName: "FILE"))
    var cert: String?

    @Option(help: ArgumentHelp("The client certificate's private key (PEM).", valueName: "FILE"))
    var certKey: String?

    @Option(
        help: ArgumentHelp(
            "An HTTP proxy, HTTPie's PROTOCOL:URL (http:http://host:3128) or just its URL.", valueName: "PROXY"))
    var proxy: [String] = []

    @Option(
        help: ArgumentHelp(
            "Also save the request as the spec NAME (group/name), its secrets in .tern/secrets.yaml.",
            valueName: "NAME"))
    var save: String?

    func run(method: String?) async throws {
        var invocation = AdHocInvocation(url: url, items: items)
        invocation.form = form
        invocation.multipart = multipart
        invocation.json = json
        invocation.raw = raw
        invocation.ignoreStdin = ignoreStdin
        invocation.auth = auth
        invocation.authType = authType
        invocation.offline = offline
        // HTTPie's -p, -h and -b say what to print; -v applies when none of them does.
        invocation.print = print ?? (headers ? "h" : nil) ?? (body ? "b" : nil)
        invocation.verbose = verbose
        invocation.env = env.name
        invocation.mode = mode
        invocation.output = output
        invocation.download = download
        invocation.include = include
        invocation.fail = fail
        invocation.checkStatus = checkStatus
        if follow && noFollow { throw CommandFailure.usage("--follow and --no-follow contradict each other") }
        invocation.noFollow = noFollow
        invocation.maxRedirects = maxRedirects
        invocation.timeout = timeout
        invocation.filter = filter
        invocation.events = events
        invocation.noCookies = noCookies
        if session != nil && sessionReadOnly != nil {
            throw CommandFailure.usage("--session and --session-read-only cannot be used together")
        }
        invocation.session = session ?? sessionReadOnly
        invocation.sessionReadOnly = sessionReadOnly != nil
        invocation.verify = verify
        invocation.cert = cert
        invocation.certKey = certKey
        invocation.proxy = proxy
        invocation.save = save
        invocation.workspace = workspace.workspace
        try await invocation.run(method: method)
    }

    /// The options of a typed request that take a value, long and short: HTTPie's options before the
    /// method and URL (`tern -a user:pass POST URL`) are read by skipping these with their values.
    static let valuedOptions: Set<String> = [
        "--auth", "-a", "--auth-type", "-A", "--print", "-p", "--output", "-o", "--max-redirects", "--timeout",
        "--session", "--session-read-only", "--verify", "--cert", "--cert-key", "--proxy", "--workspace", "--env",
        "--mode", "--raw", "--filter", "--events", "--save",
    ]

    /// `arguments` in the order swift-argument-parser reads a typed request, when they give HTTPie's options
    /// before the method or URL (`-f POST URL a=1`, `--json URL`, `-a user:pass URL`): the method's command
    /// (`request` when there is only a URL), the URL, the items, then those options. Nil when the line does
    /// not start with an option, or the first word after the options is neither a method nor a URL.
    static func httpieOrder(_ arguments: [String]) -> [String]? {
        guard arguments.first?.hasPrefix("-") == true else { return nil }
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index].hasPrefix("-"), arguments[index] != "--" {
            let word = arguments[index]
            // A value goes with its option, unless attached (`--auth=u:p`); in bundled short flags (`-vp hb`),
            // with the last one.
            let takesValue =
                valuedOptions.contains(word)
                || (!word.hasPrefix("--") && word.count > 2 && valuedOptions.contains("-" + String(word.suffix(1))))
            index += takesValue ? 2 : 1
        }
        guard index < arguments.endIndex else { return nil }
        let word = arguments[index]
        let isMethod =
            AdHocRequest.methods.contains(word.uppercased()) && (word == word.lowercased() || word == word.uppercased())
        guard isMethod || looksLikeURL(word) else { return nil }
        let options = Array(arguments[..<index])
        let rest = Array(arguments[(index + 1)...])
        return (isMethod ? [word] : ["request", word]) + rest + options
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

    /// The workspace a typed request goes through, found as for any command: `--workspace`,
    /// `$TERN_WORKSPACE`, the current folder or a parent with a `workspace.yaml`, inside Tern's own
    /// repository its demo (said on stderr, so the README's `tern get '{{baseURL}}/…'` works from its
    /// root); else the personal scratch workspace.
    static func workspaceFolder(_ option: String?) throws -> String {
        let choice = WorkspaceFolder(workspace: option)
        if let found = try? choice.discovered() {
            if let note = found.note { StandardStream.error.write("tern: \(note)\n") }
            return found.root.path
        }
        if option != nil { _ = try choice.root() }
        return try ScratchWorkspace.root().path
    }
}
