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
}

/// A storage manager that also keeps earlier responses per key (Lynn's list storage).
public protocol ListStorageManager: StorageManager {
    /// Every entry kept under `key`, oldest first.
    func list(forKey key: String) async throws -> [StoredResponse]
}
