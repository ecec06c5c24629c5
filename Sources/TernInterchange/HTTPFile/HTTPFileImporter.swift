import Foundation
import Tern
import TernWorkspace

/// Reads `.http` / `.rest` files: the JetBrains HTTP Client format and the VS Code REST Client dialect
/// (kulala, httpyac and resterm files use the same core).
///
/// Requests are separated by `###` lines (the rest of the line names the request); `# @name NAME`
/// names it too. A request is an optional method, a URL (continued on lines that start with spaces
/// and `?` or `&`), an optional `HTTP/x` version, header lines, a blank line and a body: inline, or
/// `< ./file`. `@name = value` lines are file variables (the group's environment); `{{name}}` is
/// Tern's syntax already; `{{$processEnv NAME}}` reads the environment. `http-client.env.json` beside
/// the file gives environments, and `http-client.private.env.json` secrets. What Tern cannot run
/// (response handlers `> {% … %}`, `> file.js`, `<> previous`, tool directives) is reported, never
/// silently dropped.
package enum HTTPFileImporter {
    private static let methods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT",
    ]

    /// The requests of `source`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        let text = try source.text().replacingOccurrences(of: "\r\n", with: "\n")
        // `< ./body.json` and `http-client.env.json` are found beside the file, not where tern runs.
        var source = source
        source.baseDirectory = URL(fileURLWithPath: source.name, relativeTo: source.baseDirectory)
            .standardizedFileURL.deletingLastPathComponent()
        let title =
            (source.name as NSString).deletingPathExtension.split(separator: "/").last.map(String.init)
            ?? "http"
        let context = ImportContext(source: source, group: source.groupName(title: title))
        var drafts: [RequestDraft] = []
        var fileVariables: [(name: String, value: String)] = []
        var line = 1
        for block in blocks(of: text) {
            defer { line += block.lineCount }
            if let draft = request(in: block, startingAt: line, context: context, variables: &fileVariables) {
                drafts.append(draft)
            }
        }
        guard !drafts.isEmpty || !fileVariables.isEmpty || !context.skipped.isEmpty else {
            throw ImportError("\(source.name) holds no HTTP request", at: "\(source.name):1:1")
        }
        // A file variable named like a credential (`@password = 12345678`) is a secret: its value goes
        // to the store, never into an environment file.
        var fileSecrets: [String] = []
        for variable in fileVariables {
            if CredentialName.isCredential(variable.name), !variable.value.contains("{{"),
                SecretStore.isValidName(variable.name), !variable.value.isEmpty
            {
                context.declareSecret(variable.name, value: variable.value, item: "@\(variable.name)")
                fileSecrets.append(variable.name)
            } else {
                context.setVariable(variable.name, variable.value, item: "@\(variable.name)")
            }
        }
        let environments = try self.environments(beside: source, context: context)
        let privateNames = Set(environments.secrets + fileSecrets)
        for index in drafts.indices {
            drafts[index].rewriteStrings { text in rewriteReferences(text, secrets: privateNames, context: context) }
            Credentials.protect(&drafts[index], context: context)
        }
        let (specs, targets) = DraftAssembler.assemble(drafts, context: context)
        // File variables (`@api = {{baseURL}}`) hold in every environment, as the tools read them: each
        // environment of http-client.env.json gets them (its own value of a name wins); without one,
        // they are the group's environment.
        var imported = environments.list
        for index in imported.indices {
            let own = Set(imported[index].variables.map(\.name))
            imported[index].variables += context.variables.filter { !own.contains($0.name) }
        }
        if imported.isEmpty, !context.variables.isEmpty {
            imported.append(ImportedEnvironment(name: context.group, variables: context.variables))
        }
        return ImportedCollection(
            format: .http, title: title, specs: specs, targets: targets, environments: imported,
            files: context.files, skipped: context.skipped, warnings: context.warnings,
            localFiles: context.localFiles.uses, secrets: context.secrets)
    }

    // MARK: - Blocks

    /// One `###` block: its name (the text after `###`), its lines.
    struct Block {
        var name: String?
        var lines: [Substring]
        var lineCount: Int
    }

    static func blocks(of text: String) -> [Block] {
        var blocks: [Block] = []
        var current = Block(name: nil, lines: [], lineCount: 0)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("###") {
                blocks.append(current)
                let name = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                current = Block(name: name.isEmpty ? nil : name, lines: [], lineCount: 1)
                continue
            }
            current.lines.append(line)
            current.lineCount += 1
        }
        blocks.append(current)
        return blocks
    }

    // MARK: - One request

    private enum Part { case preamble, headers, body }

    private static func request(
        in block: Block, startingAt first: Int, context: ImportContext,
        variables: inout [(name: String, value: String)]
    ) -> RequestDraft? {
        var name = block.name
        var method = "GET"
        var url = ""
        var headers: [RequestDraft.Row] = []
        var auth: AuthDefinition?
        var body: [Substring] = []
        var part = Part.preamble
        var lineNumber = first + (block.name == nil && first == 1 ? 0 : 1) - 1
        var inHandler = false
        var inScript = false
        // What Tern cannot run, word for word: the spec's `notes:`.
        var notes: [String] = []
        for line in block.lines {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            switch part {
            case .preamble:
                if trimmed.isEmpty { continue }
                // An httpyac script block (`{{` … `}}` on lines of their own) runs JavaScript: not run here.
                if inScript {
                    notes.append(String(line))
                    if trimmed == "}}" { inScript = false }
                    continue
                }
                if trimmed == "{{" || trimmed.hasPrefix("{{@") {
                    notes.append(String(line))
                    context.warn("line \(lineNumber): a script block is not run by Tern (kept in the spec's notes)")
                    inScript = trimmed == "{{" || !trimmed.hasSuffix("}}")
                    continue
                }
                if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                    let comment = trimmed.drop { $0 == "#" || $0 == "/" }.trimmingCharacters(in: .whitespaces)
                    if comment.hasPrefix("@name") {
                        let value = comment.dropFirst(5).drop { $0 == " " || $0 == "=" }.trimmingCharacters(
                            in: .whitespaces)
                        if !value.isEmpty { name = value }
                    } else if comment.hasPrefix("@") {
                        let directive = comment.prefix { !$0.isWhitespace }
                        notes.append(trimmed)
                        context.warn(
                            "line \(lineNumber): the directive \(directive) is not run by Tern "
                                + "(kept in the spec's notes)"
                        )
                    }
                    continue
                }
                if trimmed.hasPrefix("@"), let equals = trimmed.firstIndex(of: "=") {
                    let variable = trimmed[trimmed.index(after: trimmed.startIndex)..<equals]
                        .trimmingCharacters(in: .whitespaces)
                    let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                    if !variable.isEmpty { variables.append((variable, value)) }
                    continue
                }
                // `[METHOD] URL [HTTP/x]`; the URL may hold spaces inside `{{ … }}`.
                var rest = Substring(trimmed)
                if let space = rest.firstIndex(of: " ") {
                    let word = rest[..<space]
                    let target = rest[space...].drop { $0 == " " || $0 == "\t" }
                    // Any method Tern sends as written (`wHat`) when a URL follows it.
                    let urlFollows =
                        target.hasPrefix("{{") || target.hasPrefix("/") || target.contains("://")
                    if methods.contains(word.uppercased()) || word.allSatisfy(\.isUppercase)
                        || (urlFollows && word.allSatisfy { $0.isASCII && $0.isLetter })
                    {
                        method = String(word)
                        rest = rest[space...].drop { $0 == " " || $0 == "\t" }
                    }
                }
                url = rest.trimmingCharacters(in: .whitespaces)
                part = .headers
            case .headers:
                // A URL continued on the next lines: `    ?page=2`, `    &size=10`.
                if headers.isEmpty, line.first?.isWhitespace == true, trimmed.hasPrefix("?") || trimmed.hasPrefix("&") {
                    url += trimmed
                    continue
                }
                if trimmed.isEmpty {
                    part = .body
                    continue
                }
                if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { continue }
                guard let colon = trimmed.firstIndex(of: ":") else {
                    context.warn("line \(lineNumber): '\(trimmed.prefix(60))' is not a header line; left out")
                    continue
                }
                headers.append(
                    RequestDraft.Row(
                        name: trimmed[..<colon].trimmingCharacters(in: .whitespaces),
                        value: trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            case .body:
                // An httpyac script block after the request (`{{` … `}}` on lines of their own) runs
                // JavaScript once the answer is in: kept as a note, like a response handler.
                if inScript {
                    notes.append(String(line))
                    if trimmed == "}}" { inScript = false }
                    continue
                }
                if trimmed == "{{" || (trimmed.hasPrefix("{{@") && !trimmed.hasSuffix("}}")) {
                    notes.append(String(line))
                    context.warn("line \(lineNumber): a script block is not run by Tern (kept in the spec's notes)")
                    inScript = true
                    continue
                }
                if inHandler {
                    notes.append(String(line))
                    if trimmed.hasSuffix("%}") { inHandler = false }
                    continue
                }
                if trimmed.hasPrefix("> {%") || trimmed.hasPrefix(">{%") {
                    notes.append(String(line))
                    context.warn(
                        "line \(lineNumber): a response handler script is not run by Tern (kept in the spec's notes)")
                    inHandler = !trimmed.hasSuffix("%}")
                    continue
                }
                if trimmed.hasPrefix(">> ") || trimmed.hasPrefix(">>! ") || trimmed.hasPrefix("> ") {
                    notes.append(trimmed)
                    context.warn(
                        "line \(lineNumber): '\(trimmed.prefix(60))' (a response handler or redirect) is not run "
                            + "by Tern (kept in the spec's notes)"
                    )
                    continue
                }
                if trimmed.hasPrefix("<> ") {
                    notes.append(trimmed)
                    context.warn(
                        "line \(lineNumber): '\(trimmed.prefix(60))' (a previous-response check) is not run by Tern "
                            + "(kept in the spec's notes)")
                    continue
                }
                body.append(line)
            }
        }
        // The version may close the request line or its last continuation line.
        if let version = url.range(of: #"\s+HTTP/[0-9.]+$"#, options: .regularExpression) {
            url = String(url[..<version.lowerBound])
        }
        guard !url.isEmpty else { return nil }
        // Other protocols written in the same files (httpyac, kulala, resterm): Tern speaks HTTP.
        let protocols = ["GRPC", "WS", "WSS", "MQTT", "AMQP", "KAFKA"]
        if protocols.contains(method.uppercased()) || url.lowercased().hasPrefix("ws://")
            || url.lowercased().hasPrefix("wss://")
        {
            context.skipped.append(
                SkippedItem(item: name ?? "\(method) \(url)", reason: "a \(method) request: Tern sends HTTP"))
            return nil
        }
        // `Authorization: Basic user password` (and `user:password`), `Digest user password`: the tools
        // encode them when they send, so they are the spec's `auth:`.
        if let index = headers.firstIndex(where: { $0.name.lowercased() == "authorization" }) {
            let words = headers[index].value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let scheme = words.first?.lowercased()
            var credentials: (String, String)?
            if words.count == 3 {
                credentials = (words[1], words[2])
            } else if words.count == 2, scheme == "basic", let colon = words[1].firstIndex(of: ":") {
                credentials = (String(words[1][..<colon]), String(words[1][words[1].index(after: colon)...]))
            } else if words.count == 2, scheme == "basic", let data = Data(base64Encoded: words[1]),
                let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
            {
                // Already encoded (`Basic dXNlcjpwYXNz`): the same credentials, as `auth:`.
                credentials = (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
            }
            if let (user, password) = credentials, scheme == "basic" || scheme == "digest" {
                auth =
                    scheme == "basic"
                    ? .basic(username: user, password: password) : .digest(username: user, password: password)
                headers.remove(at: index)
            }
        }
        // httpyac's `SSE URL`: a GET that asks for an event stream, which Tern shows as it arrives.
        if method.uppercased() == "SSE" {
            method = "GET"
            if !headers.contains(where: { $0.name.lowercased() == "accept" }) {
                headers.append(RequestDraft.Row(name: "Accept", value: "text/event-stream"))
            }
        }
        // `GET /path` with a Host header, as the JetBrains format allows.
        if url.hasPrefix("/"), let host = headers.first(where: { $0.name.lowercased() == "host" })?.value {
            url = "http://" + host + url
            headers.removeAll { $0.name.lowercased() == "host" }
        }
        // A path alone takes the `host` variable as httpyac does (the user sets it when the file has none).
        if url.hasPrefix("/") { url = "{{host}}" + url }
        if !url.contains("://"), !url.hasPrefix("{{") { url = "http://" + url }
        let label = name ?? "\(method) \(url)"
        var draft = RequestDraft(name: label, folders: [], method: method, url: url)
        // A query Tern sends back byte for byte becomes rows (as curl import does); any other stays in the URL.
        if let mark = url.firstIndex(of: "?"), let rows = CurlMapper.queryRows(String(url[url.index(after: mark)...])) {
            draft.url = String(url[..<mark])
            draft.query = rows.map { RequestDraft.Row(name: $0.name, value: $0.value) }
        }
        draft.headers = headers
        draft.notes = notes
        if var auth {
            // A password written in the file is a secret like any other.
            if case .basic(let user, let password) = auth, !password.isEmpty, !password.hasPrefix("{{") {
                auth = .basic(username: user, password: context.secret(password, label: "password", item: label))
            } else if case .digest(let user, let password) = auth, !password.isEmpty, !password.hasPrefix("{{") {
                auth = .digest(username: user, password: context.secret(password, label: "password", item: label))
            }
            draft.auth = auth
        }
        while let last = body.last, last.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        // Comments after a request without a body (`// the next one is…`) are not a body.
        let isComment = { (line: Substring) -> Bool in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//")
        }
        while let last = body.last, isComment(last) { body.removeLast() }
        if !body.isEmpty {
            let text = body.joined(separator: "\n")
            let fileLine = body.count == 1 ? body[0].trimmingCharacters(in: .whitespaces) : ""
            if fileLine.hasPrefix("< ") || fileLine.hasPrefix("<@ ") {
                let path = fileLine.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
                if fileLine.hasPrefix("<@") {
                    context.warn(
                        "\(label): '<@' substitutes variables in the file when sent by other tools; Tern sends it "
                            + "as it is"
                    )
                }
                draft.body = .file(context.fileReference(path, item: label))
            } else if let parts = multipart(body, headers: draft.headers, item: label, context: context) {
                // Tern frames the parts itself, with a boundary of its own.
                draft.body = .multipart(parts)
                draft.headers.removeAll { $0.name.lowercased() == "content-type" }
            } else if body.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("< ") }) {
                context.skipped.append(
                    SkippedItem(item: label, reason: "its body reads files ('< file') inside a text Tern cannot split"))
                return nil
            } else {
                draft.body = .text(text)
            }
        }
        return draft
    }

    /// `{{$processEnv NAME}}` as `{{env:NAME}}`, a private environment's `{{name}}` as `{{secret:name}}`;
    /// other dynamic variables (`{{$uuid}}`...) are reported.
    private static func rewriteReferences(_ text: String, secrets: Set<String>, context: ImportContext) -> String {
        Templates.rewrite(text) { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            for prefix in ["$processEnv ", "$env "] where trimmed.hasPrefix(prefix) {
                return "{{env:\(trimmed.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))}}"
            }
            if secrets.contains(trimmed) { return "{{secret:\(trimmed)}}" }
            if trimmed.hasPrefix("$") {
                let call = String(trimmed.dropFirst())
                if call.hasPrefix("dotenv ") {
                    context.warn("{{$dotenv}} reads a .env file; Tern reads the process environment instead")
                    return "{{env:\(call.dropFirst(7).trimmingCharacters(in: .whitespaces))}}"
                }
                if !TemplateFunctions.knows(call) {
                    let function = trimmed.prefix { !$0.isWhitespace }
                    context.warn("the dynamic variable {{\(function)}} is not one Tern makes: set it as a variable")
                }
                return trimmed == name ? nil : "{{\(trimmed)}}"
            }
            // `{{ HOST }}` as `{{HOST}}`: the same reference, and a URL whose base Tern can tell.
            return trimmed == name ? nil : "{{\(trimmed)}}"
        }
    }
}
