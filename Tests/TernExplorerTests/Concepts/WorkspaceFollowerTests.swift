import Foundation
import Synchronization
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// The following concept on its own: what `adopt` says differs (a pure function), how `take` changes the
/// session's edits and settings, and what a session that does not follow the files may do.
@Suite struct WorkspaceFollowerTests {
    private func workspace(_ folder: ScratchFolder, specs: [String: String]) throws -> Workspace {
        let chain = try ChainWorkspace.make(in: folder, specs: specs)
        return try Workspace.load(from: chain.root, keepingBrokenSpecs: true)
    }

    @Test func adoptSaysWhatWasAddedRemovedChangedAndWhereEditsConflict() throws {
        try withFolder { folder in
            let old = try workspace(
                folder, specs: ["a.yaml": "target: api\nmethod: GET\npath: /a\n", "b.yaml": "method: GET\npath: /b\n"])
            let root = old.root
            try FileManager.default.removeItem(at: root.appendingPathComponent("specs/b.yaml"))
            try ChainWorkspace.write(root, "specs/c.yaml", "method: GET\npath: /c\n")
            try ChainWorkspace.write(root, "specs/a.yaml", "method: POST\npath: /a\n")
            let fresh = try Workspace.load(from: root, keepingBrokenSpecs: true)
            let outcome = WorkspaceFollower.adopt(
                fresh, over: old, changedFiles: ["specs/a.yaml", "specs/b.yaml", "specs/c.yaml"], unsaved: ["a"],
                environment: "local")
            #expect(outcome.added == ["c"])
            #expect(outcome.removed == ["b"])
            #expect(outcome.changed == ["a"])
            #expect(outcome.conflicts == ["a"], "a has unsaved edits and its file changed")
            #expect(outcome.lostEnvironment == nil)
            #expect(!outcome.environmentsChanged && !outcome.manifestChanged)
        }
    }

    @Test func adoptNamesAnEnvironmentWhoseFileIsGoneAndABrokenFile() throws {
        try withFolder { folder in
            let old = try workspace(folder, specs: ["a.yaml": "method: GET\npath: /a\n"])
            let root = old.root
            try FileManager.default.removeItem(at: root.appendingPathComponent("environments/local.yaml"))
            try ChainWorkspace.write(root, "workspace.yaml", "name: chain\ntargets:\n  api:\n    baseURL: http://x\n")
            try ChainWorkspace.write(root, "specs/a.yaml", "method: [\n")
            let fresh = try Workspace.load(from: root, keepingBrokenSpecs: true)
            let outcome = WorkspaceFollower.adopt(
                fresh, over: old, changedFiles: ["environments/local.yaml", "workspace.yaml", "specs/a.yaml"],
                unsaved: [], environment: "local")
            #expect(outcome.lostEnvironment == "local")
            #expect(outcome.environmentsChanged && outcome.manifestChanged)
            #expect(outcome.broken["a"]?.contains("a.yaml") == true)
        }
    }

    @Test func takeForgetsALostEnvironmentAndASelectionWhoseSpecIsGone() throws {
        try withFolder { folder in
            let old = try workspace(folder, specs: ["a.yaml": "method: GET\npath: /a\n"])
            var follower = WorkspaceFollower(old, follows: true)
            var edits = SpecEdits()
            edits.select("a")
            var settings = SessionSettings(environment: "local", mode: .normal, variables: [:])
            try FileManager.default.removeItem(at: old.root.appendingPathComponent("specs/a.yaml"))
            try FileManager.default.removeItem(at: old.root.appendingPathComponent("environments/local.yaml"))
            let look = try #require(try follower.look(forced: false))
            let loaded = Result { () throws(WorkspaceError) in
                try Workspace.load(from: old.root, keepingBrokenSpecs: true)
            }
            let outcome = follower.take(loaded, at: look.now, files: look.files, edits: &edits, settings: &settings)
            #expect(outcome.removed == ["a"])
            #expect(edits.selectedID == nil)
            #expect(settings.environment == nil)
            #expect(try follower.look(forced: false) == nil, "nothing changed since the look it took in")
        }
    }

    @Test func aSessionThatDoesNotFollowTheFilesCannotBeMadeToReload() throws {
        try withFolder { folder in
            let follower = WorkspaceFollower(try workspace(folder, specs: [:]), follows: false)
            #expect(try follower.look(forced: false) == nil)
            #expect(throws: ExplorerError.self) { try follower.look(forced: true) }
        }
    }

    @Test func summariesComeFromTheListingUntilTheFilesAreRead() throws {
        try withFolder { folder in
            let whole = try workspace(folder, specs: ["a.yaml": "method: GET\npath: /a\n"])
            let listed = try Workspace.listing(from: whole.root)
            var follower = WorkspaceFollower(listed.workspace, follows: false, listing: listed.specs)
            #expect(follower.isLoading)
            #expect(follower.summaries(SpecEdits()).map(\.id) == ["a"], "the listing answers before the files are read")
            #expect(follower.workspace.specs.isEmpty)
            #expect(follower.finishLoading(.success(whole), stamp: nil) == nil)
            #expect(!follower.isLoading)
            #expect(follower.workspace.specs.map(\.id) == ["a"])
        }
    }

    @Test func onceReadIsToldTheWholeWorkspaceOnceOrTheListedOneWhenTheReadFailed() throws {
        try withFolder { folder in
            let whole = try workspace(folder, specs: ["a.yaml": "method: GET\npath: /a\nsample:\n  status: 200\n"])
            let listed = try Workspace.listing(from: whole.root)
            let told = Mutex<[[String]]>([])
            let record: @Sendable (Workspace) -> Void = { read in told.withLock { $0.append(read.specs.map(\.id)) } }
            var follower = WorkspaceFollower(
                listed.workspace, follows: false, listing: listed.specs, onceRead: record)
            #expect(told.withLock { $0 }.isEmpty, "nothing is told before the files are read")
            _ = follower.finishLoading(.success(whole), stamp: nil)
            #expect(told.withLock { $0 } == [["a"]])

            var failing = WorkspaceFollower(listed.workspace, follows: false, listing: listed.specs, onceRead: record)
            let failure = failing.finishLoading(
                .failure(WorkspaceError(.io, "the specs folder cannot be read", file: whole.root)), stamp: nil)
            #expect(failure != nil)
            #expect(told.withLock { $0 } == [["a"], []], "a failed read tells the listed workspace, without specs")
        }
    }
}
