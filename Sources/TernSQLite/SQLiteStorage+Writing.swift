package import Foundation
import GRDB
import Synchronization
package import Tern

extension SQLiteStorage {
    /// Stores `entry` as the latest under its key, taking its downloaded body into `bodies/`; prunes the
    /// key to `limits.entriesPerKey` and evicts the least recently used entries past `maximumBytes`. An
    /// answer bigger than `maximumBytes` on its own is refused (`Refusal`), its file left where it was.
    package func adopt(_ entry: StoredResponse) async throws -> StoredResponse {
        let cap = maximumBytes
        if cap > 0, entry.byteCount > cap { throw Refusal(byteCount: entry.byteCount, maximumBytes: cap) }
        var stored = entry
        if let file = entry.fileURL, entry.body.isEmpty {
            let kept = try bodies.adopt(file)
            stored.fileURL = kept
            stored.byteCount = CacheBodies.size(of: kept) ?? entry.byteCount
        } else {
            stored.fileURL = nil
        }
        let arguments = try ResponseRow.arguments(for: stored)
        if stored.fileURL == nil, try await holdBack(WriteBatch.Store(entry: stored, arguments: arguments)) {
            return stored
        }
        let limits = self.limits
        let touches = touched.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        let removed: [String]
        do {
            removed = try await write("storing '\(entry.key)'") { db in
                try Self.flush(touches, in: db)
                try db.cachedStatement(sql: ResponseRow.insert).execute(arguments: arguments)
                let newest = db.lastInsertedRowID
                var files = try Self.prune(entry.key, keeping: limits.entriesPerKey, in: db)
                files += try Self.evict(over: cap, keeping: newest, in: db)
                return files
            }
        } catch {
            if let file = stored.fileURL { bodies.remove([file.path]) }
            throw error
        }
        bodies.remove(try await unreferenced(removed))
        return stored
    }

    /// Deletes the entries of `key` past the newest `count`; returns their body files.
    static func prune(_ key: String, keeping count: Int, in db: Database) throws -> [String] {
        let files = try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT file_path FROM responses WHERE key = ?1 AND file_path IS NOT NULL AND id <= (
                        SELECT id FROM responses WHERE key = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
                    """),
            arguments: [key, count]
        )
        try db.cachedStatement(
            sql: """
                DELETE FROM responses WHERE key = ?1 AND id <= (
                    SELECT id FROM responses WHERE key = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
                """
        ).execute(arguments: [key, count])
        return files
    }

    /// Why an answer was not stored: its body alone is bigger than the cache may hold.
    package struct Refusal: Error, CustomStringConvertible {
        /// The answer's body size.
        package var byteCount: Int64
        /// The cache's limit.
        package var maximumBytes: Int64

        package var description: String {
            "the body (\(byteCount) bytes) is bigger than the cache's limit of \(maximumBytes) bytes"
        }
    }

    /// Replaces the latest entry under `entry.key` in place: its headers, validity, revalidation and
    /// verification (the body and the request it answers stay).
    package func update(_ entry: StoredResponse) async throws {
        let headers = try ResponseRow.encodeHeaders(entry.headers)
        let values: [(any DatabaseValueConvertible)?] = [
            headers, entry.validUntil.timeIntervalSince1970, entry.revalidatedAt?.timeIntervalSince1970,
            entry.verification?.date.timeIntervalSince1970, entry.verification.map { $0.drifted ? 1 : 0 },
            try ResponseRow.encodeMarks(entry.secretMarks), entry.key,
        ]
        let arguments = StatementArguments(values)
        try await write("updating '\(entry.key)'") { db in
            try db.execute(
                sql: """
                    UPDATE responses SET headers = ?, valid_until = ?, revalidated_at = ?, verified_at = ?, drifted = ?,
                        secrets = ?
                    WHERE id = (SELECT MAX(id) FROM responses WHERE key = ?)
                    """,
                arguments: arguments
            )
        }
    }

    /// Makes every entry stored for `url` stale from `date` on (all of a key's kept versions).
    package func invalidate(url: String, at date: Date) async throws -> Int {
        let when = date.timeIntervalSince1970
        return try await write("invalidating '\(url)'") { db in
            try db.execute(
                sql: "UPDATE responses SET valid_until = ? WHERE url = ? AND valid_until > ?",
                arguments: [when, url, when]
            )
            return db.changesCount
        }
    }

    /// Writes the pending `last_used` times.
    private static func flush(_ touches: [String: Double], in db: Database) throws {
        guard !touches.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: "UPDATE responses SET last_used = ? WHERE id = (SELECT MAX(id) FROM responses WHERE key = ?)"
        )
        for (key, date) in touches { try statement.execute(arguments: [date, key]) }
    }

    /// Deletes the least recently used entries while the bodies exceed `maxBytes` (never `keeping`);
    /// returns their body files.
    static func evict(over maxBytes: Int64, keeping newest: Int64, in db: Database) throws -> [String] {
        guard maxBytes > 0 else { return [] }
        var total = try Int64.fetchOne(db, sql: "SELECT COALESCE(SUM(body_bytes), 0) FROM responses") ?? 0
        guard total > maxBytes else { return [] }
        var files: [String] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, body_bytes, file_path FROM responses WHERE id != ? ORDER BY last_used, id",
            arguments: [newest]
        )
        var doomed: [Int64] = []
        while total > maxBytes, let row = try rows.next() {
            doomed.append(row[0])
            total -= row[1] as Int64
            if let file: String = row[2] { files.append(file) }
        }
        for id in doomed { try db.execute(sql: "DELETE FROM responses WHERE id = ?", arguments: [id]) }
        return files
    }

    /// The paths no remaining entry refers to (a file is shared when an entry was copied).
    func unreferenced(_ paths: [String]) async throws -> [String] {
        guard !paths.isEmpty else { return [] }
        return try await read("checking body files") { db in try Self.unreferenced(paths, in: db) }
    }

    /// `unreferenced(_:)` on a connection already held.
    static func unreferenced(_ paths: [String], in db: Database) throws -> [String] {
        try paths.filter { path in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM responses WHERE file_path = ?", arguments: [path]) == 0
        }
    }
}
