package import Foundation
package import Tern
package import TernExplorer

/// A cache entry as the cache pane lists it (the body stays in the store until opened).
package struct CacheRow: Sendable, Hashable {
    package var key: String
    package var method: String
    package var status: Int
    package var size: Int64
    package var storedAt: Date
    package var validUntil: Date
    package var source: ResponseSource
    /// What the entry answers: `users/get-user @local GET /users/1` (secrets redacted).
    package var answers: String = ""
    /// `revalidated`, `drifted`, both, or empty.
    package var state: String = ""
}

extension CacheRow {
    init(_ entry: StoredResponse) {
        self.init(
            key: entry.key, method: entry.method, status: entry.status, size: entry.byteCount, storedAt: entry.storedAt,
            validUntil: entry.validUntil, source: entry.source
        )
        let path = entry.request.flatMap { URLComponents(string: $0.url) }.map { $0.percentEncodedPath } ?? entry.url
        let name = [entry.request?.name, entry.request?.partition.map { "@\($0)" }]
            .compactMap { $0 }.joined(separator: " ")
        answers = [name, "\(entry.method) \(path)"].filter { !$0.isEmpty }.joined(separator: "  ")
        let drifted = entry.verification?.drifted == true
        state = [entry.revalidatedAt != nil ? "revalidated" : nil, drifted ? "drifted" : nil]
            .compactMap { $0 }.joined(separator: ",")
    }
}

/// The activity panes' state: transfers, the retry log and the cache, each with its cursor, and
/// which of them the bottom strip shows when it cannot show all three.
package struct ActivityPanes: Sendable {
    /// The pane the shared strip shows.
    package var strip: Pane = .retryLog
    package var transfers: [TransferRecord] = []
    package var transferSelection = 0
    package var retryLog: [RetryLogEntry] = []
    package var retrySelection = 0
    package var cacheEntries: [CacheRow] = []
    package var cacheSelection = 0
    /// Whether the cache's entries were read at least once.
    package var cacheLoaded = false

    /// Empty panes, the strip on the retry log.
    package init() {}
}
