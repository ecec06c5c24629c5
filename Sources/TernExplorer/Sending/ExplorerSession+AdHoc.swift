import Foundation
package import Tern
package import TernWorkspace

extension ExplorerSession {
    /// The entry an ad-hoc request is sent as: the id `adhoc` in the workspace's `specs/` folder (never
    /// written there unless saved), so history, the cache and the badges treat it as any spec.
    private func adHocEntry(_ spec: SpecDefinition) -> SpecEntry {
        SpecEntry(
            id: "adhoc", file: workspace.specsFolder.appendingPathComponent("adhoc.yaml"), group: [], spec: spec)
    }

    /// Sends `spec`, typed on the command line, through this session (its environment's variables,
    /// cookies, mode and cache), recording history.
    package func sendAdHoc(_ spec: SpecDefinition, adjustments: SendAdjustments = SendAdjustments())
        async throws(ExplorerError) -> CheckedResponse
    {
        let response = try await sendEntry(adHocEntry(spec), adjustments: adjustments)
        return CheckedResponse(
            response: response, expectations: [], captured: [:], captureMisses: [], dependencies: [])
    }

    /// The request `spec` makes, resolved as it would be sent (`--offline`).
    package func resolvedAdHoc(_ spec: SpecDefinition) throws(ExplorerError) -> Request {
        try resolve(adHocEntry(spec))
    }
}
