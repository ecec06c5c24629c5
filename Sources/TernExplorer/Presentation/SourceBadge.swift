package import Foundation
package import Tern

/// Where a response came from, in the words the CLI, the REPL and the TUI all show: `LIVE`, `SAMPLE`,
/// or `CACHE` with its state (`revalidated`, `stale, offline`, `drifted`, `expired`), its age and validity.
package struct SourceBadge: Sendable, Hashable {
    /// `LIVE`, `CACHE` or `SAMPLE`.
    package var label: String
    /// The source.
    package var source: ResponseSource
    /// The stored answer's state words, e.g. `revalidated` or `stale, offline`; `nil` for a plain answer.
    package var state: String?
    /// `stored 3m ago` for a replayed answer.
    package var age: String?
    /// `valid 5m` or `expired` for a replayed answer.
    package var validity: String?
    /// Whether the answer came from storage because the network failed: it must be unmistakable.
    package var isStaleOffline: Bool

    /// The badge of `response` at `now`.
    package init(_ response: Response, now: Date = Date()) {
        source = response.source
        label = response.source.rawValue.uppercased()
        let cache = response.source == .live ? nil : response.cache
        state = cache?.badge
        if case .staleOffline = cache?.state { isStaleOffline = true } else { isStaleOffline = false }
        age = cache.map { "stored \(HumanUnits.short(max(0, now.timeIntervalSince($0.storedAt)))) ago" }
        validity = cache.map { info in
            info.isExpired || info.validUntil <= now
                ? "expired" : "valid \(HumanUnits.short(info.validUntil.timeIntervalSince(now)))"
        }
    }

    /// The badge from its parts, for an answer known only by what was stored (a cache entry opened
    /// from a list): `state` holds the state words, `storedAt` and `validUntil` the stored answer's dates.
    package init(source: ResponseSource, state: String?, storedAt: Date?, validUntil: Date?, now: Date = Date()) {
        self.source = source
        label = source.rawValue.uppercased()
        self.state = source == .live ? nil : state
        isStaleOffline = self.state?.contains("stale, offline") == true
        let replayed = source != .live
        age = replayed ? storedAt.map { "stored \(HumanUnits.short(max(0, now.timeIntervalSince($0)))) ago" } : nil
        validity =
            replayed
            ? validUntil.map { $0 <= now ? "expired" : "valid \(HumanUnits.short($0.timeIntervalSince(now)))" } : nil
    }

    /// Whether the faces must draw attention to the answer: stale because the network failed, or drifted.
    package var needsAttention: Bool {
        isStaleOffline || state?.contains("drifted") == true
    }

    /// `CACHE · revalidated`, or just `LIVE`.
    package var title: String {
        state.map { "\(label) · \($0)" } ?? label
    }

    /// `CACHE · revalidated (stored 3m ago, valid 5m)`; an expired answer says so once, in the
    /// details: `CACHE (stored 15m ago, expired)`.
    package var text: String {
        let words = (state ?? "").components(separatedBy: ", ").filter { !$0.isEmpty && $0 != "expired" }
        let head = words.isEmpty ? label : "\(label) · \(words.joined(separator: ", "))"
        let expired = state?.components(separatedBy: ", ").contains("expired") == true
        let details = [age, expired && age != nil ? "expired" : validity].compactMap { $0 }
        return details.isEmpty ? head : "\(head) (\(details.joined(separator: ", ")))"
    }
}
