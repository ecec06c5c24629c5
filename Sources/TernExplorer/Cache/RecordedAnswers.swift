import Foundation
import Tern
import TernExplorerStorage
package import TernInterchange
import TernWorkspace

/// A spec's recorded answer, as an import found it.
package struct RecordedItem: Sendable, Equatable {
    /// The spec's id.
    package var id: String
    /// What the source recorded.
    package var recorded: RecordedResponse

    /// Makes one from an import plan's pair.
    package init(_ pair: (id: String, recorded: RecordedResponse)) {
        id = pair.id
        recorded = pair.recorded
    }
}

/// What `import har --into-cache` stored.
package struct RecordedStoreSummary: Sendable, Equatable {
    /// Responses stored.
    package var stored = 0
    /// Specs whose recorded response was not stored, with the reason (`item` is the spec id).
    package var skipped: [SkippedItem] = []

    /// What every face says of it: how many were stored, then each one left out and why.
    package var lines: [String] {
        ["stored \(stored) recorded \(stored == 1 ? "response" : "responses") in the cache"]
            + skipped.map { "  not stored \($0.item): \($0.reason)" }
    }
}

/// Recorded answers (an imported HAR's) stored under the keys `send` looks up.
struct RecordedAnswers: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `RecordedAnswers` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `import har --into-cache`: stores each spec's recorded response in this session's cache under
    /// the key `send` looks up for the spec, in this session's environment, variables and process
    /// environment, so `tern send ID --mode cache` replays it. Call it after the specs are written and
    /// the workspace reloaded. A spec that cannot be resolved (an `{{env:NAME}}` that is not set) or a
    /// status the cache does not keep (not 2xx, or 206) is skipped with the reason; nothing is sent.
    func store(
        _ items: [RecordedItem]
    ) async throws(ExplorerError) -> RecordedStoreSummary {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to store into") }
        var summary = RecordedStoreSummary()
        var planned: [StoredResponse] = []
        for item in items {
            let (id, recorded) = (item.id, item.recorded)
            let conversation = recorded.headers.contains {
                $0.name.lowercased() == "content-type" && $0.value == WebSocketTranscript.contentType
            }
            guard (200...299).contains(recorded.status) && recorded.status != 206 || conversation else {
                let reason = "status \(recorded.status) is not stored (the cache keeps 2xx answers)"
                summary.skipped.append(SkippedItem(item: id, reason: reason))
                continue
            }
            let request: Request
            do {
                request = try resolve(try entry(id))
            } catch {
                summary.skipped.append(SkippedItem(item: id, reason: "its request does not resolve: \(error.message)"))
                continue
            }
            let headers = HARFields.response(
                recorded.headers.map { HARPair(name: $0.name, value: $0.value) })
            planned.append(
                HARAnswerImport(context).storedResponse(
                    for: request, status: recorded.status, headers: headers, body: recorded.body,
                    storedAt: recorded.date ?? Date()))
        }
        do {
            for stored in planned {
                try await storage.store(stored)
                summary.stored += 1
            }
        } catch {
            throw ExplorerError(.storage, "the cache failed after \(summary.stored) responses: \(error)")
        }
        if summary.stored > 0 { changed() }
        return summary
    }
}
