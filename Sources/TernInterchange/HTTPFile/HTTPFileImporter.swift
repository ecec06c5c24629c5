import Foundation
import Tern
import TernWorkspace

/// Reads `.http` / `.rest` files: the JetBrains HTTP Client format and the VS Code REST Client dialect
/// (kulala, httpyac and resterm files use the same core).
///
/// Requests are separated by `###` lines (the rest of the line names the request), or follow one another
/// after a blank line (httpyac); `# @name NAME` names it too. A request is an optional method, a URL
/// (continued on indented lines), an optional `HTTP/x` version, header lines, a blank line and a body:
/// inline, `< ./file`, or GraphQL. `@name = value` lines are file variables (the group's environment);
/// `{{name}}` is Tern's syntax already; `{{$processEnv NAME}}` reads the environment. `http-client.env.json`
/// beside the file gives environments, and `http-client.private.env.json` secrets. Chains become chains
/// (`HTTPFileChains`, `ResponseScripts`): request variables, handler captures and assertions are
/// `capture:`, `requires:` and `expect:`. What Tern cannot run (other handler statements, `> file.js`,
/// `<> previous`, tool directives) is kept as a note and reported with its line, never silently dropped.
package enum HTTPFileImporter {
    /// The standard methods: a request line starts with one (or with any word when a URL follows).
    static let methods: Set<String> = [
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
        var requests: [HTTPFileChains.Request] = []
        var fileVariables: [(name: String, value: String)] = []
        var grpcGlobals = HTTPFileGRPC.Settings()
        var line = 1
        for block in blocks(of: text) {
            defer { line += block.lineCount }
            if let request = request(
                in: block, startingAt: line, context: context, variables: &fileVariables, grpcGlobals: &grpcGlobals)
            {
                requests.append(request)
            }
        }
        // `{{login.response.body.$.token}}` and `client.global.set(…)` values: captures and `requires:`.
        var drafts = HTTPFileChains.link(requests, fileVariables: Set(fileVariables.map(\.name)), context: context)
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

    // MARK: - One request

    private enum Part { case preamble, headers, body }

    private static func request(
        in block: Block, startingAt first: Int, context: ImportContext,
        variables: inout [(name: String, value: String)], grpcGlobals: inout HTTPFileGRPC.Settings
    ) -> HTTPFileChains.Request? {
        var name = block.name
        var method = "GET"
        var url = ""
        var headers: [RequestDraft.Row] = []
        var headerNumbers: [Int] = []
        var bodyNumbers: [Int] = []
        var auth: AuthDefinition?
        var body: [Substring] = []
        var part = Part.preamble
        var lineNumber = first + (block.separated ? 1 : 0) - 1
        var inScript = false
        var inPreScript = false
        var fragmentDepth = 0
        // Handlers and assertions about the answer: captures, expectations, or notes.
        var scripts = ResponseScripts()
        // The lines that hold `{{…}}`, for the line numbers of chain references.
        var templated: [(number: Int, text: String)] = []
        // The name other requests give it in `{{NAME.response.…}}`: `# @name` as written.
        var handle: String?
        // What Tern cannot run, word for word: the spec's `notes:`.
        var notes: [String] = []
        // A `GRPC` request's directives (kulala's `# @grpc-…`, resterm's `# @grpc`, httpyac's `proto <`).
        var grpcSettings = HTTPFileGRPC.Settings()
        var requestLine = first
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
                // An httpyac GraphQL fragment before the request (`fragment Parts on Repo { … }`), kept whole.
                if fragmentDepth > 0 || (trimmed.hasPrefix("fragment ") && trimmed.hasSuffix("{")) {
                    if fragmentDepth == 0 {
                        context.warn(
                            "line \(lineNumber): a GraphQL fragment is not added to the queries by Tern (kept in the "
                                + "spec's notes)")
                    }
                    notes.append(String(line))
                    fragmentDepth += trimmed.filter { $0 == "{" }.count - trimmed.filter { $0 == "}" }.count
                    continue
                }
                // kulala's `< {% … %}` pre-request script, kept whole.
                if inPreScript {
                    notes.append(String(line))
                    if trimmed.hasSuffix("%}") { inPreScript = false }
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
                        if !value.isEmpty {
                            name = value
                            handle = value
                        }
                    } else if HTTPFileGRPC.take(comment, into: &grpcSettings, globals: &grpcGlobals) {
                        continue
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
                // httpyac's `proto < ./file.proto` before a GRPC request; `GRPC TARGET`, spaces and all (kulala).
                if HTTPFileGRPC.takeProto(trimmed, into: &grpcSettings) { continue }
                if trimmed.uppercased().hasPrefix("GRPC ") {
                    method = "GRPC"
                    url = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
                    requestLine = lineNumber
                    part = .headers
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
                let target = rest.trimmingCharacters(in: .whitespaces)
                // Text that is no request line (prose before the request): reported, and the request looked for
                // on the next lines. A target holds no space outside `{{…}}` but before its `HTTP/x`.
                let bare = target.replacingOccurrences(of: #"\{\{[^}]*\}\}"#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #"\s+HTTP/[0-9.]+$"#, with: "", options: .regularExpression)
                if bare.contains(" ") || bare.contains("\t") || trimmed.hasPrefix("<") {
                    notes.append(trimmed)
                    if trimmed.hasPrefix("< {%") || trimmed.hasPrefix("<{%") { inPreScript = !trimmed.hasSuffix("%}") }
                    context.warn(
                        "line \(lineNumber): '\(trimmed.prefix(60))' is not a request line "
                            + (trimmed.hasPrefix("<") ? "(a pre-request script: not run by Tern" : "(left out")
                            + ", kept in the spec's notes)")
                    continue
                }
                url = target
                if url.contains("{{") { templated.append((lineNumber, url)) }
                part = .headers
            case .headers:
                // A URL continued on indented lines: `    ?page=2`, `    &size=10`, `    /get` (the JetBrains
                // grammar joins any indented line of the request target).
                if headers.isEmpty, line.first?.isWhitespace == true, !trimmed.isEmpty,
                    trimmed.hasPrefix("?") || trimmed.hasPrefix("&") || !trimmed.contains(": ")
                {
                    if trimmed.contains("{{") { templated.append((lineNumber, trimmed)) }
                    url += trimmed
                    continue
                }
                if trimmed.isEmpty {
                    part = .body
                    continue
                }
                if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { continue }
                // An assertion or a handler right under the headers (no body between).
                if trimmed.hasPrefix("?? ") || trimmed.hasPrefix("> {%") || trimmed.hasPrefix(">{%") {
                    _ = scripts.take(line, number: lineNumber, context: context)
                    part = .body
                    continue
                }
                if trimmed.contains("{{") { templated.append((lineNumber, trimmed)) }
                guard let colon = trimmed.firstIndex(of: ":") else {
                    context.warn("line \(lineNumber): '\(trimmed.prefix(60))' is not a header line; left out")
                    continue
                }
                headerNumbers.append(lineNumber)
                headers.append(
                    RequestDraft.Row(
                        name: trimmed[..<colon].trimmingCharacters(in: .whitespaces),
                        value: trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            case .body:
                // An httpyac script block after the request (`{{` … `}}` on lines of their own) runs
                // JavaScript once the answer is in: kept as a note, like an unmapped response handler.
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
                if scripts.take(line, number: lineNumber, context: context) { continue }
                // A directive below the request (httpyac's `# @grid…`, which belongs to none): kept and reported.
                if let directive = directive(trimmed) {
                    notes.append(trimmed)
                    context.warn(
                        "line \(lineNumber): the directive \(directive) is not run by Tern (kept in the spec's notes)")
                    continue
                }
                if trimmed.hasPrefix("gql ") {
                    context.warn(
                        "line \(lineNumber): httpyac's 'gql' body (a GraphQL query read from a file) is sent as "
                            + "the text it is; write the query in the body")
                }
                if line.contains("{{") { templated.append((lineNumber, String(line))) }
                body.append(line)
                bodyNumbers.append(lineNumber)
            }
        }
        scripts.close(context: context)
        notes += scripts.notes
        // The version may close the request line or its last continuation line.
        if let version = url.range(of: #"\s+HTTP/[0-9.]+$"#, options: .regularExpression) {
            url = String(url[..<version.lowerBound])
        }
        guard !url.isEmpty else { return nil }
        if method == "GRPC" {
            guard
                var draft = HTTPFileGRPC.draft(
                    target: url, name: name ?? "GRPC \(url)", headers: headers, body: body,
                    settings: grpcSettings.after(grpcGlobals), line: requestLine, context: context)
            else { return nil }
            draft.notes = notes
            draft.capture = scripts.capture
            draft.expect = scripts.expect
            return HTTPFileChains.Request(draft: draft, handle: handle, templated: templated)
        }
        // Other protocols written in the same files (httpyac, kulala, resterm): Tern speaks HTTP.
        let protocols = ["WS", "WSS", "MQTT", "AMQP", "KAFKA"]
        if protocols.contains(method.uppercased()) || url.lowercased().hasPrefix("ws://")
            || url.lowercased().hasPrefix("wss://")
        {
            context.skipped.append(
                SkippedItem(item: name ?? "\(method) \(url)", reason: "a \(method) request: Tern sends HTTP"))
            return nil
        }
        HTTPFileDialect.cutResponse(&body, numbers: bodyNumbers, notes: &notes, context: context)
        auth = HTTPFileDialect.auth(&headers, numbers: headerNumbers, context: context)
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
        // Without a name, a short one: the method and the path, without the scheme, host, port and query.
        let path = DraftAssembler.split(url).rest.prefix { $0 != "?" && $0 != "#" }
        let label = name ?? "\(method) \(path.isEmpty ? "/" : path)"
        var draft = RequestDraft(name: label, folders: [], method: method, url: url)
        // A query Tern sends back byte for byte becomes rows (as curl import does); any other stays in the URL.
        if let mark = url.firstIndex(of: "?"), let rows = CurlMapper.queryRows(String(url[url.index(after: mark)...])) {
            draft.url = String(url[..<mark])
            draft.query = rows.map { RequestDraft.Row(name: $0.name, value: $0.value) }
        }
        draft.headers = headers
        draft.notes = notes
        draft.capture = scripts.capture
        draft.expect = scripts.expect
        if var auth {
            // A password written in the file is a secret like any other.
            if case .basic(let user, let password) = auth, !password.isEmpty, !password.hasPrefix("{{") {
                auth = .basic(username: user, password: context.secret(password, label: "password", item: label))
            } else if case .digest(let user, let password) = auth, !password.isEmpty, !password.hasPrefix("{{") {
                auth = .digest(username: user, password: context.secret(password, label: "password", item: label))
            } else if case .aws(let key, let secret, let token, let region, let service) = auth, !secret.hasPrefix("{{")
            {
                let secret = context.secret(secret, label: "aws_secret", item: label)
                auth = .aws(accessKey: key, secretKey: secret, sessionToken: token, region: region, service: service)
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
        if let graphQL = HTTPFileDialect.graphQL(
            method: &method, headers: &draft.headers, body: body, number: bodyNumbers.first ?? 0, context: context)
        {
            draft.method = method
            draft.body = graphQL
        } else if !body.isEmpty {
            let text = body.joined(separator: "\n")
            let fileLine = body.count == 1 ? body[0].trimmingCharacters(in: .whitespaces) : ""
            // `<@latin1 ./file`: the encoding the tools read the file in, after `<@`.
            if fileLine.hasPrefix("< ") || (fileLine.hasPrefix("<@") && fileLine.contains(" ")) {
                let path = fileLine.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
                if fileLine.hasPrefix("<@") {
                    context.warn(
                        "line \(bodyNumbers.first ?? 0): '<@' substitutes variables in the file when sent by other "
                            + "tools; Tern sends it as it is"
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
        return HTTPFileChains.Request(draft: draft, handle: handle, templated: templated)
    }
}
