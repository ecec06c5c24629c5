package import Foundation
package import Tern
import TernWorkspace

/// The selected spec, as `show` resolves it.
package struct ShownRequest: Sendable {
    /// The request as it would be sent, secrets masked.
    package var request: Request
    /// Whether the spec has edits not saved to its file.
    package var edited: Bool
    /// The body files it reads from outside the workspace.
    package var outsideFiles: [URL]

    /// Makes one.
    package init(request: Request, edited: Bool, outsideFiles: [URL] = []) {
        self.request = request
        self.edited = edited
        self.outsideFiles = outsideFiles
    }
}

extension ExplorerSession {
    /// `use SPEC`: selects the spec `name` stands for; says which.
    package func use(_ name: String) throws(ExplorerError) -> String {
        let found = try entry(name)
        select(found.id)
        changed()
        return "using \(found.id)"
    }

    /// `show`: the selected spec, fully resolved, secrets masked.
    package func shownRequest() throws(ExplorerError) -> ShownRequest {
        let current = try entry(nil)
        let request = try resolve(current)
        return ShownRequest(
            request: maskedForDisplay(request), edited: edits[current.id] != nil,
            outsideFiles: workspace.outsideFiles(of: request))
    }
}
