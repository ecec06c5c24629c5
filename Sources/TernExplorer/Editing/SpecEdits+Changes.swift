import Foundation
import Tern
import TernWorkspace

/// The changes the faces make to specs: a header or query parameter set, the request editor's changes, a new
/// body, and saving an edited spec to its file.
extension SpecEdits {
    /// `set`/`unset` (`value` `nil`) a header or query parameter of the selected spec in `workspace`; says what
    /// changed.
    mutating func set(
        _ field: Command.EditField, name: String, value: String?, in workspace: Workspace
    ) throws(ExplorerError) -> String {
        var current = try entry(nil, in: workspace)
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
        self[current.id] = current
        return "\(value == nil ? "unset" : "set") \(field.rawValue) \(name) on \(current.id) (unsaved)"
    }

    /// Replaces the selected spec's body in `workspace` with `text`: JSON text becomes a JSON body, anything
    /// else a text body; a GraphQL body keeps its kind. Says what it did.
    mutating func replaceBody(with text: String, in workspace: Workspace) throws(ExplorerError) -> String {
        var current = try entry(nil, in: workspace)
        if var grpc = current.spec.grpc {
            // A gRPC request's body is its messages: JSON documents, their `//` comments the editor's only.
            grpc.messages = try GRPCMessageText.messages(text)
            current.spec.grpc = grpc
            self[current.id] = current
            keepMessageText(text, of: current.id)
            return "messages replaced (unsaved)"
        }
        let wasJSON = current.spec.body?.kind == "json"
        current.spec.body = BodyText.replacing(current.spec.body, with: text)
        self[current.id] = current
        // A JSON body edited into something that is not JSON is kept as text, and said so where.
        if wasJSON, current.spec.body?.kind != "json", let error = JSONSyntaxError.check(text) {
            return
                ("body of \(current.id) replaced as text (unsaved): it is not JSON at \(error); "
                + "'body edit' edits it again")
        }
        return "body of \(current.id) replaced (unsaved)"
    }

    /// Applies one change of the request editor to the selected spec in `workspace` (not a variable's, nor the
    /// body's: the session applies those); returns what changed, for the status line.
    mutating func apply(_ edit: SpecEdit, in workspace: Workspace) throws(ExplorerError) -> String {
        var current = try entry(nil, in: workspace)
        let message: String
        switch edit {
        case .method(let method):
            let upper = method.trimmingWhitespace().uppercased()
            guard !upper.isEmpty, upper.allSatisfy({ $0.isLetter && $0.isASCII }) else {
                throw ExplorerError(.usage, "'\(method)' is not an HTTP method (GET, POST, PUT, PATCH, DELETE, ...)")
            }
            current.spec.method = upper
            message = "method \(upper)"
        case .path(let path):
            let trimmed = path.trimmingWhitespace()
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
        self[current.id] = current
        return message + " (unsaved)"
    }

    /// `save [as NAME]`: writes the selected spec (with its edits) to its file or to a new spec. A file that
    /// changed on disk since it was read is not overwritten unless `force`.
    mutating func save(
        as newID: String?, force: Bool, follower: inout WorkspaceFollower
    ) throws(ExplorerError) -> String {
        let workspace = follower.workspace
        var current = try entry(nil, in: workspace)
        let originalID = current.id
        if newID == nil, drafts.contains(originalID) {
            throw ExplorerError(.usage, "a new request is saved with a name: 'save NAME' ('save as NAME')")
        }
        if newID == nil, !force, follower.conflicts.contains(current.id) || follower.changedOnDisk(current) {
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
            guard !workspace.specIDs.contains(id), !workspace.brokenSpecs.contains(where: { $0.id == id }),
                !FileManager.default.fileExists(atPath: workspace.specsFolder.appendingPathComponent(id + ".yaml").path)
            else {
                throw ExplorerError(.workspace, "a spec '\(id)' exists already; choose another name")
            }
            current.id = id
            // The new spec is named after its file: two specs sharing a `name:` would confuse lookups.
            current.spec.name = id.split(separator: "/").last.map(String.init) ?? id
            current.group = id.split(separator: "/").dropLast().map(String.init)
            current.file = workspace.root.appendingPathComponent("specs").appendingPathComponent(id + ".yaml")
        }
        let saved = current
        do {
            try workspace.save(saved)
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
        follower.written(saved)
        follower.conflicts.remove(originalID)
        self[originalID] = nil
        select(saved.id)
        return "saved \(saved.id) to \(saved.file.path)"
    }

    /// Refuses a name that is empty or has spaces.
    static func requireName(_ name: String) throws(ExplorerError) {
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace }) else {
            throw ExplorerError(.usage, "'\(name)' is not a name: it must be non-empty, without spaces")
        }
    }
}
