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
