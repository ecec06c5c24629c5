import Foundation
import HTTPTypes
package import Tern
import TernExplorer
package import TernExplorerStorage

extension ResponseView {
    /// A history entry as the response pane shows it: the request as it was sent (recorded, secrets
    /// redacted) with when and how it went, and the answer the cache stored for it when it still has
    /// it. `exact` says whether `stored` is this send's own answer (its cache key) or, for an entry
    /// recorded before requests were, the newest answer stored for its spec.
    package static func make(
        _ entry: HistoryEntry, stored: StoredResponse?, exact: Bool = true, timeZone: ClockZone
    ) -> ResponseView {
        let name = entry.spec ?? "\(entry.method) \(entry.url)"
        let outcome = entry.status.map { "\($0) \(entry.source?.rawValue ?? "")" } ?? (entry.error ?? "failed")
        var sent: [String]
        if let record = entry.request {
            sent = ["\(record.method) \(record.url)"] + record.headers.map { "\($0.name): \($0.value)" }
            if let text = record.bodyText {
                sent +=
                    [""]
                    + text.prefix(16 * 1024).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
            } else if let bytes = record.bodyBytes, bytes > 0 {
                sent += ["", "(a body of \(Format.bytes(bytes)))"]
            }
        } else {
            sent = ["\(entry.method) \(entry.url)", "(this send's headers and body were not recorded)"]
        }
        sent += [
            "", "sent \(Format.clock(entry.date, in: timeZone)) · \(outcome) · \(Format.duration(entry.duration))",
        ]
        if let phases = entry.phases { sent += [""] + TimingSummary.waterfall(phases) }
        guard let stored else {
            let text =
                entry.cacheKey == nil && entry.request != nil
                ? "This send's answer was not stored in the cache (history keeps its summary)."
                : "The cache no longer has this send's answer (history keeps its summary)."
            return ResponseView(
                title: "history: \(name)", status: entry.status ?? 0,
                reason: entry.status.map { HTTPResponse.Status(standardCode: $0).reasonPhrase } ?? "no response",
                source: entry.source ?? .live, duration: .fromSeconds(entry.duration), size: 0, storedAt: nil,
                validUntil: nil, attempts: 0, headers: [], requestLines: sent,
                body: BodyDocument(kind: .empty, text: Array(text.utf8)), cacheState: nil)
        }
        var view = ResponseView.make(stored)
        view.title = "history: \(name)"
        view.duration = .fromSeconds(entry.duration)
        sent.append("answer stored under the key '\(stored.key)'")
        if !exact {
            sent.append("(this entry has no cache key: the answer shown is the newest stored for \(name))")
        } else if stored.storedAt > entry.date.addingTimeInterval(1) {
            let at = Format.clock(stored.storedAt, in: timeZone)
            sent.append("(a later send of the same request replaced it at \(at): the answer shown is that one)")
        }
        view.requestLines = sent
        return view
    }
}
