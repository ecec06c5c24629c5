import Foundation
package import Tern
import TernWorkspace

/// A header, query parameter or variable as an editor table shows it.
package struct EditableItem: Sendable, Hashable {
    package var name: String
    package var value: String
    /// Off items stay in the spec but are not sent (`disabled:` in the file).
    package var enabled: Bool
    /// For variables: `session` or the environment's name.
    package var origin: String?

    package init(name: String, value: String, enabled: Bool = true, origin: String? = nil) {
        self.name = name
        self.value = value
        self.enabled = enabled
        self.origin = origin
    }
}

/// The selected spec with this session's edits, as the TUI's request editor shows it.
package struct SpecDetail: Sendable, Hashable {
    package var id: String
    package var name: String
    package var method: String
    package var path: String
    package var target: String?
    package var query: [EditableItem]
    package var headers: [EditableItem]
    /// The body as editable text (`ExplorerSession.bodyText`), and its kind (`json`, `text`, ...).
    package var body: String
    package var bodyKind: String?
    package var transaction: String
    package var edited: Bool
    /// The `auth:` in force as the editor shows it (`digest {{user}}`, `bearer (target)`), never a secret.
    package var auth: String? = nil
    /// The target's headers that are sent with the spec (those it does not override), each with
    /// its origin (`target api`): the Headers tab shows them dimmed, under the spec's own.
    package var inheritedHeaders: [EditableItem] = []
}

/// Everything a front end shows about the session, taken in one actor hop.
/// The conversation `connect` holds open, as the faces show it.
package struct ConversationSnapshot: Sendable, Hashable {
    package var spec: String
    package var transcript: WebSocketTranscript
}

package struct ExplorerSnapshot: Sendable, Hashable {
    package var workspaceName: String
    package var specs: [SpecSummary]
    package var environments: [String]
    /// The environment in force (the chosen one, else the workspace's default).
    package var environment: String?
    package var mode: ResponseMode
    package var selected: SpecDetail?
    /// Session variables first, then the environment's.
    package var variables: [EditableItem]
    package var unsaved: [String]
    /// What Tab completes on the `:` line.
    package var vocabulary: CompletionVocabulary
    /// The targets whose TLS certificate checks are off (`tls.insecure`), for the header's warning.
    package var insecureTargets: [String] = []
    /// The WebSocket conversation held open (`connect`), if any.
    package var conversation: ConversationSnapshot? = nil
}

/// An edit the request editor makes to the selected spec (or, for variables, to the session).
package enum SpecEdit: Sendable, Hashable {
    case method(String)
    case path(String)
    /// Adds an item, or replaces the one called `replacing` in place.
    case setItem(Command.EditField, replacing: String?, name: String, value: String)
    case removeItem(Command.EditField, name: String)
    /// Switches a header or query parameter off (kept, not sent) or back on.
    case toggle(Command.EditField, name: String)
    case body(String)
}

extension ExplorerSession {
    /// The session as front ends show it.
    package func snapshot() -> ExplorerSnapshot {
        let active = environment ?? workspace.defaultEnvironment
        var variables = self.variables.keys.sorted().map {
            EditableItem(name: $0, value: self.variables[$0] ?? "", origin: "session")
        }
        if let active, let values = workspace.environments[active] {
            for (name, value) in values.variables where self.variables[name] == nil {
                variables.append(EditableItem(name: name, value: value, origin: active))
            }
        }
        var snapshot = ExplorerSnapshot(
            workspaceName: workspace.name, specs: summaries(), environments: workspace.environments.keys.sorted(),
            environment: active, mode: mode, selected: selectedID.flatMap { try? detail(of: entry($0)) },
            variables: variables, unsaved: unsavedSpecIDs, vocabulary: completionVocabulary()
        )
        snapshot.insecureTargets = workspace.insecureTargets
        if let open = openConversationTranscript {
            snapshot.conversation = ConversationSnapshot(spec: open.spec, transcript: open.transcript)
        }
        return snapshot
    }

    private func detail(of entry: SpecEntry) -> SpecDetail {
        let spec = entry.spec
        var detail = SpecDetail(
            id: entry.id, name: spec.name, method: spec.method, path: spec.path, target: spec.target,
            query: spec.query.map {
                EditableItem(
                    name: $0.name, value: Self.display($0.value), enabled: !spec.disabled.isDisabled(query: $0.name))
            },
            headers: spec.headers.map {
                EditableItem(name: $0.name, value: $0.value, enabled: !spec.disabled.isDisabled(header: $0.name))
            },
            body: Self.bodyText(spec.body), bodyKind: spec.body?.kind, transaction: spec.transaction.rawValue,
            edited: edits[entry.id] != nil
        )
        let target = workspace.target(for: spec)
        detail.auth = Self.authSummary(spec.auth, inherited: target?.auth)
        if let target {
            let own = Set(spec.headers.map { $0.name.lowercased() })
            detail.inheritedHeaders = target.headers.filter { !own.contains($0.name.lowercased()) }.map {
                EditableItem(name: $0.name, value: $0.value, origin: "target \(target.name)")
            }
        }
        return detail
    }

