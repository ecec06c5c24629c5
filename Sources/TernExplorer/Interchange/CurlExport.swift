import Foundation
import HTTPTypes
import Tern
import TernInterchange
import TernWorkspace

/// A spec as the bash command that sends what `send` sends (`curl`, `export curl`).
struct CurlExport: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `CurlExport` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `export curl` / `curl`: the bash command that sends what `send` sends for the spec `name`
    /// (or the selected one), rendered with this session's environment and variables. Values
    /// of `{{env:NAME}}` are written as `"$NAME"`; values of variables whose names say they are
    /// credentials (`token`, `password`, `apiKey`, ...) as `"$TOKEN"`-style upper-case names.
    func command(for name: String? = nil) throws(ExplorerError) -> String {
        let entry = try entry(name)
        var request = try resolve(entry)
        // What the handler adds when it sends: its default Accept-Encoding (curl is told to decode with it).
        if handler.defaults.automaticDecompression, request.transaction != .download,
            request.headers[.acceptEncoding] == nil
        {
            request.headers[.acceptEncoding] = ContentDecoder.acceptEncoding
        }
        handler.defaults.applyUserAgent(to: &request)
        let connection = curlConnection(for: entry, request: request)
        var secrets = curlSecrets(for: entry)
        // A proxy password or key passphrase no `{{env:NAME}}` names is still a secret: it gets a variable.
        let fallbacks = [
            ("PROXY_PASSWORD", connection.proxy?.credentials?.password), ("KEY_PASSPHRASE", connection.keyPassphrase),
        ]
        for case (let name, let value?) in fallbacks
        where !value.isEmpty && !secrets.contains(where: { $0.value == value }) {
            secrets.append(CurlCommand.Secret(name: name, value: value))
        }
        secrets.sort { $0.value.count > $1.value.count }
        return CurlCommand.make(
            from: request, secrets: secrets, connection: connection)
    }

    /// The TLS files and proxy of `entry`'s target (else the workspace's), for curl's options; the proxy and
    /// passphrase as `request` resolved them (so `HTTP_PROXY` counts too).
    func curlConnection(for entry: SpecEntry, request: Request) -> CurlCommand.Connection {
        let target = workspace.target(for: entry.spec)
        var connection = CurlCommand.Connection()
        if let tls = target?.tls ?? workspace.tls {
            func file(_ path: String?) -> URL? {
                guard let path else { return nil }
                return path.hasPrefix("/")
                    ? URL(fileURLWithPath: path) : workspace.root.appendingPathComponent(path).standardizedFileURL
            }
            connection.insecure = tls.insecure
            connection.caFile = file(tls.caFile)
            connection.clientCertificate = file(tls.clientCertificate)
            connection.clientKey = file(tls.clientKey)
            connection.keyPassphrase = request.connectionSettings?.tls.clientKeyPassphrase
        }
        connection.proxy = request.connectionSettings?.proxy
        if case .direct? = target?.proxy ?? workspace.proxy { connection.direct = true }
        return connection
    }

    /// The secrets a curl command for `entry` must refer to by name, longest value first: every
    /// `{{env:NAME}}` value, and the credential-like variables the spec or its target uses.
    func curlSecrets(for entry: SpecEntry) -> [CurlCommand.Secret] {
        var texts = SecretMask.templatedStrings(of: entry.spec)
        for target in workspace.targets.values where entry.spec.target == nil || entry.spec.target == target.name {
            texts.append(target.baseURL)
            texts += target.headers.map(\.value)
            texts += target.auth?.values.map(\.value) ?? []
            texts += SecretBook.connectionStrings(target.tls, target.proxy)
        }
        texts += SecretBook.connectionStrings(workspace.tls, workspace.proxy)
        let used = Set(texts.flatMap(Self.variableNames(in:)))
        var found = context.secrets.values(in: workspace, edits: edits).map {
            CurlCommand.Secret(name: $0.name, value: $0.value)
        }
        var seen = Set(found.map(\.value))
        var candidates: [(String, String)] = context.settings.variables.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value)
        }
        candidates += context.captures.values(activeEnvironment).sorted { $0.key < $1.key }.map {
            ($0.key, $0.value.value)
        }
        if let environment = activeEnvironment.flatMap({ workspace.environments[$0] }) {
            candidates += environment.variables.map { ($0.name, $0.value) }
        }
        for (name, value) in candidates
        where used.contains(name) && SecretMask.looksSecret(name) && !value.isEmpty && !value.contains("{{")
            && seen.insert(value).inserted
        {
            found.append(CurlCommand.Secret(name: Slug.environmentName(name), value: value))
        }
        return found.sorted { $0.value.count > $1.value.count }
    }

    /// The names of the `{{name}}` references in `text` (not `{{env:…}}`).
    static func variableNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstASCIIRange(of: "{{"), let close = rest[open.upperBound...].firstASCIIRange(of: "}}")
        {
            let inner = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            if !inner.isEmpty, !inner.hasPrefix("env:") { names.append(inner) }
            rest = rest[close.upperBound...]
        }
        return names
    }
}

extension CurlCommand {
    /// `tern export curl SPEC [--env NAME] [--var k=v]...`: the command for the spec `id` in `session`
    /// (open it with the environment and variables), secrets written as `"$NAME"`. File paths inside
    /// the workspace are relative to its root: run the command from there.
    package static func command(forSpec id: String, in session: ExplorerSession) async throws(ExplorerError)
        -> String
    {
        guard case .curl(let command) = try await session.run(.export(.curl(id))) else { return "" }
        return command
    }
}
