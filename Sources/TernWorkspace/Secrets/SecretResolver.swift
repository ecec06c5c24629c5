public import Foundation
import Synchronization

/// Gives `{{secret:NAME}}` its value: the process environment variable NAME when it is set, else the
/// workspace's secret store (`SecretStore`), whose commands run the first time a value is needed and
/// are remembered for the life of this resolver (in memory only, never written down).
///
/// A store read from a workspace runs a command only when the user approved that command for that
/// workspace (`SecretApprovals`): a store that came with a clone runs nothing on its own.
public final class SecretResolver: Sendable {
    /// The store the values come from, or why it could not be read.
    public let loaded: Result<SecretStore, WorkspaceError>
    /// Where the store is (for messages).
    public let file: URL
    private let processEnvironment: [String: String]
    /// Values given for this session only (the TUI's "this session only"), over the store.
    private let sessionValues: [String: String]
    private let ran = Mutex<[String: String]>([:])
    /// The workspace whose store this is, when it was read from one: its commands need approval.
    private let root: URL?

    /// A resolver over `store`, kept at `file`, and `processEnvironment` (which wins when it sets a name).
    /// The store is the caller's own, so its commands run without approval.
    public init(store: SecretStore, file: URL, processEnvironment: [String: String]) {
        loaded = .success(store)
        self.file = file
        self.processEnvironment = processEnvironment
        sessionValues = [:]
        root = nil
    }

    /// A resolver over the store of the workspace at `root`. A store that cannot be read is
    /// reported by the first `{{secret:…}}` the environment does not answer, not before.
    /// `sessionValues` answer before the store (never written down); the environment still wins.
    public init(workspace root: URL, processEnvironment: [String: String], sessionValues: [String: String] = [:]) {
        file = SecretStore.file(inWorkspace: root)
        loaded = Result { () throws(WorkspaceError) in try SecretStore.load(workspace: root) }
        self.processEnvironment = processEnvironment
        self.sessionValues = sessionValues
        self.root = root
    }

    /// The store; empty when it could not be read.
    public var store: SecretStore { (try? loaded.get()) ?? SecretStore() }

    /// The value of secret `name`; a missing secret or a failing command is an error that says what
    /// to do.
    public func value(of name: String) throws(WorkspaceError) -> String {
        if let value = processEnvironment[name], !value.isEmpty { return value }
        if let value = sessionValues[name] { return value }
        let store = try loaded.get()
        switch store.source(of: name) {
        case .value(let value)?:
            return value
        case .command(let command, let timeout)?:
            // One command at a time: a second send waiting for the same secret gets the first's value.
            return try ran.withLock { (ran: inout [String: String]) throws(WorkspaceError) -> String in
                if let value = ran[name] { return value }
                try requireApproval(of: command, name: name)
                switch SecretCommand.run(command, timeout: timeout, environment: processEnvironment) {
                case .success(let value):
                    ran[name] = value
                    return value
                case .failure(let failure):
                    throw WorkspaceError(
                        .undefinedVariable,
                        "secret '\(name)' has no value: its command '\(command)' \(failure)", file: file)
                }
            }
        case nil:
            let known = store.entries.map(\.name)
            let suggestions = Suggestions.closeMatches(to: name, in: known)
            var message = "undefined secret '\(name)'"
            if let suggestion = suggestions.first { message += " (did you mean '\(suggestion)'?)" }
            message +=
                ": set it with 'tern secrets set \(name)' (kept in .tern/secrets.yaml, never committed) "
                + "or export \(name)"
            throw WorkspaceError(.undefinedVariable, message, suggestions: suggestions)
        }
    }

    /// Throws unless `command` may run: the store is the caller's own, or the user approved the command
    /// for this workspace. The error shows the command and says how to approve it.
    private func requireApproval(of command: String, name: String) throws(WorkspaceError) {
        guard let root else { return }
        let approvals = try SecretApprovals.load(environment: processEnvironment)
        guard !approvals.allows(command, inWorkspace: root) else { return }
        let changed = approvals.approvals(inWorkspace: root).contains { $0.name == name }
        throw WorkspaceError(
            .undefinedVariable,
            "secret '\(name)' is printed by the command '\(command)', which "
                + (changed ? "changed since you allowed it" : "you have not allowed to run in this workspace")
                + " (a secret store can come with a clone): nothing was run. If you trust it, run "
                + "'tern secrets allow \(name)'; 'tern secrets allowed' lists what may run",
            file: file)
    }

    /// The values known without running anything: the environment's, the store's written values and
    /// what commands already printed, by name. What masks and redaction hide.
    public func knownValues(of names: [String]) -> [(name: String, value: String)] {
        let printed = ran.withLock { $0 }
        let store = self.store
        return names.compactMap { name in
            if let value = processEnvironment[name], !value.isEmpty { return (name, value) }
            if let value = sessionValues[name], !value.isEmpty { return (name, value) }
            if case .value(let value)? = store.source(of: name), !value.isEmpty { return (name, value) }
            return printed[name].map { (name, $0) }
        }
    }
}