    /// `basic {{user}}`, `apiKey X-Key in header`, `aws us-east-1/s3`, `(target)` when inherited; `nil` for none.
    static func authSummary(_ own: AuthDefinition?, inherited: AuthDefinition?) -> String? {
        guard let auth = own ?? inherited, auth != .none else { return nil }
        var text = auth.type
        switch auth {
        case .basic(let username, _), .digest(let username, _): text += " " + username
        case .apiKey(let name, _, let location): text += " \(name) in \(location.rawValue)"
        case .aws(_, _, _, let region, let service): text += " \(region)/\(service)"
        case .oauth2(let definition): text += " \(definition.grant.rawValue) \(definition.fields["clientId"] ?? "")"
        case .bearer, .none: break
        }
        return own == nil ? text + " (target)" : text
    }

    /// A query value as one line of text: scalars as written, lists and objects as JSON.
    static func display(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .null: return ""
        default:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    /// Applies one editor change; returns what changed, for the status line.
    @discardableResult
    package func apply(_ edit: SpecEdit) async throws(ExplorerError) -> String {
        if case .setItem(.variable, let old, let name, let value) = edit {
            try Self.requireName(name)
            if let old, old != name { setVariable(old, nil) }
            setVariable(name, value)
            changed()
            return "set var \(name)"
        }
        if case .removeItem(.variable, let name) = edit {
            guard variables[name] != nil else {
                throw ExplorerError(
                    .usage, "'\(name)' comes from the environment file; only session variables can be deleted")
            }
            setVariable(name, nil)
            changed()
            return "unset var \(name)"
        }
        if case .body(let text) = edit {
            _ = try await replaceBody(.text(text))
            return "body replaced (unsaved)"
        }
        var current = try entry(nil)
        let message: String
        switch edit {
        case .method(let method):
            let upper = method.trimmingCharacters(in: .whitespaces).uppercased()
            guard !upper.isEmpty, upper.allSatisfy({ $0.isLetter && $0.isASCII }) else {
                throw ExplorerError(.usage, "'\(method)' is not an HTTP method (GET, POST, PUT, PATCH, DELETE, ...)")
            }
            current.spec.method = upper
            message = "method \(upper)"
        case .path(let path):
            let trimmed = path.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw ExplorerError(.usage, "the path cannot be empty") }
            current.spec.path = trimmed
            message = "path \(trimmed)"
        case .setItem(.secret, _, _, _), .removeItem(.secret, _), .setItem(.sessionSecret, _, _, _),
            .removeItem(.sessionSecret, _):
            throw ExplorerError(.usage, "a secret is not a row of the spec")
        case .setItem(let field, let old, let name, let value):
            try Self.requireName(name)
            if field == .header {
                let position = current.spec.headers.firstIndex {
                    $0.name.caseInsensitiveCompare(old ?? name) == .orderedSame
                }
                current.spec.headers.removeAll {
                    $0.name.caseInsensitiveCompare(old ?? name) == .orderedSame
                        || $0.name.caseInsensitiveCompare(name) == .orderedSame
                }
                current.spec.headers.insert(
                    (name: name, value: value),
                    at: min(position ?? current.spec.headers.count, current.spec.headers.count))
                if let old, old != name, current.spec.disabled.isDisabled(header: old) {
                    current.spec.disabled.headers.removeAll { $0.caseInsensitiveCompare(old) == .orderedSame }
                    current.spec.disabled.headers.append(name)
                }
            } else {
                let position = current.spec.query.firstIndex { $0.name == (old ?? name) }
                current.spec.query.removeAll { $0.name == (old ?? name) || $0.name == name }
                current.spec.query.insert(
                    (name: name, value: .string(value)),
                    at: min(position ?? current.spec.query.count, current.spec.query.count))
                if let old, old != name, current.spec.disabled.isDisabled(query: old) {
                    current.spec.disabled.query.removeAll { $0 == old }
                    current.spec.disabled.query.append(name)
                }
            }
            message = "set \(field.rawValue) \(name)"
        case .removeItem(let field, let name):
            if field == .header {
                current.spec.headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                current.spec.disabled.headers.removeAll { $0.caseInsensitiveCompare(name) == .orderedSame }
            } else {
                current.spec.query.removeAll { $0.name == name }
                current.spec.disabled.query.removeAll { $0 == name }
            }
            message = "removed \(field.rawValue) \(name)"
        case .toggle(let field, let name):
            switch field {
            case .header:
                if current.spec.disabled.isDisabled(header: name) {
                    current.spec.disabled.headers.removeAll { $0.caseInsensitiveCompare(name) == .orderedSame }
                    message = "header \(name) on"
                } else {
                    current.spec.disabled.headers.append(name)
                    message = "header \(name) off"
                }
            case .query:
                if current.spec.disabled.isDisabled(query: name) {
                    current.spec.disabled.query.removeAll { $0 == name }
                    message = "query \(name) on"
                } else {
                    current.spec.disabled.query.append(name)
                    message = "query \(name) off"
                }
            case .variable:
                throw ExplorerError(.usage, "variables cannot be switched off; delete the session value instead")
            case .secret, .sessionSecret:
                throw ExplorerError(.usage, "a secret is not a row of the spec")
            }
        case .body:
            message = ""
        }
        edits[current.id] = current
        changed()
        return message + " (unsaved)"
    }

    private static func requireName(_ name: String) throws(ExplorerError) {
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace }) else {
            throw ExplorerError(.usage, "'\(name)' is not a name: it must be non-empty, without spaces")
        }
    }
}
