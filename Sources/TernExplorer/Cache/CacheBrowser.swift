import Foundation
package import Tern
package import TernExplorerStorage
import TernWorkspace

/// The workspace's stored answers and send history, as the faces browse them: list, look up, remove,
/// and find the answer a history entry got. Its state is the two stores it reads; it knows nothing of
/// specs or environments beyond what it is asked with, so the CLI, the REPL and the TUI share it.
package struct CacheBrowser: Sendable {
    /// The most history entries any face lists.
    package static let historyLimit = 100

    /// The stored answers (`nil`: the session keeps none).
    package let storage: (any StorageManager)?
    /// The send history (`nil`: the session keeps none).
    package let history: (any WorkspaceCache)?

    /// A browser over `storage` and `history`.
    package init(storage: (any StorageManager)?, history: (any WorkspaceCache)?) {
        self.storage = storage
        self.history = history
    }

    /// Every stored answer.
    package func entries() async throws(ExplorerError) -> [StoredResponse] {
        let storage = try requireStorage()
        return try await reading { try await storage.entries() }
    }

    /// The stored answer `text` names: a storage key as `cache list` prints it, a key without its
    /// `@environment` (`environment` is meant), the answer of the spec `specID`, or a unique part of a
    /// key. An unknown one is an error naming close keys.
    package func entry(
        matching text: String, environment: String?, specID: String
    ) async throws(ExplorerError) -> StoredResponse {
        let storage = try requireStorage()
        return try await reading { () async throws in
            if let exact = try await storage.entry(forKey: text) { return exact }
            if let environment, let scoped = try await storage.entry(forKey: "\(text) @\(environment)") {
                return scoped
            }
            let entries = try await storage.entries()
            let forSpec = entries.filter { $0.request?.name == specID }
            if let match = forSpec.first(where: { $0.request?.partition == environment }) ?? forSpec.first {
                return match
            }
            let containing = entries.filter { $0.key.contains(text) }
            if containing.count == 1 { return containing[0] }
            if containing.count > 1 {
                let keys = containing.prefix(5).map { "'\($0.key)'" }.joined(separator: ", ")
                throw ExplorerError(
                    .storage, "'\(text)' matches \(containing.count) stored keys (\(keys)); give more of the key")
            }
            let names = entries.map(\.key) + Array(Set(entries.compactMap { $0.request?.name }))
            let hint = Suggestions.hint(for: text, in: names)
            throw ExplorerError(.storage, "nothing is stored under '\(text)'\(hint); 'cache list' shows the keys")
        }
    }

    /// Removes the stored answer under `key`.
    package func remove(key: String) async throws(ExplorerError) {
        let storage = try requireStorage()
        try await reading { try await storage.removeEntry(forKey: key) }
    }

    /// Removes every stored answer.
    package func removeAll() async throws(ExplorerError) {
        let storage = try requireStorage()
        try await reading { try await storage.removeAll() }
    }

    /// The latest sends, newest first (none when the session keeps no history).
    package func historyEntries(limit: Int = historyLimit) async throws(ExplorerError) -> [HistoryEntry] {
        guard let history else { return [] }
        do {
            return try await history.history(limit: limit)
        } catch {
            throw ExplorerError(.storage, "the history could not be read: \(error)")
        }
    }

    /// The `number`th entry `history` lists (1 is the newest).
    package func historyEntry(_ number: Int) async throws(ExplorerError) -> HistoryEntry {
        guard history != nil else { throw ExplorerError(.storage, "this session keeps no history") }
        let entries = try await historyEntries()
        guard number >= 1, number <= entries.count else {
            throw ExplorerError(.usage, "history has \(entries.count) entries: 'rerun N' takes 1 to \(entries.count)")
        }
        return entries[number - 1]
    }

    /// The answer the cache keeps for the send `entry` records: its own, by its cache key; for an
    /// entry recorded before requests and keys were, the newest answer stored for its spec (at the
    /// same URL when there is one), which is then not `exact`. Nothing stored is no answer, not an error.
    package func storedAnswer(for entry: HistoryEntry) async -> StoredAnswer {
        guard let storage else { return StoredAnswer(stored: nil, exact: true) }
        if let key = entry.cacheKey {
            let stored = try? await storage.entry(forKey: key)
            return StoredAnswer(stored: stored, exact: true)
        }
        guard entry.request == nil, let spec = entry.spec, let entries = try? await storage.entries() else {
            return StoredAnswer(stored: nil, exact: true)
        }
        let forSpec = entries.filter { $0.request?.name == spec }
        let sameURL = forSpec.filter { $0.url == entry.url }
        guard let newest = (sameURL.isEmpty ? forSpec : sameURL).max(by: { $0.storedAt < $1.storedAt }),
            let full = try? await storage.entry(forKey: newest.key)
        else { return StoredAnswer(stored: nil, exact: true) }
        return StoredAnswer(stored: full, exact: false)
    }

    private func requireStorage() throws(ExplorerError) -> any StorageManager {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache") }
        return storage
    }

    /// Runs a storage call, turning its error into an explorer error (one thrown inside passes as it is).
    private func reading<T>(_ body: () async throws -> T) async throws(ExplorerError) -> T {
        do {
            return try await body()
        } catch let error as ExplorerError {
            throw error
        } catch {
            throw ExplorerError(.storage, "the cache failed: \(error)")
        }
    }
}

/// The stored answer of one history entry, as the history browser opens it.
package struct StoredAnswer: Sendable {
    /// The answer (`nil`: the cache no longer keeps it, or never did).
    package var stored: StoredResponse?
    /// Whether it is the entry's own answer, not the newest one stored for its spec.
    package var exact: Bool

    /// Makes a result.
    package init(stored: StoredResponse?, exact: Bool) {
        self.stored = stored
        self.exact = exact
    }
}
