package import Foundation
package import Tern

/// A stored answer's one-line summary, as `cache show` prints it in the CLI and the REPL:
/// `200 · live · 56 B · stored 3m ago · valid 7m · revalidated 1m ago · verified 2m ago (unchanged)`.
package struct StoredEntrySummary: Sendable, Hashable {
    /// The status code.
    package var status: Int
    /// The parts after the status, in order.
    package var details: [String]

    /// The summary of `entry` at `now`.
    package init(_ entry: StoredResponse, now: Date = Date()) {
        status = entry.status
        var details = [
            entry.source.rawValue, HumanUnits.bytes(entry.byteCount),
            "stored \(HumanUnits.short(max(0, now.timeIntervalSince(entry.storedAt)))) ago",
            entry.isValid(at: now) ? "valid \(HumanUnits.short(entry.validUntil.timeIntervalSince(now)))" : "expired",
        ]
        if let revalidated = entry.revalidatedAt {
            details.append("revalidated \(HumanUnits.short(max(0, now.timeIntervalSince(revalidated)))) ago")
        }
        if let verification = entry.verification {
            let age = HumanUnits.short(max(0, now.timeIntervalSince(verification.date)))
            details.append("verified \(age) ago (\(verification.drifted ? "drifted" : "unchanged"))")
        }
        self.details = details
    }

    /// The whole line, plain.
    package var line: String { ([String(status)] + details).joined(separator: " · ") }
}
