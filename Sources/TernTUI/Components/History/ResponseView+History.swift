package import Foundation
import HTTPTypes
package import Tern
package import TernSQLite

extension ResponseView {
    /// A history entry as the response pane shows it: what was sent (the entry's summary, then the
    /// request the cache recorded) and the stored answer when the cache still has one.
    package static func make(_ entry: HistoryEntry, stored: StoredResponse?, timeZone: TimeZone) -> ResponseView {
        let name = entry.spec ?? "\(entry.method) \(entry.url)"
        let outcome = entry.status.map { "\($0) \(entry.source?.rawValue ?? "")" } ?? (entry.error ?? "failed")
        let sent = [
            "\(entry.method) \(entry.url)",
            "sent \(Format.clock(entry.date, in: timeZone)) · \(outcome) · \(Format.duration(entry.duration))",
        ]
        guard let stored else {
            let text = "The cache has no stored answer for \(name) any more (history keeps the summary only)."
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
        view.requestLines = sent + [""] + view.requestLines
        if stored.storedAt > entry.date.addingTimeInterval(1) {
            view.requestLines.append(
                "(the cache's answer was stored after this send, at \(Format.clock(stored.storedAt, in: timeZone)))")
        }
        return view
    }
}
