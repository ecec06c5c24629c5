package import Foundation
import HTTPTypes
import Tern

/// What `verify` found for one spec: whether the live answer still matches the stored one.
package struct DriftReport: Sendable {
    /// How the comparison ended.
    package enum Outcome: Sendable, Hashable {
        /// Status, content type and body (outside the ignored paths) are the same.
        case unchanged
        /// Something differs: see the changes.
        case drifted
        /// Nothing is stored for this request: there is nothing to compare with.
        case nothingStored
        /// The live send failed.
        case failed(String)
    }

    /// The spec id.
    package var spec: String
    /// How it ended.
    package var outcome: Outcome
    /// The stored and the live status, when they differ.
    package var statusChange: (stored: Int, live: Int)?
    /// Headers that differ, as `Name: stored → live`.
    package var headerChanges: [String] = []
    /// The JSON body's changes (added, removed, changed fields, type changes).
    package var bodyChanges: [JSONDiff.Change] = []
    /// A sentence when the bodies differ but are not both JSON.
    package var bodyNote: String?
    /// The paths ignored.
    package var ignored: [String] = []
    /// When the stored answer was stored.
    package var storedAt: Date?

    package init(spec: String, outcome: Outcome) {
        self.spec = spec
        self.outcome = outcome
    }

    /// The report as lines: a heading (`✓`/`✗`/`?`) then one line per change, prefixed `~`, `+`, `-`, `!`,
    /// the same in the CLI, the REPL and the TUI.
    package var lines: [String] {
        var lines: [String]
        switch outcome {
        case .unchanged: lines = ["✓ \(spec): the live answer matches the stored one"]
        case .drifted: lines = ["✗ \(spec): drifted (stored vs live)"]
        case .nothingStored: lines = ["? \(spec): nothing stored for this request; send it once, then verify"]
        case .failed(let reason): lines = ["! \(spec): the live send failed: \(reason)"]
        }
        if let change = statusChange { lines.append("  ~ status: \(change.stored) → \(change.live)") }
        for change in headerChanges { lines.append("  ~ header \(change)") }
        lines += bodyChanges.map(\.line)
        if let bodyNote { lines.append("  ~ \(bodyNote)") }
        if !ignored.isEmpty, outcome == .unchanged || outcome == .drifted {
            lines.append("  (ignoring \(ignored.joined(separator: ", ")))")
        }
        return lines
    }

    /// Compares a stored answer with a live one.
    static func compare(spec: String, stored: StoredResponse, live: Response, ignoring: [String]) -> DriftReport {
        var report = DriftReport(spec: spec, outcome: .unchanged)
        report.storedAt = stored.storedAt
        report.ignored = ignoring
        if stored.status != live.statusCode { report.statusChange = (stored.status, live.statusCode) }
        let storedType = mediaType(stored.headers[.contentType])
        let liveType = mediaType(live.headers[.contentType])
        if storedType != liveType {
            report.headerChanges.append("Content-Type: \(storedType ?? "none") → \(liveType ?? "none")")
        }
        let storedBody = (try? stored.bodyData()) ?? Data()
        let liveBody = (try? live.bodyData()) ?? Data()
        let decoder = JSONDecoder()
        if let old = try? decoder.decode(JSONValue.self, from: storedBody),
            let new = try? decoder.decode(JSONValue.self, from: liveBody)
        {
            report.bodyChanges = JSONDiff.changes(from: old, to: new, ignoring: ignoring.compactMap(PathPattern.init))
        } else if storedBody != liveBody {
            report.bodyNote =
                "the body differs (\(HumanUnits.bytes(Int64(storedBody.count))) stored, "
                + "\(HumanUnits.bytes(Int64(liveBody.count))) live)"
        }
        let drifted =
            report.statusChange != nil || !report.headerChanges.isEmpty || !report.bodyChanges.isEmpty
            || report.bodyNote != nil
        report.outcome = drifted ? .drifted : .unchanged
        return report
    }

    private static func mediaType(_ value: String?) -> String? {
        value?.split(separator: ";").first.map { $0.trimmingWhitespace().lowercased() }
    }
}
