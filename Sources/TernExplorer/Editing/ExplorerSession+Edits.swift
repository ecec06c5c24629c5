import Foundation
import Tern
import TernWorkspace

extension ExplorerSession {
    /// `set`/`unset` (`value` `nil`): headers and query parameters edit the selected spec; variables the
    /// session. Says what changed.
    package func applyEdit(_ field: Command.EditField, name: String, value: String?) throws(ExplorerError)
        -> String
    {
        if field == .variable {
            setVariable(name, value)
            changed()
            return value == nil ? "unset var \(name)" : "set var \(name)"
        }
        if field == .secret { return try keepSecret(name, value) }
        if field == .sessionSecret { return useSecretThisSession(name, value) }
        var current = try entry(nil)
        switch field {
        case .header:
            current.spec.headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let value { current.spec.headers.append((name: name, value: value)) }
        case .query:
            current.spec.query.removeAll { $0.name == name }
            if let value { current.spec.query.append((name: name, value: .string(value))) }
        case .variable, .secret, .sessionSecret:
            break
        }
        edits[current.id] = current
        changed()
        return "\(value == nil ? "unset" : "set") \(field.rawValue) \(name) on \(current.id) (unsaved)"
    }

    /// `body TEXT|@FILE|edit`: JSON text becomes a JSON body, anything else a text body; a GraphQL body keeps its
    /// kind (see `replacing(_:with:)`) and opens in the editor as a `.graphql` file holding the query.
    package func replaceBody(_ source: Command.BodySource) async throws(ExplorerError) -> String {
        var current = try entry(nil)
        let text: String
        switch source {
        case .text(let value):
            text = value
        case .file(let path):
            let url = URL(
                fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
                throw ExplorerError(.workspace, "cannot read '\(path)' as UTF-8 text")
            }
            text = contents
        case .editor:
            guard let editor else {
                throw ExplorerError(
                    .unsupported, "'body edit' needs a terminal and $EDITOR; use 'body TEXT' or 'body @FILE'")
            }
            let original = Self.bodyText(current.spec.body)
            do {
                text = try await ExternalEditor.$fileExtension.withValue(Self.editorExtension(current.spec.body)) {
                    try await editor(original)
                }
            } catch {
                throw ExplorerError(.unsupported, "the editor failed: \(error)")
            }
            // Quitting the editor without a change leaves the spec as it was (not marked edited).
            if Self.sameText(text, original) { return "body of \(current.id) unchanged" }
        }
        let wasJSON = current.spec.body?.kind == "json"
        current.spec.body = Self.replacing(current.spec.body, with: text)
        edits[current.id] = current
        changed()
        // A JSON body edited into something that is not JSON is kept as text, and said so where.
        if wasJSON, current.spec.body?.kind != "json", let error = JSONSyntaxError.check(text) {
            return
                ("body of \(current.id) replaced as text (unsaved): it is not JSON at \(error); "
                + "'body edit' edits it again")
        }
        return "body of \(current.id) replaced (unsaved)"
    }

    /// The body `text` makes in place of `body`: for a GraphQL body, a GraphQL-over-HTTP JSON document replaces
    /// query, operation name and variables, and any other text is the new query (variables and operation name
    /// kept); for other kinds, `body(from:)`.
    static func replacing(_ body: BodyDefinition?, with text: String) -> BodyDefinition {
        guard case .graphql(var graphQL) = body else { return Self.body(from: text) }
        if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
            let document = GraphQLBodyDefinition(document: json)
        {
            return .graphql(document)
        }
        graphQL.query = text
        return .graphql(graphQL)
    }

    /// The extension of the file an editor opens `body` in, so it highlights it: `json`, `graphql`, else `txt`.
    static func editorExtension(_ body: BodyDefinition?) -> String {
        switch body?.kind {
        case "json": "json"
        case "graphql": "graphql"
        default: "txt"
        }
    }

    /// Whether an editor gave `edited` back unchanged from `original` (editors add a final newline).
    package static func sameText(_ edited: String, _ original: String) -> Bool {
        func trimmed(_ text: String) -> Substring {
            var text = Substring(text)
            while text.last == "\n" || text.last == "\r\n" { text.removeLast() }
            return text
        }
        return trimmed(edited) == trimmed(original)
    }

