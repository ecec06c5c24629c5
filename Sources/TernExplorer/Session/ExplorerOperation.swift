import Foundation
import Tern
import TernExplorerStorage
import TernWorkspace

/// An operation of one concept (the cache browser, an export, a sign-in, …) run on the session as it was
/// when the operation began: it reads the workspace, the settings and the services through `context`, and
/// reports what it changed in its result. The names below are `context`'s, so each operation reads as the
/// work it does.
protocol ExplorerOperation {
    /// The session as it was when the operation began.
    var context: ExplorerContext { get }
}

extension ExplorerOperation {
    /// The workspace as loaded, plus saved specs.
    var workspace: Workspace { context.workspace }
    /// The handler every send goes through.
    var handler: Handler { context.handler }
    /// The cache of answers.
    var storage: (any StorageManager)? { context.services.storage }
    /// The history of sends.
    var history: (any WorkspaceCache)? { context.services.history }
    /// The selected spec and the unsaved edits.
    var edits: SpecEdits { context.edits }
    /// The environment in force.
    var activeEnvironment: String? { context.activeEnvironment }
    /// The cache and history browser over the session's stores.
    var cacheBrowser: CacheBrowser { CacheBrowser(storage: storage, history: history) }

    /// The spec `name` (or the selected one) with the session's edits.
    func entry(_ name: String?) throws(ExplorerError) -> SpecEntry { try context.entry(name) }

    /// The fully resolved request of `entry` (see `ExplorerContext.resolve`).
    func resolve(_ entry: SpecEntry) throws(ExplorerError) -> Request { try context.resolve(entry) }

    /// Masks what leaves the machine (see `ExplorerContext.exportRedactor`).
    func exportRedactor() -> Redactor { context.exportRedactor() }

    /// Runs a workspace operation, turning its error into an explorer error.
    func workspaceCall<T>(_ body: () throws(WorkspaceError) -> T) throws(ExplorerError) -> T {
        try context.workspaceCall(body)
    }

    /// Tells the faces that the session's state changed.
    func changed() { context.changed() }
}
