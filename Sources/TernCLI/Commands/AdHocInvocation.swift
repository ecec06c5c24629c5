import Foundation
import Tern
import TernExplorer
import TernWorkspace

/// What a typed request was asked to do, read by swift-argument-parser (`AdHocArguments`) or, for
/// `tern METHOD URL ITEM...` with no options, by `QuickParse`.
struct AdHocInvocation: Equatable {
    var url: String
    var items: [String]
    var form = false
    var multipart = false
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
    var download = false
    var include = false
    var fail = false
    var checkStatus = false
    var noFollow = false
    var maxRedirects: Int?
    var timeout: Double?
    var filter: String?
    var events: SendCommand.EventFormat?
    var noCookies = false
    var session: String?
    var sessionReadOnly = false
    var verify: String?
    var cert: String?
    var certKey: String?
    var proxy: [String] = []
    var save: String?

    init(url: String, items: [String]) {
        self.url = url
        self.items = items
    }

    func run(method: String?) async throws {
        guard !((form || multipart) && json) else {
            throw CommandFailure.usage("--\(form ? "form" : "multipart") and --json cannot be used together")
        }
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
                method: method, url: url, items: items, style: multipart ? .multipart : form ? .form : .json, raw: body,
                read: { path in
                    let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
                    return try RegularFile.contents(of: file, limit: BodyInput.maximumBytes)
                })
        } catch {
            throw CommandFailure.usage(error.description)
        }
        var request = built
        request.asksForJSON = json
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
        arguments.download = download
        // On a terminal, the status line and headers come first (as HTTPie prints them); in a pipe, the body.
        // A download prints neither: the body goes to its file.
        let shown = StandardStream.output.isTerminal ? "hb" : "b"
        // --offline prints the request: its headers and body unless --print picks (HTTPie's H and B).
        let letters = print ?? (verbose ? "HBhb" : offline ? "HB" : download ? "" : shown)
        guard letters.allSatisfy({ "HBhbm".contains($0) }), !letters.isEmpty || download else {
            throw CommandFailure.usage("--print takes the letters H, B, h, b and m (HTTPie's), not '\(letters)'")
        }
        arguments.include = include || letters.contains("h")
        arguments.printsRequestHeaders = letters.contains("H")
        arguments.printsRequestBody = letters.contains("B")
        arguments.printsResponseBody = letters.contains("b") || output != nil || filter != nil || download
        arguments.printsTiming = letters.contains("m")
        arguments.fail = fail
        arguments.checkStatus = checkStatus
        arguments.noFollow = noFollow
        arguments.maxRedirects = maxRedirects
        if let timeout {
            guard timeout > 0, timeout <= 86_400 else {
                throw CommandFailure.usage("--timeout is a number of seconds above 0 (at most 86400)")
            }
            arguments.timeout = .milliseconds(Int((timeout * 1000).rounded(.up)))
        }
        arguments.connection = try connection(for: built.url)
        arguments.filter = filter
        arguments.events = events
        // HTTPie keeps no cookies between requests but those of a session: outside a workspace neither does
        // Tern. Inside one, its jar is the workspace's, as for its specs.
        let scratch = ScratchWorkspace.location().standardizedFileURL.path
        let throughScratch = URL(fileURLWithPath: folder).standardizedFileURL.path == scratch
        arguments.noCookies = noCookies || (session == nil && throughScratch)
        arguments.namedSession = session
        arguments.sessionReadOnly = sessionReadOnly
        arguments.adHoc = spec
        arguments.offline = offline
        try await arguments.run()
    }

    /// The TLS and proxy settings of `--verify`, `--cert`, `--cert-key` and `--proxy` for a request to
    /// `url`; nil when none is given.
    private func connection(for url: String) throws -> ConnectionSettings? {
        guard verify != nil || cert != nil || certKey != nil || !proxy.isEmpty else { return nil }
        var insecure = false
        var authority: URL?
        switch verify?.lowercased() {
        case nil, "yes", "true": break
        case "no", "false": insecure = true
        default: authority = URL(fileURLWithPath: ((verify ?? "") as NSString).expandingTildeInPath)
        }
        if certKey != nil, cert == nil { throw CommandFailure.usage("--cert-key goes with --cert FILE") }
        let file = { (path: String) in URL(fileURLWithPath: (path as NSString).expandingTildeInPath) }
        var settings = ConnectionSettings()
        do {
            // A --cert without --cert-key holds both, as HTTPie reads it.
            settings.tls = try TLSSettings.reading(
                insecure: insecure, caFile: authority, clientCertificateFile: cert.map(file),
                clientKeyFile: (certKey ?? cert).map(file))
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let scheme = url.lowercased().hasPrefix("https") || url.lowercased().hasPrefix("wss") ? "https" : "http"
        for value in proxy {
            // HTTPie's PROTOCOL:URL (http:http://proxy:3128): the proxy of that protocol's requests.
            var address = value
            var applies = true
            if let colon = value.firstIndex(of: ":"), !value[colon...].hasPrefix("://"),
                ["http", "https", "all"].contains(value[..<colon].lowercased())
            {
                let proto = value[..<colon].lowercased()
                address = String(value[value.index(after: colon)...])
                applies = proto == scheme || proto == "all"
            }
            guard let parsed = ProxySettings(url: address) else {
                throw CommandFailure.usage("--proxy '\(value)' is not PROTOCOL:http://HOST:PORT")
            }
            if applies { settings.proxy = parsed }
        }
        return settings
    }

    /// The spec `--save NAME` writes for `request`: its credentials replaced by `{{secret:…}}` (the
    /// values to keep beside it), and `--auth` as the spec's `auth:`.
    private func savable(
        _ request: AdHocRequest, as name: String, in root: URL
    ) throws -> SavedRequest {
        try SavedRequest.saving(as: name, in: root) { extraction in
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
            return spec
        }
    }
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

extension Array where Element == String {
    /// The first two elements (`user:password` split once); a missing second is empty.
    fileprivate var pair: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}