    /// JSON when the text parses as JSON, else text.
    static func body(from text: String) -> BodyDefinition {
        if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
            switch json {
            case .object, .array: return .json(json)
            default: break
            }
        }
        return .text(text)
    }

    /// The body as text an editor can show.
    static func bodyText(_ body: BodyDefinition?) -> String {
        switch body {
        case .json(let value):
            // Compact, then the formatter the response pane uses: one style (`"id": 1`) on both sides.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(value) else { return "" }
            return JSONFormatter.prettyPrinted(data) ?? String(decoding: data, as: UTF8.self)
        case .text(let text): return text
        case .form(let fields): return fields.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        case .file(let path): return "@" + path
        case .graphql(let graphQL): return graphQL.query
        case .multipart, .none: return ""
        }
    }

    /// `save [as NAME]`: writes the selected spec (with its edits) to its file or to a new spec. A file that
    /// changed on disk since it was read is not overwritten unless `force`.
    package func save(as newID: String?, force: Bool = false) throws(ExplorerError) -> String {
        var current = try entry(nil)
        let originalID = current.id
        if newID == nil, !force, conflicts.contains(current.id) || changedOnDisk(current) {
            throw ExplorerError(
                .workspace,
                "specs/\(current.id).yaml changed on disk since it was read; "
                    + "'save --force' writes this version over it, 'save as NAME' keeps both, 'revert' takes the "
                    + "file's version")
        }
        if let newID {
            let id = newID.hasSuffix(".yaml") ? String(newID.dropLast(5)) : newID
            guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains("..") else {
                throw ExplorerError(.usage, "'\(newID)' is not a spec id like 'group/name'")
            }
            guard !workspace.specIDs.contains(id), !workspace.brokenSpecs.contains(where: { $0.id == id }) else {
                throw ExplorerError(.workspace, "a spec '\(id)' exists already; choose another name")
            }
            current.id = id
            // The new spec is named after its file: two specs sharing a `name:` would confuse lookups.
            current.spec.name = id.split(separator: "/").last.map(String.init) ?? id
            current.group = id.split(separator: "/").dropLast().map(String.init)
            current.file = workspace.root.appendingPathComponent("specs").appendingPathComponent(id + ".yaml")
        }
        let saved = current
        try workspaceCall { () throws(WorkspaceError) in try workspace.save(saved) }
        var updated = workspace
        if let index = updated.specs.firstIndex(where: { $0.id == saved.id }) {
            updated.specs[index] = saved
        } else {
            updated.specs.append(saved)
            updated.specs.sort { $0.id < $1.id }
        }
        replaceWorkspace(updated)
        noteWritten(saved.file)
        conflicts.remove(originalID)
        edits[originalID] = nil
        select(saved.id)
        changed()
        return "saved \(saved.id) to \(saved.file.path)"
    }
}

extension ExplorerSession {
    /// Keeps `value` as the secret `name` in the workspace's store (`nil` removes it); the next send
    /// reads it.
    package func keepSecret(_ name: String, _ value: String?) throws(ExplorerError) -> String {
        guard SecretStore.isValidName(name) else {
            throw ExplorerError(.usage, "'\(name)' is not a secret name: use letters, digits, '_', '-' and '.'")
        }
        try workspaceCall { () throws(WorkspaceError) in
            var store = try SecretStore.load(workspace: workspace.root)
            if let value { store.set(name, to: .value(value)) } else { store.unset(name) }
            try store.save(workspace: workspace.root)
        }
        secretNames = nil
        changed()
        return value == nil ? "removed secret \(name)" : "kept secret \(name) in .tern/secrets.yaml (owner-only)"
    }

    /// Uses `value` as the secret `name` until the session ends (`nil` forgets it), written nowhere.
    package func useSecretThisSession(_ name: String, _ value: String?) -> String {
        sessionSecrets[name] = value
        loadedSecrets = nil
        secretNames = nil
        changed()
        return value == nil ? "forgot secret \(name)" : "using secret \(name) for this session only (not written)"
    }
}
