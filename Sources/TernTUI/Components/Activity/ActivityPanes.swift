import Foundation
import Tern
import TernExplorer

/// A cache entry as the cache pane lists it (the body stays in the store until opened).
public struct CacheRow: Sendable, Hashable {
    public var key: String
    public var method: String
    public var status: Int
    public var size: Int64
    public var storedAt: Date
    public var validUntil: Date
    public var source: ResponseSource
    /// What the entry answers: `users/get-user @local GET /users/1` (secrets redacted).
    public var answers: String = ""
    /// `revalidated`, `drifted`, both, or empty.
    public var state: String = ""
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
public struct ActivityPanes: Sendable {
    /// The pane the shared strip shows.
    public var strip: Pane = .retryLog
    public var transfers: [TransferRecord] = []
    public var transferSelection = 0
    public var retryLog: [RetryLogEntry] = []
    public var retrySelection = 0
    public var cacheEntries: [CacheRow] = []
    public var cacheSelection = 0
    /// Whether the cache's entries were read at least once.
    public var cacheLoaded = false

    /// Empty panes, the strip on the retry log.
    public init() {}
}
