public import Foundation

/// Keeps responses by storage key, for the `normal`, `cache` and `sample` modes (Lynn's item storage).
///
/// `MemoryStorage` ships here; `TernSQLite` provides the persistent one a workspace uses.
public protocol StorageManager: Sendable {
    /// The latest entry stored under `key`, valid or not.
    func entry(forKey key: String) async throws -> StoredResponse?
    /// Stores `entry`, replacing the latest one under its key.
    func store(_ entry: StoredResponse) async throws
    /// Removes everything stored under `key`.
    func removeEntry(forKey key: String) async throws
    /// Removes everything.
    func removeAll() async throws
    /// The latest entry of every key, newest first.
    func entries() async throws -> [StoredResponse]

    /// The latest entry under `key` for serving it: `request` may be left out (it costs a decode and
    /// a replay does not need it). By default, `entry(forKey:)`.
    func replayEntry(forKey key: String) async throws -> StoredResponse?
    /// Stores `entry` and returns it as stored: a storage that keeps bodies in files of its own
    /// moves or copies `entry.fileURL` there and returns the new location.
    func adopt(_ entry: StoredResponse) async throws -> StoredResponse
    /// Replaces the latest entry under `entry.key` in place (a revalidation, a verification).
    func update(_ entry: StoredResponse) async throws
    /// A new, empty file for a download whose body this storage may then adopt without copying;
    /// `nil` lets the handler use the system's temporary folder.
    func temporaryFile() throws -> URL?
    /// The key that digests secrets into storage keys (`CacheIdentity`): a storage that outlives the
    /// process keeps one, so keys match across runs; `nil` lets each handler pick a random one.
    var identityKey: Data? { get }
    /// Where the digests of file bodies are remembered between runs (beside the storage), so an upload of
    /// a file unchanged since the last one is not read twice; `nil` remembers them for one process.
    var fileDigestsFile: URL? { get }
    /// Makes every answer stored for `url` (any method, any partition; the URL as entries record it,
    /// secrets redacted) stale from `date` on, keeping it for offline replay (RFC 9111 §4.4); returns
    /// how many entries it changed. By default, through `entries()` and `update(_:)`.
    func invalidate(url: String, at date: Date) async throws -> Int
}

extension StorageManager {
    public func replayEntry(forKey key: String) async throws -> StoredResponse? {
        try await entry(forKey: key)
    }

    public func adopt(_ entry: StoredResponse) async throws -> StoredResponse {
        try await store(entry)
        return entry
    }

    public func update(_ entry: StoredResponse) async throws {
        try await store(entry)
    }

    public func temporaryFile() throws -> URL? { nil }

    public var identityKey: Data? { nil }

    public var fileDigestsFile: URL? { nil }

    public func invalidate(url: String, at date: Date) async throws -> Int {
        var changed = 0
        for entry in try await entries() where entry.url == url && entry.validUntil > date {
            var stale = entry
            stale.validUntil = date
            try await update(stale)
            changed += 1
        }
        return changed
    }
}

/// A storage manager that also keeps earlier responses per key (Lynn's list storage).
public protocol ListStorageManager: StorageManager {
    /// Every entry kept under `key`, oldest first.
    func list(forKey key: String) async throws -> [StoredResponse]
}
