import Foundation
import GRDB
import Tern
package import TernExplorerStorage

extension SQLiteStorage {
    /// Appends `entry` to the send history (its `id` is ignored; the database assigns one), keeping the
    /// newest `limits.historyRows`. The caller redacts secrets first (the explorer does).
    package func recordHistory(_ entry: HistoryEntry) async throws {
        let values: [(any DatabaseValueConvertible)?] = [
            entry.spec, entry.method, entry.url, entry.date.timeIntervalSince1970, entry.status,
            entry.source?.rawValue, entry.duration, entry.error,
            entry.request.map(StorageJSON.record),
            entry.cacheKey,
            entry.phases.map(StorageJSON.phases),
        ]
        let arguments = StatementArguments(values)
        if try await holdBack(history: arguments) { return }
        let keep = limits.historyRows
        try await write("recording history") { db in
            try db.cachedStatement(sql: Self.insertHistory).execute(arguments: arguments)
            try Self.trimHistory(keeping: keep, in: db)
        }
    }

    /// Adds one history row.
    static let insertHistory = """
        INSERT INTO history (spec, method, url, date, status, source, duration, error, request, cache_key, timing)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Removes the history rows past the newest `count`.
    static func trimHistory(keeping count: Int, in db: Database) throws {
        try db.cachedStatement(
            sql: "DELETE FROM history WHERE id <= (SELECT id FROM history ORDER BY id DESC LIMIT 1 OFFSET ?)"
        ).execute(arguments: [count])
    }

    /// The latest `limit` history entries, newest first.
    package func history(limit: Int = 100) async throws -> [HistoryEntry] {
        let limit = max(0, limit)
        return try await read("reading history") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, spec, method, url, date, status, source, duration, error, request, cache_key, timing
                    FROM history
                    ORDER BY date DESC, id DESC LIMIT ?
                    """,
                arguments: [limit]
            ).map(Self.historyEntry)
        }
    }

    /// Removes every history entry (stored responses stay).
    package func clearHistory() async throws {
        try await write("clearing history") { db in
            try db.execute(sql: "DELETE FROM history")
        }
    }

    private static func historyEntry(_ row: Row) throws -> HistoryEntry {
        HistoryEntry(
            id: try row.decode(Int64.self, atIndex: 0),
            spec: try row.decode(String?.self, atIndex: 1),
            method: try row.decode(String.self, atIndex: 2),
            url: try row.decode(String.self, atIndex: 3),
            date: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 4)),
            status: try row.decode(Int?.self, atIndex: 5),
            source: try row.decode(String?.self, atIndex: 6).flatMap(ResponseSource.init(rawValue:)),
            duration: try row.decode(Double.self, atIndex: 7),
            error: try row.decode(String?.self, atIndex: 8),
            request: try row.decode(String?.self, atIndex: 9).flatMap {
                try? JSONDecoder().decode(RequestRecord.self, from: Data($0.utf8))
            },
            cacheKey: try row.decode(String?.self, atIndex: 10),
            phases: try row.decode(String?.self, atIndex: 11).flatMap {
                try? JSONDecoder().decode(TransferPhases.self, from: Data($0.utf8))
            }
        )
    }
}
