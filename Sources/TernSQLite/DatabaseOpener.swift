import CSQLiteOptions
import Foundation
import GRDB
import Tern

/// Opens the cache database: checks the file without changing its bytes, moves a broken or foreign one
/// aside, then migrates and locks the permissions down. The whole sequence runs under `CacheLock`, so
/// processes opening a fresh cache at once take turns; every connection waits up to `busyTimeout` for
/// another process's write lock.
struct DatabaseOpener {
    /// How long a statement waits for another connection's lock before failing with "database is locked".
    static let busyTimeout: TimeInterval = 30

    /// Why a file cannot be used as the cache, found before anything was written to it.
    private struct Unusable: Error {
        let reason: String
    }

    let file: CacheFile
    var now: @Sendable () -> Date = { Date() }
    /// The connections the cache is written through.
    var connections = SQLiteStorage.Connections.pool

    /// The open database, and the recovery notice when the old file had to be moved aside.
    func open() throws -> (database: any DatabaseWriter, notice: String?) {
        try file.prepareDirectory()
        return try CacheLock.withLock(on: file.url.deletingLastPathComponent()) { try openLocked() }
    }

    private func openLocked() throws -> (database: any DatabaseWriter, notice: String?) {
        try file.refuseLinksAndSpecialFiles()
        do {
            if file.exists, !file.isAccessible {
                throw Unusable(reason: "this process may not read and write it")
            }
            return (try openChecked(), nil)
        } catch let unusable as Unusable {
            let moved = try file.moveAside(at: now())
            let pool: any DatabaseWriter
            do {
                pool = try openChecked()
            } catch let again as Unusable {
                throw TernError(.storage, "a new cache at '\(file.path)' could not be created: \(again.reason)")
            }
            let notice = """
                The cache '\(file.path)' could not be used (\(unusable.reason)); it was kept as \
                '\(moved.lastPathComponent)' and a new, empty cache was started.
                """
            return (pool, notice)
        }
    }

    /// Creates the file if needed (owner-only before SQLite opens it, so its sidecars are too),
    /// checks it read-only, then opens the pool and migrates.
    private func openChecked() throws -> any DatabaseWriter {
        try file.refuseLinksAndSpecialFiles()
        try file.createIfMissing()
        try file.restrictPermissions()
        // A file this Tern migrated carries its stamp: the schema inspection and the migrator's
        // transaction are skipped (they were most of the time it took to open a known cache). The
        // stamp is read from the file's header when that is current, else through SQLite.
        let known = try CacheSchema.isStamped(file.headerStamp()) || inspect()
        if known, connections == .single {
            // Stamped, so created by a pool: its journal is already WAL, which the file keeps.
            do {
                return try DatabaseQueue(path: file.path, configuration: Self.configuration(readonly: false))
            } catch {
                throw Self.classify(error, path: file.path)
            }
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: file.path, configuration: Self.configuration(readonly: false))
        } catch {
            throw Self.classify(error, path: file.path)
        }
        guard !known else { return pool }
        do {
            try CacheSchema.migrator.migrate(pool)
            try pool.write { db in try db.execute(sql: CacheSchema.stampStatements) }
            // Into the file: the next open reads the stamp from its header.
            _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            try file.restrictPermissions()
        } catch {
            try? pool.close()
            throw Self.classify(error, path: file.path)
        }
        return pool
    }

    /// Whether the file carries this Tern's stamp; otherwise checks the schema (throwing `Unusable`
    /// when the file is not a Tern cache). Reads through a read-only connection, so a foreign file
    /// stays byte for byte intact.
    private func inspect() throws -> Bool {
        let problem: String?
        do {
            let queue = try DatabaseQueue(path: file.path, configuration: Self.configuration(readonly: true))
            defer { try? queue.close() }
            problem = try queue.read { db in
                try CacheSchema.isStamped(db) ? nil : CacheSchema.problem(in: db) ?? ""
            }
        } catch {
            throw Self.classify(error, path: file.path)
        }
        guard let problem else { return true }
        if !problem.isEmpty { throw Unusable(reason: problem) }
        return false
    }

    /// `Unusable` for files SQLite cannot read as a database; a `TernError` for everything else
    /// (busy, permissions, disk full), which must not cost the user their cache.
    private static func classify(_ error: any Error, path: String) -> any Error {
        if error is Unusable || error is TernError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return Unusable(reason: "it is not a SQLite database")
            case .SQLITE_CORRUPT: return Unusable(reason: "it is corrupt")
            default: break
            }
        }
        return TernError(.storage, "the cache '\(path)' could not be opened: \(error)", underlying: error)
    }

    /// A read-only connection of its own for synchronous lookups (see `SQLiteStorage.entry(forKey:)`).
    static func lookupConnection(at path: URL) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: path.path, configuration: configuration(readonly: true))
        } catch {
            throw TernError(
                .storage, "the cache '\(path.path)' could not be opened for reading: \(error)", underlying: error)
        }
    }

    private static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.label = "TernSQLite"
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // `SQLiteStorage.close()` decides when the log is checkpointed, not the last connection.
            _ = tern_sqlite_keep_log_on_close(db.sqliteConnection)
            if !readonly { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        }
        return configuration
    }
}
