import Foundation
import Tern
import TernWorkspace

extension ExplorerSession {
    /// `verify [SPEC|GROUP]...`: sends each spec live (through the handler: retries, events) without
    /// storing the answer, compares it with the stored one, and records the outcome on the entry.
    /// No names means the selected spec, or every spec when `allWhenEmpty`.
    package func verify(_ names: [String], allWhenEmpty: Bool = false) async throws(ExplorerError) -> [DriftReport] {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to verify") }
        var reports: [DriftReport] = []
        for entry in try verificationTargets(names, allWhenEmpty: allWhenEmpty) {
            reports.append(await verify(entry, storage: storage))
        }
        changed()
        return reports
    }

    private func verify(_ entry: SpecEntry, storage: any StorageManager) async -> DriftReport {
        let request: Request
        do {
            request = try withCookies(resolve(entry), spec: entry.spec)
        } catch {
            return DriftReport(spec: entry.id, outcome: .failed(error.message))
        }
        let key = handler.storageKey(for: request)
        guard let stored = try? await storage.entry(forKey: key) else {
            return DriftReport(spec: entry.id, outcome: .nothingStored)
        }
        let activity = self.activity
        let live: Response
        do {
            live = try await handler.send(
                request, mode: .live, validUntil: nil, stores: false, onEvent: { activity.record($0) }
            )
        } catch {
            try? cookieJars.saveIfChanged()
            return DriftReport(spec: entry.id, outcome: .failed(error.message))
        }
        try? cookieJars.saveIfChanged()
        let report = DriftReport.compare(
            spec: entry.id, stored: stored, live: live, ignoring: workspace.verifyIgnore + entry.spec.verifyIgnore
        )
        var verified = stored
        verified.verification = StoredResponse.Verification(date: Date(), drifted: report.outcome == .drifted)
        try? await storage.update(verified)
        return report
    }

    /// The specs `names` (ids, unique file names or group folders) stand for, in id order. A spec file
    /// that could not be loaded among them (all of them when `names` is empty) is an error: a run or a
    /// verification never passes by leaving a broken file out.
    func verificationTargets(_ names: [String], allWhenEmpty: Bool) throws(ExplorerError) -> [SpecEntry] {
        let broken = workspace.brokenSpecs.filter { spec in
            names.isEmpty
                ? allWhenEmpty
                : names.contains { $0 == spec.id || spec.id.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        if let first = broken.first {
            let more = broken.count > 1 ? " (and \(broken.count - 1) more broken spec files)" : ""
            throw ExplorerError(.workspace, first.error.description + more)
        }
        if names.isEmpty {
            if allWhenEmpty { return workspace.specs.map { edits[$0.id] ?? $0 } }
            return [try entry(nil)]
        }
        var chosen: [SpecEntry] = []
        for name in names {
            let group = name.hasSuffix("/") ? name : name + "/"
            let members = workspace.specs.filter { $0.id.hasPrefix(group) }
            if !members.isEmpty, (try? workspace.spec(named: name)) == nil {
                chosen += members.map { edits[$0.id] ?? $0 }
            } else {
                chosen.append(try entry(name))
            }
        }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0.id).inserted }
    }
}
