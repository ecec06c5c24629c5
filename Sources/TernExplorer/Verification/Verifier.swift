import Foundation
import Tern
import TernWorkspace

/// Live answers compared with the stored ones (`verify`).
struct Verifier: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `Verifier` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `verify [SPEC|GROUP]...`: sends each spec live (through the handler: retries, events) without
    /// storing the answer, compares it with the stored one, and records the outcome on the entry.
    /// No names means the selected spec, or every spec when `allWhenEmpty`.
    func verify(_ names: [String], allWhenEmpty: Bool = false) async throws(ExplorerError) -> [DriftReport] {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to verify") }
        var reports: [DriftReport] = []
        for entry in try SpecSelection(context).targets(names, allWhenEmpty: allWhenEmpty) {
            reports.append(await verify(entry, storage: storage))
        }
        changed()
        return reports
    }

    private func verify(_ entry: SpecEntry, storage: any StorageManager) async -> DriftReport {
        let request: Request
        do {
            request = try context.withCookies(resolve(entry), spec: entry.spec)
        } catch {
            return DriftReport(spec: entry.id, outcome: .failed(error.message))
        }
        let key = handler.storageKey(for: request)
        guard let stored = try? await storage.entry(forKey: key) else {
            return DriftReport(spec: entry.id, outcome: .nothingStored)
        }
        let activity = context.services.activity
        let live: Response
        do {
            live = try await handler.send(
                request, mode: .live, validUntil: nil, stores: false, onEvent: { activity.record($0) }
            )
        } catch {
            try? context.services.cookieJars.saveIfChanged()
            return DriftReport(spec: entry.id, outcome: .failed(error.message))
        }
        try? context.services.cookieJars.saveIfChanged()
        let report = DriftReport.compare(
            spec: entry.id, stored: stored, live: live, ignoring: workspace.verifyIgnore + entry.spec.verifyIgnore
        )
        var verified = stored
        verified.verification = StoredResponse.Verification(date: Date(), drifted: report.outcome == .drifted)
        try? await storage.update(verified)
        return report
    }
}
