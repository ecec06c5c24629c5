package import Foundation
package import Tern
package import TernExplorerStorage

extension SQLiteStorage: WorkspaceCache {}

/// A `SQLiteStorage` that is still being opened on another thread, usable at once: every call waits
/// for it. A `tern send --mode live` hands it to its session, so the request goes out while the
/// cache opens and the response is stored once it is open.
///
/// If the cache cannot be opened, calls throw that error: the handler then serves the response
/// without storing it, and `opened()` tells the caller why.
package final class PendingStorage: WorkspaceCache {
    private let opening: @Sendable () async -> Result<SQLiteStorage, any Error>
    private let waitBlocking: @Sendable () -> Result<SQLiteStorage, any Error>

    /// The key that digests secrets into storage keys, read now: sessions need it before they send.
    package let identityKey: Data?
    /// `.tern/file-digests`, as the open cache has it.
    package let fileDigestsFile: URL?

    /// A cache at `path` that `opening` and `waitBlocking` (which blocks the calling thread) return
    /// once it is open.
    package init(
        path: URL, opening: @escaping @Sendable () async -> Result<SQLiteStorage, any Error>,
        waitBlocking: @escaping @Sendable () -> Result<SQLiteStorage, any Error>
    ) {
        self.opening = opening
        self.waitBlocking = waitBlocking
        identityKey = try? IdentityKey.load(path.deletingLastPathComponent().appendingPathComponent("identity.key"))
        fileDigestsFile = path.deletingLastPathComponent().appendingPathComponent("file-digests")
    }

    /// The open cache, or why it could not be opened.
    package func opened() async -> Result<SQLiteStorage, any Error> {
        await opening()
    }

    private func storage() async throws -> SQLiteStorage {
        try await opening().get()
    }

    package func entry(forKey key: String) async throws -> StoredResponse? {
        try await storage().entry(forKey: key)
    }

    package func store(_ entry: StoredResponse) async throws {
        try await storage().store(entry)
    }

    package func removeEntry(forKey key: String) async throws {
        try await storage().removeEntry(forKey: key)
    }

    package func removeAll() async throws {
        try await storage().removeAll()
    }

    package func entries() async throws -> [StoredResponse] {
        try await storage().entries()
    }

    package func replayEntry(forKey key: String) async throws -> StoredResponse? {
        try await storage().replayEntry(forKey: key)
    }

    package func adopt(_ entry: StoredResponse) async throws -> StoredResponse {
        try await storage().adopt(entry)
    }

    package func update(_ entry: StoredResponse) async throws {
        try await storage().update(entry)
    }

    package func invalidate(url: String, at date: Date) async throws -> Int {
        try await storage().invalidate(url: url, at: date)
    }

    /// Waits for the cache, blocking: a download needs its file before the first attempt.
    package func temporaryFile() throws -> URL? {
        try waitBlocking().get().temporaryFile()
    }

    package func list(forKey key: String) async throws -> [StoredResponse] {
        try await storage().list(forKey: key)
    }

    package func recordHistory(_ entry: HistoryEntry) async throws {
        try await storage().recordHistory(entry)
    }

    package func history(limit: Int) async throws -> [HistoryEntry] {
        try await storage().history(limit: limit)
    }

    package func clearHistory() async throws {
        try await storage().clearHistory()
    }

    package func beginBatch() async {
        try? await storage().beginBatch()
    }

    package func endBatch() async throws {
        try await storage().endBatch()
    }

    package func close() async {
        if case .success(let storage) = await opening() { storage.close() }
    }
}
