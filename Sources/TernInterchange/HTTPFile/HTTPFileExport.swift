package import Foundation
import Tern
package import TernWorkspace

/// Writes specs as a `.http` file that the JetBrains HTTP Client, the VS Code REST Client, kulala and
/// httpyac run as it is, and that `tern import http` reads back into the same requests.
///
/// Each target's base URL is a file variable (`@api = https://…`); `{{name}}` variables stay (the
/// tools read them from `http-client.env.json`); `{{env:NAME}}` becomes `{{$processEnv NAME}}`;
/// `{{secret:NAME}}` becomes `{{NAME}}`, to be set in `http-client.private.env.json` (no value is
/// written). Auth blocks become `Authorization` headers where the format has one; others are a comment.
package enum HTTPFileExport {
    /// The `.http` text of the specs under `specs/<group>/` (every spec when `group` is nil).
    package static func file(of workspace: Workspace, group: String?) throws(ImportError) -> Data {
        let entries = workspace.specs.filter { group == nil || $0.group.first == group }
        if let group, entries.isEmpty {
            throw ImportError("no specs under specs/\(group)/ in workspace '\(workspace.name)'")
        }
        var lines = [
            "# \(group ?? workspace.name): exported by Tern (tern export http). Variables come from",
            "# http-client.env.json; secrets ({{NAME}} below that Tern keeps in .tern/secrets.yaml) from",
            "# http-client.private.env.json.",
        ]
        var declared: [String: String] = [:]
        var requests: [String] = []
        let handles = self.handles(of: entries)
        for entry in ordered(entries, in: workspace) {
            let spec = entry.spec
            if spec.isGRPC {
                requests += grpcRequest(entry, in: workspace, handle: handles[entry.id] ?? entry.fileName)
                continue
            }
            var base = ""
            if !spec.hasFullURL, let target = workspace.target(for: spec) {
                if Templates.isReferenceOnly(target.baseURL) {
                    // `{{baseURL}}` itself: a file variable naming it would add a level of nesting.
                    base = convert(target.baseURL)
                } else {
                    let variable = variableName(for: target.name)
                    if declared[variable] == nil { declared[variable] = convert(target.baseURL) }
                    base = "{{\(variable)}}"
                }
            }
            requests.append(contentsOf: request(entry, base: base, handle: handles[entry.id] ?? entry.fileName))
        }
        for (name, value) in declared.sorted(by: { $0.key < $1.key }) { lines.append("@\(name) = \(value)") }
        lines.append("")
        lines += requests
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// `http-client.env.json` for the workspace's environments, which the `.http` file's `{{name}}`
    /// variables read (`{{env:…}}` as `{{$processEnv …}}`); secrets are never in it: the tools read
    /// those from `http-client.private.env.json`, which the user writes, and a variable named like a
    /// credential (`token`, `password`) is written empty.
    package static func environments(of workspace: Workspace) throws(ImportError) -> Data {
        var object: [String: JSONValue] = [:]
        for (name, environment) in workspace.environments {
            var values: [String: JSONValue] = [:]
            for variable in environment.variables {
                // A credential written in clear in an environment file stays home: the user fills it in.
                let clear = CredentialName.isCredential(variable.name) && !variable.value.contains("{{")
                values[variable.name] = .string(clear ? "" : convert(variable.value))
            }
            object[name] = .object(values)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(JSONValue.object(object)) + Data("\n".utf8)
        } catch {
            throw ImportError("the environments could not be written as JSON: \(error)")
        }
    }

    /// `http-client.private.env.json` for the exported file: under each environment, the value of every
    /// secret the file reads (`{{secret:NAME}}`, written `{{NAME}}`) that the workspace's store holds, and of
    /// each credential-named variable `environments(of:)` writes empty; `nil` when there is none.
    package static func privateEnvironments(of workspace: Workspace, group: String?) throws(ImportError) -> Data? {
        let text = String(decoding: try file(of: workspace, group: group), as: UTF8.self)
        let used = Set(Templates.names(in: text))
        let store = try? SecretStore.load(workspace: workspace.root)
        var secrets: [String: JSONValue] = [:]
        for name in used {
            if case .value(let value)? = store?.source(of: name) { secrets[name] = .string(value) }
        }
        var object: [String: JSONValue] = [:]
        let names = workspace.environments.isEmpty ? ["default"] : Array(workspace.environments.keys)
        for name in names {
            var values = secrets
            for variable in workspace.environments[name]?.variables ?? []
            where CredentialName.isCredential(variable.name) && !variable.value.contains("{{")
                && used.contains(variable.name)
            {
                values[variable.name] = .string(variable.value)
            }
            if !values.isEmpty { object[name] = .object(values) }
        }
        guard !object.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(JSONValue.object(object)) + Data("\n".utf8)
        } catch {
            throw ImportError("the secrets could not be written as JSON: \(error)")
        }
    }

    /// `user password`, as the tools encode it; when either is empty (a space cannot show that), the
    /// encoded credentials themselves, or `user:password` when a template is in them.
    private static func basicCredentials(_ user: String, _ password: String) -> String {
        guard user.isEmpty || password.isEmpty else { return "\(convert(user)) \(convert(password))" }
        if (user + password).contains("{{") { return "\(convert(user)):\(convert(password))" }
        return Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// A file variable's name for a target (`my-api` → `my_api`).
    static func variableName(for target: String) -> String {
        let name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// `{{env:NAME}}` → `{{$processEnv NAME}}`, `{{secret:NAME}}` → `{{NAME}}`.
    static func convert(_ text: String) -> String {
        Templates.rewrite(text) { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("env:") { return "{{$processEnv \(trimmed.dropFirst(4))}}" }
            if trimmed.hasPrefix("secret:") { return "{{\(trimmed.dropFirst(7))}}" }
            return nil
        }
    }

    private static func request(_ entry: SpecEntry, base: String, handle: String) -> [String] {
        let spec = entry.spec
        var lines = ["### \(spec.name)", "# @name \(handle)"]
        let handler = HTTPFileHandler.lines(for: spec)
        lines += handler.comments
        // The spec's notes as comments: the tools show them and run none of them.
        if let notes = spec.notes?.trimmingCharacters(in: .newlines), !notes.isEmpty {
            for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line.isEmpty ? "#" : "# " + line)
            }
        }
        // A space would end the request line: the path is written as Tern sends it (encoded as a URL
        // is, or around templates its spaces as `%20`).
        var path = convert(spec.path)
        if path.contains(" ") {
            if !path.contains("{{"), let encoded = URL(string: path)?.absoluteString {
                path = encoded
            } else {
                path = outsideTemplates(path) { $0.replacingOccurrences(of: " ", with: "%20") }
            }
        }
        var url = base + path
        var pairs: [String] = []
        for (name, value) in spec.query {
            for text in texts(value) {
                let pair = "\(encoded(name))=\(encoded(convert(text)))"
                pairs.append(spec.disabled.isDisabled(query: name) ? "" : pair)
            }
        }
        let query = pairs.filter { !$0.isEmpty }
        if !query.isEmpty { url += (url.contains("?") ? "&" : "?") + query.joined(separator: "&") }
        lines.append("\(spec.method) \(url)")
        // The spec's headers keep their on/off state; those its auth block makes are always on.
        var headers = spec.headers.map {
            (name: $0.name, value: convert($0.value), on: !spec.disabled.isDisabled(header: $0.name))
        }
        var notes: [String] = []
        switch spec.auth {
        case .basic(let user, let password)?:
            headers.append(("Authorization", "Basic " + basicCredentials(user, password), true))
        case .digest(let user, let password)?:
            headers.append(("Authorization", "Digest \(convert(user)) \(convert(password))", true))
        case .bearer(let token)?:
            headers.append(("Authorization", "Bearer \(convert(token))", true))
        case .apiKey(let name, let value, let location)?:
            if location == .header {
                headers.append((name, convert(value), true))
            } else {
                lines[lines.count - 1] += (url.contains("?") ? "&" : "?") + "\(name)=\(convert(value))"
            }
        case .aws?, .oauth2?:
            notes.append("# auth: \(spec.auth?.type ?? "") is not written in .http: set Authorization yourself")
        case .none?, nil:
            break
        }
        var body: [String] = []
        switch spec.body {
        case .json(let value):
            body = [prettyJSON(value)]
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(("Content-Type", "application/json", true))
            }
        case .text(let text):
            body = [convert(text)]
        case .form(let pairs):
            body = [pairs.map { "\(encoded($0.name))=\(encoded(convert($0.value)))" }.joined(separator: "&")]
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(("Content-Type", "application/x-www-form-urlencoded", true))
            }
        case .file(let path):
            body = ["< \(absolute(convert(path), in: entry))"]
        case .multipart(let parts):
            let boundary = "TernBoundary7MA4YWxkTrZu0gW"
            headers.removeAll { $0.name.lowercased() == "content-type" }
            headers.append(("Content-Type", "multipart/form-data; boundary=\(boundary)", true))
            for part in parts {
                body.append("--\(boundary)")
                var disposition = "Content-Disposition: form-data; name=\"\(part.name)\""
                if let file = part.file {
                    let filename = part.filename ?? (file as NSString).lastPathComponent
                    disposition += "; filename=\"\(filename)\""
                }
                body.append(disposition)
                if let type = part.contentType { body.append("Content-Type: \(type)") }
                body.append("")
                body.append(part.file.map { "< \(absolute(convert($0), in: entry))" } ?? convert(part.value ?? ""))
            }
            body.append("--\(boundary)--")
        case .graphql(let graphQL):
            var object: [String: JSONValue] = ["query": .string(graphQL.query)]
            if let name = graphQL.operationName { object["operationName"] = .string(name) }
            if let variables = graphQL.variables { object["variables"] = variables }
            body = [prettyJSON(.object(object))]
            // As Tern sends a GraphQL body: JSON, asking for a GraphQL answer.
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(("Content-Type", "application/json", true))
            }
            if !headers.contains(where: { $0.name.lowercased() == "accept" }) {
                headers.append(("Accept", "application/graphql-response+json, application/json", true))
            }
        case nil:
            break
        }
        for header in headers {
            let line = "\(header.name): \(header.value)"
            lines.append(header.on ? line : "# " + line)
        }
        lines += notes
        if !body.isEmpty { lines += [""] + body }
        if !handler.handler.isEmpty { lines += [""] + handler.handler }
        lines.append("")
        return lines
    }

    /// Each spec's `# @name`: its name when that is one word the tools take (`login`), else its file name;
    /// a name two specs would share gets the folders before it (`users-login`).
    static func handles(of entries: [SpecEntry]) -> [String: String] {
        let token = { (text: String) -> Bool in
            !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
        let wanted = entries.map { token($0.spec.name) ? $0.spec.name : $0.fileName }
        var counts: [String: Int] = [:]
        for name in wanted { counts[name, default: 0] += 1 }
        var handles: [String: String] = [:]
        for (entry, name) in zip(entries, wanted) {
            handles[entry.id] = counts[name, default: 0] > 1 ? entry.id.replacingOccurrences(of: "/", with: "-") : name
        }
        return handles
    }

    /// The entries in run order (a folder's `order:`, as an imported file wrote them, then by id), each after
    /// the exported specs it `requires:`, so the file runs from the top as `tern run` runs it.
    static func ordered(_ entries: [SpecEntry], in workspace: Workspace) -> [SpecEntry] {
        let byID = Dictionary(entries.map { ($0.id, $0) }) { first, _ in first }
        var placed = Set<String>()
        var result: [SpecEntry] = []
        func place(_ entry: SpecEntry, depth: Int) {
            guard depth < 64, !placed.contains(entry.id) else { return }
            placed.insert(entry.id)
            for dependency in entry.spec.requires {
                guard let required = (try? workspace.spec(named: dependency.spec)).flatMap({ byID[$0.id] }) else {
                    continue
                }
                place(required, depth: depth + 1)
            }
            result.append(entry)
        }
        for entry in entries.sorted(by: { workspace.order.runsBefore($0.id, $1.id) }) { place(entry, depth: 0) }
        return result
    }

    /// `text` percent-encoded as Tern encodes a query or form value, `{{…}}` templates left as they
    /// are (the tools fill them in when they send).
    static func encoded(_ text: String) -> String { outsideTemplates(text, escape) }

    /// `transform` applied to the text between `{{…}}` templates.
    private static func outsideTemplates(_ text: String, _ transform: (Substring) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            let open = rest.firstASCIIRange(of: "{{")
            let close = open.flatMap { rest[$0.upperBound...].firstASCIIRange(of: "}}") }
            guard let open, let close else {
                result += transform(rest)
                break
            }
            result += transform(rest[..<open.lowerBound]) + rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return result
    }

    private static func escape(_ literal: Substring) -> String { QueryParameters.escapedValue(String(literal)) }

    private static func texts(_ value: JSONValue) -> [String] {
        switch value {
        case .array(let elements): return elements.flatMap(texts)
        case .string(let text): return [text]
        case .null: return [""]
        default:
            let data = (try? JSONEncoder().encode(value)) ?? Data()
            return [String(decoding: data, as: UTF8.self)]
        }
    }

    static func prettyJSON(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return convert(String(decoding: data, as: UTF8.self))
    }

    /// A file path valid from wherever the `.http` file is saved: relative paths are the workspace's.
    static func absolute(_ path: String, in entry: SpecEntry) -> String {
        guard !path.hasPrefix("/"), !path.hasPrefix("{{") else { return path }
        let root = entry.file.deletingLastPathComponent()
            .deletingLastPathComponent(count: entry.group.count + 1)
        return root.appendingPathComponent(path).standardizedFileURL.path
    }
}

extension URL {
    fileprivate func deletingLastPathComponent(count: Int) -> URL {
        var url = self
        for _ in 0..<count { url = url.deletingLastPathComponent() }
        return url
    }
}
