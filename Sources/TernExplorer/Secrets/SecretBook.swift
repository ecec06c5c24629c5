import Foundation
import Synchronization
package import Tern
import TernWorkspace

/// The secrets a session knows: the workspace's store (read again whenever its file changes), the values
/// given for this session only, and the names `{{env:…}}`/`{{secret:…}}` references in the workspace. It is the
/// one maker of the explorer's redactors, so what leaves (exports, reports, events, the faces) is masked
/// by one rule.
package final class SecretBook: Sendable {
    private struct State {
        /// The resolver over the store, with the stamp of the file it was read from.
        var loaded: (resolver: SecretResolver, stamp: FileStamp?)?
        /// Secrets given for this session only: used, masked, never written.
        var sessionValues: [String: String] = [:]
        /// The names the workspace and its edits reference, worked out once per change (a run asks with
        /// every request).
        var names: [String]?
        /// The store's path for a workspace root, worked out once (a run asks with every request, and
        /// building a `URL` path costs more than the `stat` that follows).
        var storePath: (root: URL, path: String)?
    }

    private let state = Mutex(State())
    /// What `{{env:NAME}}` reads.
    private let processEnvironment: [String: String]

    /// A book over `processEnvironment`, with nothing read yet.
    init(processEnvironment: [String: String]) {
        self.processEnvironment = processEnvironment
    }

    /// What `{{secret:NAME}}` reads in the workspace at `root`: its `.tern/secrets.yaml` under the process
    /// environment, read again whenever the file changed (`tern secrets set` in another terminal while the
    /// TUI runs).
    func resolver(root: URL) -> SecretResolver {
        let path = state.withLock { state in
            if let known = state.storePath, known.root == root { return known.path }
            let path = SecretStore.file(inWorkspace: root).path
            state.storePath = (root, path)
            return path
        }
        let stamp = FileStamp(path: path)
        return state.withLock { state in
            if let loaded = state.loaded, loaded.stamp == stamp { return loaded.resolver }
            let resolver = SecretResolver(
                workspace: root, processEnvironment: processEnvironment, sessionValues: state.sessionValues)
            state.loaded = (resolver, stamp)
            return resolver
        }
    }

    /// The values `{{env:NAME}}` and `{{secret:NAME}}` references in `workspace` (seen through `edits`) read,
    /// by name: the secrets that `show` and `curl` must not print. Longer values first, so that a secret
    /// containing another is masked whole. A secret a command prints is known once a send has run it.
    /// `spec`, when given, adds the names it references: a typed request (`tern get URL X:{{secret:K}}`) is
    /// no spec of the workspace, yet its secrets are masked like theirs.
    func values(
        in workspace: Workspace, edits: SpecEdits, including spec: SpecDefinition? = nil
    ) -> [(name: String, value: String)] {
        let cached = state.withLock { $0.names }
        var names = cached ?? Self.referencedNames(in: workspace, edits: edits)
        if cached == nil { state.withLock { $0.names = names } }
        if let spec {
            let known = Set(names)
            for name in SecretMask.templatedStrings(of: spec).filter({ $0.contains("{{") })
                .flatMap(SecretMask.secretNames(in:)) where !known.contains(name) && !names.contains(name)
            {
                names.append(name)
            }
        }
        return resolver(root: workspace.root).knownValues(of: names).sorted { $0.value.count > $1.value.count }
    }

    /// Forgets the referenced names: the workspace or its edits changed.
    func forgetNames() {
        state.withLock { $0.names = nil }
    }

    /// Keeps `value` as the secret `name` in the store of the workspace at `root` (`nil` removes it); the
    /// next send reads it. Says what it did.
    func keep(_ name: String, _ value: String?, root: URL) throws(ExplorerError) -> String {
        guard SecretStore.isValidName(name) else {
            throw ExplorerError(.usage, "'\(name)' is not a secret name: use letters, digits, '_', '-' and '.'")
        }
        do {
            var store = try SecretStore.load(workspace: root)
            if let value { store.set(name, to: .value(value)) } else { store.unset(name) }
            try store.save(workspace: root)
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
        forgetNames()
        return value == nil ? "removed secret \(name)" : "kept secret \(name) in .tern/secrets.yaml (owner-only)"
    }

    /// Uses `value` as the secret `name` until the session ends (`nil` forgets it), written nowhere.
    func useThisSession(_ name: String, _ value: String?) -> String {
        state.withLock { state in
            state.sessionValues[name] = value
            state.loaded = nil
            state.names = nil
        }
        return value == nil ? "forgot secret \(name)" : "using secret \(name) for this session only (not written)"
    }

    /// A redactor that hides `values` (in every encoding `Redactor` finds) and the sensitive headers
    /// (`Authorization`, `Cookie`, `Set-Cookie`, and `headers`): the explorer's only way to make one.
    package static func redactor(hiding values: [String], headers: [String] = []) -> Redactor {
        Redactor(secretValues: values, extraHeaders: headers)
    }

    /// Every name `{{env:NAME}}` or `{{secret:NAME}}` references in targets, connections, environments and
    /// specs (edits included), each once.
    private static func referencedNames(in workspace: Workspace, edits: SpecEdits) -> [String] {
        var strings: [String] = []
        for target in workspace.targets.values {
            strings.append(target.baseURL)
            strings += target.headers.map(\.value)
            strings += target.auth?.values.map(\.value) ?? []
            strings += target.graphql?.connectionParams.map(Self.strings(in:)) ?? []
        }
        strings += connectionStrings(workspace.tls, workspace.proxy)
        for target in workspace.targets.values { strings += connectionStrings(target.tls, target.proxy) }
        for environment in workspace.environments.values {
            strings += environment.variables.map(\.value)
        }
        for entry in workspace.specs.map(edits.current) {
            strings += SecretMask.templatedStrings(of: entry.spec)
        }
        var seen = Set<String>()
        return strings.filter { $0.contains("{{") }.flatMap(SecretMask.secretNames(in:)).filter {
            seen.insert($0).inserted
        }
    }

    /// Every string in `value` (a target's `graphql.connectionParams`).
    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings(in:))
        case .object(let fields): fields.values.flatMap(strings(in:))
        default: []
        }
    }

    /// The templated strings of `tls:` and `proxy:` that may hold secrets: the key's passphrase, the proxy URL.
    static func connectionStrings(_ tls: TLSDefinition?, _ proxy: ProxyDefinition?) -> [String] {
        var strings = tls?.clientKeyPassphrase.map { [$0] } ?? []
        if case .url(let text)? = proxy { strings.append(text) }
        return strings
    }
}
