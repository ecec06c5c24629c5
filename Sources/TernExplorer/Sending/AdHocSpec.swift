import Foundation
import Tern
import TernWorkspace

/// A secret an ad-hoc request's `{{secret:NAME}}` stands for, kept in the store when the request is saved.
package struct AdHocSecret: Sendable, Equatable {
    /// The secret's name.
    package var name: String
    /// Its value.
    package var value: String

    /// Makes one.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A request typed on the command line (`tern get URL …`): sent as the spec `adhoc` in the workspace's
/// `specs/` folder (never written there unless saved), so the cache and the badges treat it as any spec.
enum AdHocSpec {
    /// The id it is sent as. History records its sends without a spec (lists show its method and URL).
    static let id = "adhoc"

    /// The entry `spec` is sent as in `workspace`.
    static func entry(_ spec: SpecDefinition, in workspace: Workspace) -> SpecEntry {
        SpecEntry(id: id, file: workspace.specsFolder.appendingPathComponent("adhoc.yaml"), group: [], spec: spec)
    }

    /// Whether `entry` is a request typed on the command line, not a spec file of the workspace.
    static func isTyped(_ entry: SpecEntry) -> Bool {
        entry.id == id && !FileManager.default.fileExists(atPath: entry.file.path)
    }

    /// What `error`, met resolving a typed request, says to the one who typed it: the file it would name
    /// is nobody's, so the message stands alone; an undefined variable says where a typed request's
    /// variables come from.
    static func typed(_ error: WorkspaceError) -> String {
        let message = error.message
        guard error.kind == .undefinedVariable, message.hasSuffix("no override sets it"),
            let colon = message.range(of: ": "),
            let name = message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first
        else { return message }
        var said = String(message[..<colon.lowerBound]) + ": "
        if let environment = message.range(of: #"environment '[^']*' does not define it"#, options: .regularExpression)
        {
            said += message[environment] + "; "
        }
        return said
            + "a typed request takes '\(name)' from its workspace's environment (--env NAME); name a"
            + " workspace with --workspace DIR or TERN_WORKSPACE=DIR, or run from its folder (outside one,"
            + " typed requests go through the scratch workspace that 'tern --scratch' opens)"
    }

    /// The id `name` gives a new spec (without `.yaml`) and its file; an error when it is not a spec name
    /// or a spec of that name exists (it is never replaced).
    static func newSpec(_ name: String, in workspace: Workspace) throws(ExplorerError) -> (id: String, file: URL) {
        let id = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name
        guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains("..") else {
            throw ExplorerError(.usage, "'\(id)' is not a spec name like 'group/name'")
        }
        let file = workspace.specsFolder.appendingPathComponent(id + ".yaml")
        guard !workspace.specIDs.contains(id), !workspace.brokenSpecs.contains(where: { $0.id == id }),
            !FileManager.default.fileExists(atPath: file.path)
        else {
            throw ExplorerError(
                .workspace, "a spec '\(id)' exists already (\(file.path)); choose another name, it is not replaced")
        }
        return (id, file)
    }

    /// Saves `spec`, typed on the command line, as the new spec `id` (`tern get URL … --save NAME`),
    /// with `secrets` (the values `{{secret:NAME}}` in it stand for) kept in the workspace's secret
    /// store. A spec that exists is never replaced. Returns what was written, for the user.
    static func save(
        _ spec: SpecDefinition, as id: String, secrets: [AdHocSecret], follower: inout WorkspaceFollower
    ) throws(ExplorerError) -> String {
        let workspace = follower.workspace
        let (id, file) = try newSpec(id, in: workspace)
        var spec = spec
        spec.name = id.split(separator: "/").last.map(String.init) ?? id
        let saved = SpecEntry(
            id: id, file: file, group: id.split(separator: "/").dropLast().map(String.init), spec: spec)
        do {
            try workspace.checkLoadsBack(spec, id: id)
            if !secrets.isEmpty {
                var store = try SecretStore.load(workspace: workspace.root)
                for secret in secrets { store.set(secret.name, to: .value(secret.value)) }
                try store.save(workspace: workspace.root)
            }
            try workspace.save(saved)
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
        follower.written(saved)
        var message = "saved \(id) to \(file.path)"
        if !secrets.isEmpty {
            let names = secrets.map(\.name).joined(separator: ", ")
            message += "; its secrets (\(names)) are in .tern/secrets.yaml, not in the spec"
        }
        return message
    }
}
