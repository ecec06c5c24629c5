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

extension ShownRequest {
    /// `show`: the selected spec in `context`, fully resolved, every secret replaced by `SecretMask.text`.
    static func selected(in context: ExplorerContext) throws(ExplorerError) -> ShownRequest {
        let current = try context.entry(nil)
        let request = try context.resolve(current)
        return ShownRequest(
            request: SecretMask.mask(request, secrets: context.secretValues()),
            edited: context.edits[current.id] != nil,
            outsideFiles: context.workspace.outsideFiles(of: request))
    }
}
