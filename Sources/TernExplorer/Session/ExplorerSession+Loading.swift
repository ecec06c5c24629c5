import Foundation
package import TernWorkspace

extension ExplorerSession {
    /// Whether the spec files are still being read (`loadSpecs(listing:)`).
    package var isLoading: Bool { listing != nil }

    /// Opens the session on the workspace's settings alone (`Workspace.listing`): until every spec file is
    /// read, `summaries()` and `snapshot()` list the specs from `listing` (the spec index), so the TUI draws
    /// its first frame without waiting for hundreds of files to be parsed. The files are read, on the
    /// loader's threads, by the first `waitUntilLoaded()` (the TUI asks once its first frame is drawn, so
    /// the two do not share the cores) or `reload()`.
    package func loadSpecs(listing: [SpecListing]) {
        self.listing = listing
    }

    /// Reads every spec file when the session was opened on a listing and they are not read yet, and
    /// returns once they are (at once when they were read before the session opened).
    package func waitUntilLoaded() async {
        if loading == nil, listing != nil {
            let root = workspace.root
            let follows = stamp != nil
            loading = Task {
                let (result, stamp) = await Task.detached {
                    // The stamp before the read: a file changed while it runs is reported by the next look.
                    let stamp = follows ? WorkspaceStamp.take(root: root) : nil
                    let result = Result { () throws(WorkspaceError) in
                        try Workspace.load(from: root, keepingBrokenSpecs: true)
                    }
                    return (result, stamp)
                }.value
                self.adoptLoaded(result, stamp: stamp)
            }
        }
        await loading?.value
    }

    /// Takes the whole workspace in; when it could not be read, the listing stays and the reason is
    /// broadcast as a failed reload.
    private func adoptLoaded(_ result: Result<Workspace, WorkspaceError>, stamp: WorkspaceStamp?) {
        switch result {
        case .success(let whole):
            replaceWorkspace(whole)
            listing = nil
            if let stamp { self.stamp = stamp }
        case .failure(let error):
            listing = nil
            activity.broadcaster.yield(.reloaded(ReloadOutcome(failure: error.description)))
        }
        changed()
    }
}
