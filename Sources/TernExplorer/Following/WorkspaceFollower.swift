import Foundation
import TernWorkspace

/// The workspace as the session last read it, and how it follows the files on disk: the stamp of every file
/// when they were read, the spec index's listing while the spec files are still being read, and the specs
/// whose file changed under unsaved edits. The following concept's state; `adopt` is pure.
struct WorkspaceFollower: Sendable {
    /// The workspace as loaded, plus saved specs.
    private(set) var workspace: Workspace
    /// The workspace's files as they were when it was last read (`nil` when the session does not follow them,
    /// or read only some spec files); `reload` compares it with the disk.
    private(set) var stamp: WorkspaceStamp?
    /// The specs as the spec index lists them while every file is still being read.
    var listing: [SpecListing]?
    /// The reading of every spec file under way, until it is adopted.
    var loading: Task<Void, Never>?
    /// Specs with unsaved edits whose file changed on disk since it was read: `save` refuses to overwrite it
    /// unless forced, `revert` takes the file's version.
    var conflicts: Set<String> = []
    /// Told the workspace once the spec files read behind the first frame are in (or, when they could not
    /// be read, the workspace as listed): the embedded mock takes its routes from the specs' samples.
    private let onceRead: (@Sendable (Workspace) -> Void)?

    /// Follows `workspace` (its files' stamps taken now when `follows`), or only holds it.
    init(
        _ workspace: Workspace, follows: Bool, listing: [SpecListing]? = nil,
        onceRead: (@Sendable (Workspace) -> Void)? = nil
    ) {
        self.workspace = workspace
        stamp = follows && !workspace.isPartial ? WorkspaceStamp.take(root: workspace.root) : nil
        self.listing = listing
        self.onceRead = onceRead
    }

    /// Whether the spec files are still being read.
    var isLoading: Bool { listing != nil }

    /// Whether it follows the files on disk.
    var follows: Bool { stamp != nil }

    /// Replaces the workspace (a spec saved or imported) without looking at the disk.
    mutating func replace(_ newWorkspace: Workspace) { workspace = newWorkspace }

    /// Takes in `fresh`, read again whole after the explorer wrote files itself (an import): nothing is
    /// reported as changed afterwards.
    mutating func reread(_ fresh: Workspace) {
        if stamp != nil { stamp = WorkspaceStamp.take(root: fresh.root) }
        workspace = fresh
    }

    /// `workspace` with `entry` written into it (replacing the spec of the same id, or added in id order).
    mutating func written(_ entry: SpecEntry) {
        if let index = workspace.specs.firstIndex(where: { $0.id == entry.id }) {
            workspace.specs[index] = entry
        } else {
            workspace.specs.append(entry)
            workspace.specs.sort { $0.id < $1.id }
        }
        noteWritten(entry.file)
    }

    /// Notes that the explorer wrote `file` itself, so the next look does not report it as changed.
    mutating func noteWritten(_ file: URL) {
        stamp = stamp?.updating(file, root: workspace.root)
    }

    /// Whether `entry`'s file is not as the workspace last read it (changed, created or removed since).
    func changedOnDisk(_ entry: SpecEntry) -> Bool {
        guard let stamp else { return false }
        return stamp.updating(entry.file, root: workspace.root) != stamp
    }

    /// The files changed on disk since the last look, with the stamp taken now; `nil` when nothing changed
    /// and the look is not `forced`. A session that does not follow the files cannot look.
    func look(forced: Bool) throws(ExplorerError) -> (now: WorkspaceStamp, files: [String])? {
        guard let stamp else {
            guard forced else { return nil }
            throw ExplorerError(.unsupported, "this session does not follow the workspace's files; it cannot reload")
        }
        let now = WorkspaceStamp.take(root: workspace.root)
        let files = now.changes(since: stamp)
        return forced || !files.isEmpty ? (now, files) : nil
    }

    /// Takes in what a look read (`loaded`, at `now`, the `files` changed): the workspace, its conflicts, and
    /// what the session must forget (an environment whose file is gone, a selected spec that is no more).
    mutating func take(
        _ loaded: Result<Workspace, WorkspaceError>, at now: WorkspaceStamp, files: [String],
        edits: inout SpecEdits, settings: inout SessionSettings
    ) -> ReloadOutcome {
        // Noted even when the load failed, so a broken file is reported once, not on every look.
        stamp = now
        switch loaded {
        case .failure(let error):
            return ReloadOutcome(failure: error.description)
        case .success(let fresh):
            let outcome = Self.adopt(
                fresh, over: workspace, changedFiles: Set(files), unsaved: edits.unsavedIDs,
                environment: settings.environment)
            conflicts.formUnion(outcome.conflicts)
            if outcome.lostEnvironment != nil { settings.environment = nil }
            let ids = Set(fresh.specIDs + fresh.brokenSpecs.map(\.id))
            if let selected = edits.selectedID, !ids.contains(selected), edits[selected] == nil {
                edits.clearSelection()
            }
            workspace = fresh
            return outcome
        }
    }

    /// Takes in the whole workspace read behind the first frame (the stamp taken before the read, so a file
    /// changed meanwhile is reported by the next look); `nil`, or why it could not be read.
    mutating func finishLoading(_ result: Result<Workspace, WorkspaceError>, stamp newStamp: WorkspaceStamp?)
        -> String?
    {
        listing = nil
        defer { onceRead?(workspace) }
        switch result {
        case .success(let whole):
            workspace = whole
            if let newStamp { stamp = newStamp }
            return nil
        case .failure(let error):
            return error.description
        }
    }

    /// What differs between `old` and `fresh` given the files that changed, the specs with unsaved edits and
    /// the environment in use: a pure function of its arguments.
    static func adopt(
        _ fresh: Workspace, over old: Workspace, changedFiles: Set<String>, unsaved: [String], environment: String?
    ) -> ReloadOutcome {
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
        outcome.conflicts = unsaved.filter { changedFiles.contains("specs/\($0).yaml") }.sorted()
        outcome.environmentsChanged = changedFiles.contains { $0.hasPrefix("environments/") }
        outcome.manifestChanged = changedFiles.contains("workspace.yaml")
        outcome.handlerChanged = old.handler != fresh.handler
        if let environment, fresh.environments[environment] == nil { outcome.lostEnvironment = environment }
        return outcome
    }

    /// Every spec as `ls` shows it (through `edits`), with the spec files that could not be loaded in their
    /// place (sorted by id), each carrying its error; from the listing while the files are being read.
    func summaries(_ edits: SpecEdits) -> [SpecSummary] {
        var result: [SpecSummary]
        if let listing {
            result = listing.map {
                SpecSummary(id: $0.id, name: $0.name, method: $0.method, path: $0.path, target: $0.target)
            }
        } else {
            result = workspace.specs.map { entry in
                let spec = edits.current(entry).spec
                return SpecSummary(
                    id: entry.id, name: spec.name, method: spec.listed.method, path: spec.listed.path,
                    target: spec.target)
            }
            guard !workspace.brokenSpecs.isEmpty else { return result }
        }
        for broken in workspace.brokenSpecs {
            var summary = SpecSummary(id: broken.id, name: broken.fileName, method: "!", path: "", target: nil)
            summary.error = broken.error.description
            result.append(summary)
        }
        return result.sorted { $0.id < $1.id }
    }
}
