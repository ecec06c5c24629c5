import Foundation
import TernWorkspace

extension ExplorerSession {
    /// Reads the workspace's files again when they changed on disk (or always, when `force`): spec,
    /// environment and `workspace.yaml` edits, new and removed spec files. Unsaved edits are kept; a spec whose
    /// file changed underneath them becomes a conflict (`save` then refuses to overwrite it unless forced). A
    /// broken spec file is listed as broken and the rest load; a broken `workspace.yaml` or environment leaves
    /// the workspace as it was. Returns `nil` when nothing changed (and it was not forced); broadcasts
    /// `.reloaded` otherwise.
    @discardableResult
    package func reload(force: Bool = false) async throws(ExplorerError) -> ReloadOutcome? {
        // Files still being read for the first time are compared once they are in.
        await waitUntilLoaded()
        guard let before = stamp else {
            guard force else { return nil }
            throw ExplorerError(.unsupported, "this session does not follow the workspace's files; it cannot reload")
        }
        let root = workspace.root
        let now = WorkspaceStamp.take(root: root)
        let files = now.changes(since: before)
        guard force || !files.isEmpty else { return nil }
        // Loading a big workspace parses every file: off the actor's executor, on the loader's own threads.
        let loaded = await Task.detached {
            Result { () throws(WorkspaceError) in try Workspace.load(from: root, keepingBrokenSpecs: true) }
        }.value
        // Noted even when the load failed, so a broken file is reported once, not on every look.
        stamp = now
        var outcome: ReloadOutcome
        switch loaded {
        case .success(let fresh):
            outcome = adopt(fresh, changedFiles: Set(files))
        case .failure(let error):
            outcome = ReloadOutcome(failure: error.description)
        }
        activity.broadcaster.yield(.reloaded(outcome))
        changed()
        return outcome
    }

    /// Replaces the workspace with `fresh`, keeping edits, and says what differs.
    private func adopt(_ fresh: Workspace, changedFiles: Set<String>) -> ReloadOutcome {
        let old = workspace
        let oldIDs = Set(old.specIDs + old.brokenSpecs.map(\.id))
        let newIDs = Set(fresh.specIDs + fresh.brokenSpecs.map(\.id))
        var outcome = ReloadOutcome()
        outcome.added = newIDs.subtracting(oldIDs).sorted()
        outcome.removed = oldIDs.subtracting(newIDs).sorted()
        outcome.changed = newIDs.intersection(oldIDs).filter { changedFiles.contains("specs/\($0).yaml") }.sorted()
        // Newly broken files only: one broken before and untouched since was reported then.
        let touched = Set(outcome.added + outcome.changed)
        for broken in fresh.brokenSpecs where touched.contains(broken.id) {
            outcome.broken[broken.id] = broken.description
        }
        let newConflicts = edits.unsavedIDs.filter { changedFiles.contains("specs/\($0).yaml") }.sorted()
        conflicts.formUnion(newConflicts)
        outcome.conflicts = newConflicts
        outcome.environmentsChanged = changedFiles.contains { $0.hasPrefix("environments/") }
        outcome.manifestChanged = changedFiles.contains("workspace.yaml")
        outcome.handlerChanged = old.handler != fresh.handler
        if let environment, fresh.environments[environment] == nil {
            outcome.lostEnvironment = environment
            setEnvironment(nil)
        }
        if let selectedID, !newIDs.contains(selectedID), edits[selectedID] == nil { clearSelection() }
        replaceWorkspace(fresh)
        return outcome
    }

    /// `revert [SPEC]`: drops the unsaved edits of the spec (the selected one by default), so it is the file's
    /// version again (read again first when it changed on disk).
    func revert(_ name: String?) async throws(ExplorerError) -> String {
        let current = try entry(name)
        guard edits[current.id] != nil else { return "\(current.id) has no unsaved edits" }
        edits[current.id] = nil
        conflicts.remove(current.id)
        try await reload()
        changed()
        guard workspace.specIDs.contains(current.id) else {
            if selectedID == current.id { clearSelection() }
            return "dropped the edits of \(current.id); its file is gone"
        }
        return "reverted \(current.id) to \(current.file.path)"
    }

    /// Whether `entry`'s file is not as the workspace last read it (changed, created or removed since).
    func changedOnDisk(_ entry: SpecEntry) -> Bool {
        guard let stamp else { return false }
        return stamp.updating(entry.file, root: workspace.root) != stamp
    }

    /// Notes that the explorer wrote `file` itself, so the next look does not report it as changed.
    func noteWritten(_ file: URL) {
        stamp = stamp?.updating(file, root: workspace.root)
    }
}
