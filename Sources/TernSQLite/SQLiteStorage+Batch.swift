import Foundation
import GRDB
import Synchronization
import Tern

/// Writes held back while a run goes on: `tern run` stores hundreds of answers and history rows in a
/// row, and a transaction (and a hop to the database's writer thread) for each was most of what a run
/// cost per request beside the request itself.
///
/// While a batch is open (`beginBatch()`), answers with their body in memory and history rows are
/// kept in memory and written together, in one transaction, every `batchSize` answers, before any
/// other read or write of the pool, and when the batch ends or the cache closes. A lookup sees the
/// answers held back. What a crash (or `kill -9`) in the middle of a run loses: the answers and
/// history rows of the current batch, at most `batchSize` of each; what was written before stays.
struct WriteBatch: Sendable {
    /// One answer held back: its row, and the entry a lookup of its key serves meanwhile.
    struct Store: Sendable {
        var entry: StoredResponse
        var arguments: StatementArguments
    }

    var isOpen = false
    var stores: [Store] = []
    var history: [StatementArguments] = []

    var isEmpty: Bool { stores.isEmpty && history.isEmpty }
    var count: Int { max(stores.count, history.count) }
}

extension SQLiteStorage {
    /// How many answers (or history rows) a batch holds before it is written.
    package static let batchSize = 64

    /// Holds back answers and history rows until `endBatch()` (see `WriteBatch`).
    package func beginBatch() async {
        batch.withLock { $0.isOpen = true }
    }

    /// Writes what the batch held back and stops holding writes back.
    package func endBatch() async throws {
        batch.withLock { $0.isOpen = false }
        try await writePending()
    }

    /// Adds `store` to an open batch; `false` when no batch is open.
    func holdBack(_ store: WriteBatch.Store) async throws -> Bool {
        let full: Bool? = batch.withLock { batch in
            guard batch.isOpen else { return nil }
            batch.stores.append(store)
            return batch.count >= Self.batchSize
        }
        guard let full else { return false }
        if full { try await writePending() }
        return true
    }

    /// Adds a history row to an open batch; `false` when no batch is open.
    func holdBack(history arguments: StatementArguments) async throws -> Bool {
        let full: Bool? = batch.withLock { batch in
            guard batch.isOpen else { return nil }
            batch.history.append(arguments)
            return batch.count >= Self.batchSize
        }
        guard let full else { return false }
        if full { try await writePending() }
        return true
    }

    /// The newest answer held back under `key`.
    func heldBack(_ key: String) -> StoredResponse? {
        batch.withLock { batch in batch.stores.last { $0.entry.key == key }?.entry }
    }

    /// Takes what the batch holds (leaving it empty, open or not).
    func takePending() -> WriteBatch {
        batch.withLock { batch in
            var taken = WriteBatch()
            swap(&taken.stores, &batch.stores)
            swap(&taken.history, &batch.history)
            return taken
        }
    }

    /// Writes what the batch holds in one transaction.
    func writePending() async throws {
        let pending = takePending()
        guard !pending.isEmpty else { return }
        let removed = try await write("storing the run's answers") { db in try self.write(pending, in: db) }
        bodies.remove(try await unreferenced(removed))
    }

    /// The batch's rows, in order, with the pruning and eviction a store does; returns the body files
    /// no longer referenced by the rows removed.
    func write(_ pending: WriteBatch, in db: Database) throws -> [String] {
        var files: [String] = []
        var newest: Int64 = 0
        for store in pending.stores {
            try db.cachedStatement(sql: ResponseRow.insert).execute(arguments: store.arguments)
            newest = db.lastInsertedRowID
            files += try Self.prune(store.entry.key, keeping: limits.entriesPerKey, in: db)
        }
        for arguments in pending.history {
            try db.cachedStatement(sql: Self.insertHistory).execute(arguments: arguments)
        }
        if !pending.history.isEmpty { try Self.trimHistory(keeping: limits.historyRows, in: db) }
        if !pending.stores.isEmpty { files += try Self.evict(over: maximumBytes, keeping: newest, in: db) }
        return files
    }
}
