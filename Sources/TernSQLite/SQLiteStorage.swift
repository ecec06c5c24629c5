import Foundation
import GRDB
import Tern

/// The persistent `StorageManager` of a workspace: responses and send history in one SQLite file
/// (`<workspace>/.tern/cache.sqlite`), safe to share between tasks and between processes.
///
/// ```swift
/// let storage = try SQLiteStorage(path: workspace.appendingPathComponent(".tern/cache.sqlite"))
/// if let notice = storage.recoveryNotice { print(notice) }
/// let handler = Handler(transport: HTTPClientTransport.shared, storage: storage)
/// ```
public final class SQLiteStorage: ListStorageManager, Sendable {
    /// The database file.
    public let path: URL
    /// How many entries are kept per key (at least 1); older ones are pruned when storing.
    public let historyLimitPerKey: Int
    /// Set when an unreadable, corrupt or foreign file was moved aside and a fresh database made: a sentence for the user.
    public let recoveryNotice: String?

    let pool: DatabasePool
    /// Serves `entry(forKey:)` synchronously: only ever used that way, so no task waits on it
    /// while holding another connection (mixing sync reads with the pool's async ones deadlocked
    /// the two cooperative threads of a 2-core machine). WAL lets it read beside the pool's writer.
    private let lookup: DatabaseQueue

    /// Opens (or creates) the database at `path` (e.g. `<workspace>/.tern/cache.sqlite`).
    ///
    /// A file that is not a Tern cache is renamed to `cache.sqlite.broken-<timestamp>`, never deleted.
    /// - Throws: `TernError` of kind `.storage` when the file cannot be opened, created or moved aside.
    public init(path: URL, historyLimitPerKey: Int = 5) throws {
        let opened = try DatabaseOpener(file: CacheFile(url: path)).open()
        self.path = path
        self.historyLimitPerKey = max(1, historyLimitPerKey)
        self.pool = opened.pool
        self.recoveryNotice = opened.notice
        self.lookup = try DatabaseOpener.lookupConnection(at: path)
    }

    /// The latest entry stored under `key`, valid or not.
    public func entry(forKey key: String) async throws -> StoredResponse? {
        try lookupEntry(key)
    }

    /// A synchronous read of ~25 µs on the lookup connection, instead of a hop to GRDB's threads
    /// and back (~150 µs): offline replay is this call.
    private func lookupEntry(_ key: String) throws -> StoredResponse? {
        do {
            return try lookup.read { db in
                let statement = try db.cachedStatement(
                    sql: "SELECT \(ResponseRow.selection) FROM responses WHERE key = ? ORDER BY id DESC LIMIT 1"
                )
                return try Row.fetchOne(statement, arguments: [key]).map(ResponseRow.decode)
            }
        } catch {
            throw storageError("reading '\(key)'", error)
        }
    }

    /// Stores `entry` as the latest under its key and prunes all but the newest `historyLimitPerKey`.
    public func store(_ entry: StoredResponse) async throws {
        let arguments = try ResponseRow.arguments(for: entry)
        let limit = historyLimitPerKey
        try await write("storing '\(entry.key)'") { db in
            try db.cachedStatement(sql: ResponseRow.insert).execute(arguments: arguments)
            try db.cachedStatement(
                sql: """
                    DELETE FROM responses WHERE key = ?1 AND id <= (
                        SELECT id FROM responses WHERE key = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
                    """
            ).execute(arguments: [entry.key, limit])
        }
    }

    /// Removes every entry stored under `key`.
    public func removeEntry(forKey key: String) async throws {
        try await write("removing '\(key)'") { db in
            try db.execute(sql: "DELETE FROM responses WHERE key = ?", arguments: [key])
        }
    }

    /// Removes every stored response (the history stays; see `clearHistory()`).
    public func removeAll() async throws {
        try await write("clearing the cache") { db in
            try db.execute(sql: "DELETE FROM responses")
        }
    }

    /// The latest entry of every key, newest first.
    public func entries() async throws -> [StoredResponse] {
        try await read("listing the cache") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(ResponseRow.selection) FROM responses
                    WHERE id IN (SELECT MAX(id) FROM responses GROUP BY key)
                    ORDER BY stored_at DESC, id DESC
                    """
            ).map(ResponseRow.decode)
        }
    }

    /// Every entry kept under `key`, oldest first.
    public func list(forKey key: String) async throws -> [StoredResponse] {
        try await read("listing '\(key)'") { db in
            try Row.fetchAll(
                db, sql: "SELECT \(ResponseRow.selection) FROM responses WHERE key = ? ORDER BY id", arguments: [key]
            ).map(ResponseRow.decode)
        }
    }

    func read<T: Sendable>(_ action: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw storageError(action, error)
        }
    }

    func write<T: Sendable>(_ action: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw storageError(action, error)
        }
    }

    /// `error` as a `TernError` of kind `.storage`; cancellation and our own errors pass through.
    private func storageError(_ action: String, _ error: any Error) -> any Error {
        if error is CancellationError || error is TernError { return error }
        return TernError(.storage, "\(action) in the cache '\(path.path)' failed: \(error)", underlying: error)
    }
}
