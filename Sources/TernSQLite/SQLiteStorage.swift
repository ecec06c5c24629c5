package import Foundation
import GRDB
import Synchronization
package import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The persistent `StorageManager` of a workspace: responses, their downloaded bodies and the send
/// history in one folder (`<workspace>/.tern/`: `cache.sqlite`, `bodies/`, `identity.key`), safe to
/// share between tasks and between processes.
///
/// ```swift
/// let storage = try SQLiteStorage(path: workspace.appendingPathComponent(".tern/cache.sqlite"))
/// if let notice = storage.recoveryNotice { print(notice) }
/// let handler = Handler(transport: HTTPClientTransport.shared, storage: storage)
/// ```
package final class SQLiteStorage: ListStorageManager, Sendable {
    /// The limits a cache keeps to.
    package struct Limits: Sendable {
        /// Entries kept per key (at least 1); older ones are pruned when storing.
        package var entriesPerKey: Int
        /// Bytes of bodies kept in all (in the database and in `bodies/`); the least recently used
        /// entries are evicted past it. 0 means no limit.
        package var maxBytes: Int64
        /// History rows kept; the oldest are removed past it.
        package var historyRows: Int

        package init(entriesPerKey: Int = 5, maxBytes: Int64 = 500_000_000, historyRows: Int = 1_000) {
            self.entriesPerKey = max(1, entriesPerKey)
            self.maxBytes = max(0, maxBytes)
            self.historyRows = max(1, historyRows)
        }
    }

    /// The database file.
    package let path: URL
    /// How many entries are kept per key (at least 1); older ones are pruned when storing.
    package var historyLimitPerKey: Int { limits.entriesPerKey }
    /// The limits in force (`maximumBytes` may be changed after opening: see there).
    package let limits: Limits
    private let byteCap: Mutex<Int64>

    /// Bytes of bodies kept in all (0: no limit): `limits.maxBytes` until `setMaximumBytes` changes it.
    package var maximumBytes: Int64 { byteCap.withLock { $0 } }

    /// Keeps the bodies within `bytes` from the next store on (the workspace's `handler.cacheMaxBytes`, known
    /// only once the workspace has loaded, while the cache may already be open); an answer bigger than that
    /// is refused (`adopt` throws), and older entries are evicted to make room.
    package func setMaximumBytes(_ bytes: Int64) {
        byteCap.withLock { $0 = max(0, bytes) }
    }
    /// Set when an unreadable, corrupt or foreign file was moved aside and a fresh database made: a sentence for the
    /// user.
    package let recoveryNotice: String?
    /// The random key that digests secrets into storage keys (`.tern/identity.key`).
    package let digestKey: Data

    /// `digestKey`, for handlers that use this storage: keys match from one run to the next.
    package var identityKey: Data? { digestKey }

    /// `.tern/file-digests`: the digests of uploaded files, kept between runs (`CacheIdentity`).
    package var fileDigestsFile: URL? { path.deletingLastPathComponent().appendingPathComponent("file-digests") }

    /// The writer: a pool (a writer and concurrent readers), or one connection for a one-shot command.
    let pool: any DatabaseWriter
    let bodies: CacheBodies
    /// Keys served since the last write, with when: their `last_used` is written with the next store,
    /// so replaying from the cache costs no write.
    let touched = Mutex<[String: Double]>([:])
    /// Answers and history rows held back while a run goes on (`beginBatch()`).
    let batch = Mutex(WriteBatch())
    /// Serves `entry(forKey:)` synchronously: only ever used that way, so no task waits on it
    /// while holding another connection (mixing sync reads with the pool's async ones deadlocked
    /// the two cooperative threads of a 2-core machine). WAL lets it read beside the pool's writer.
    private let lookup: DatabaseQueue

    /// Opens (or creates) the database at `path` (e.g. `<workspace>/.tern/cache.sqlite`).
    ///
    /// A file that is not a Tern cache is renamed to `cache.sqlite.broken-<timestamp>`, never deleted.
    /// - Throws: `TernError` of kind `.storage` when the file cannot be opened, created or moved aside.
    package convenience init(path: URL, historyLimitPerKey: Int = 5, connections: Connections = .pool) throws {
        try self.init(path: path, limits: Limits(entriesPerKey: historyLimitPerKey), connections: connections)
    }

    /// How the cache is written.
    package enum Connections: Sendable {
        /// A pool: one writer and readers beside it, for sessions that read while they write.
        case pool
        /// One connection that reads and writes in turn, for a command that sends once and exits: a
        /// pool's opening checks the write-ahead log's size through Foundation's resource values
        /// (4 M instructions, a fifth of a send from the cache; docs/benchmarks.md). A cache opened
        /// for the first time is still created and migrated through a pool.
        case single
    }

    /// Opens (or creates) the database at `path` with `limits`, written through `connections`.
    package init(path: URL, limits: Limits, connections: Connections = .pool) throws {
        var opener = DatabaseOpener(file: CacheFile(url: path))
        opener.connections = connections
        let opened = try opener.open()
        self.path = path
        self.limits = limits
        byteCap = Mutex(limits.maxBytes)
        self.pool = opened.database
        self.recoveryNotice = opened.notice
        let directory = path.deletingLastPathComponent()
        bodies = CacheBodies(directory: directory.appendingPathComponent("bodies"))
        try bodies.prepare()
        digestKey = try IdentityKey.load(directory.appendingPathComponent("identity.key"))
        self.lookup = try DatabaseOpener.lookupConnection(at: path)
    }

    /// The largest write-ahead log `close()` leaves in place (512 KiB, about 16 sends).
    package static let largestKeptLog: Int64 = 512 * 1024

    /// Closes the database. A write-ahead log of up to `largestKeptLog` stays for the next process,
    /// which reads it back when it opens the cache (lost in the noise of opening it); a longer one is
    /// checkpointed into the file and emptied first. A log left whole could grow to 4 MB, and reading
    /// that back took over 100 ms per start. Emptying it on every close cost a sync of both files,
    /// and the next open a sync of a new log (docs/benchmarks.md, "Where a send's time goes"). The
    /// storage answers errors afterwards.
    package func close() {
        // What a run still held back is written before the connections close.
        let pending = takePending()
        if !pending.isEmpty,
            let unused = try? pool.write({ db in try Self.unreferenced(try self.write(pending, in: db), in: db) })
        {
            bodies.remove(unused)
        }
        var log = stat()
        if lstat(path.path + "-wal", &log) == 0, Int64(log.st_size) > Self.largestKeptLog {
            // Truncating empties the log even when a read-only reader is the last connection to close.
            _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        }
        try? lookup.close()
        try? pool.close()
    }

    /// The latest entry stored under `key`, valid or not.
    package func entry(forKey key: String) async throws -> StoredResponse? {
        try lookupEntry(key, selection: ResponseRow.selection)
    }

    /// The latest entry under `key` without its recorded request: what a replay serves.
    package func replayEntry(forKey key: String) async throws -> StoredResponse? {
        try lookupEntry(key, selection: ResponseRow.replaySelection)
    }

    /// A synchronous read of ~25 µs on the lookup connection, instead of a hop to GRDB's threads
    /// and back (~150 µs): offline replay is this call. The read is noted for the LRU order.
    private func lookupEntry(_ key: String, selection: String) throws -> StoredResponse? {
        if let held = heldBack(key) { return held }
        let entry: StoredResponse?
        do {
            entry = try lookup.read { db in
                let statement = try db.cachedStatement(
                    sql: "SELECT \(selection) FROM responses WHERE key = ? ORDER BY id DESC LIMIT 1"
                )
                return try Row.fetchOne(statement, arguments: [key]).map(ResponseRow.decode)
            }
        } catch {
            throw storageError("reading '\(key)'", error)
        }
        // A body kept in a file may share it with a `tern send -o` file, which the user may change: an
        // answer whose file is gone or no longer has the size stored is not served.
        if let file = entry?.fileURL, CacheBodies.size(of: file) != entry?.byteCount {
            throw TernError(
                .storage,
                "the stored body of '\(key)' changed after it was stored (something wrote to .tern/bodies); "
                    + "send it in live mode to store it again")
        }
        if entry != nil { touched.withLock { $0[key] = Date().timeIntervalSince1970 } }
        return entry
    }

    /// Stores `entry` as the latest under its key (see `adopt(_:)`).
    package func store(_ entry: StoredResponse) async throws {
        _ = try await adopt(entry)
    }

    /// A new owner-only file in `bodies/` for a download this storage may then adopt by renaming.
    package func temporaryFile() throws -> URL? {
        try bodies.temporaryFile()
    }

    /// Removes every entry stored under `key`, with its body files.
    package func removeEntry(forKey key: String) async throws {
        let files = try await write("removing '\(key)'") { db in
            let files = try String.fetchAll(
                db, sql: "SELECT file_path FROM responses WHERE key = ? AND file_path IS NOT NULL", arguments: [key])
            try db.execute(sql: "DELETE FROM responses WHERE key = ?", arguments: [key])
            return files
        }
        bodies.remove(try await unreferenced(files))
    }

    /// Removes every stored response and body (the history stays; see `clearHistory()`).
    package func removeAll() async throws {
        try await write("clearing the cache") { db in
            try db.execute(sql: "DELETE FROM responses")
        }
        bodies.removeAllBodies()
    }

    /// The latest entry of every key, newest first.
    package func entries() async throws -> [StoredResponse] {
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
    package func list(forKey key: String) async throws -> [StoredResponse] {
        try await read("listing '\(key)'") { db in
            try Row.fetchAll(
                db, sql: "SELECT \(ResponseRow.selection) FROM responses WHERE key = ? ORDER BY id", arguments: [key]
            ).map(ResponseRow.decode)
        }
    }

    /// The bytes of every stored body, in the database and in `bodies/`.
    package func totalBytes() async throws -> Int64 {
        try await read("measuring the cache") { db in
            try Int64.fetchOne(db, sql: "SELECT COALESCE(SUM(body_bytes), 0) FROM responses") ?? 0
        }
    }

    func read<T: Sendable>(_ action: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writePending()
        do {
            return try await pool.read(body)
        } catch {
            throw storageError(action, error)
        }
    }

    func write<T: Sendable>(_ action: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        // What a batch holds back is written first, in the same transaction, so writes keep their order.
        let pending = takePending()
        do {
            guard !pending.isEmpty else { return try await pool.write(body) }
            let (removed, result) = try await pool.write { db in (try self.write(pending, in: db), try body(db)) }
            bodies.remove(try await unreferenced(removed))
            return result
        } catch {
            throw storageError(action, error)
        }
    }

    /// `error` as a `TernError` of kind `.storage`; cancellation and our own errors pass through.
    func storageError(_ action: String, _ error: any Error) -> any Error {
        if error is CancellationError || error is TernError { return error }
        return TernError(.storage, "\(action) in the cache '\(path.path)' failed: \(error)", underlying: error)
    }
}
