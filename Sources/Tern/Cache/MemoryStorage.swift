public import Foundation

/// Storage in memory: up to `historyLimit` entries per key, the latest served (list storage).
public actor MemoryStorage: ListStorageManager {
    private var lists: [String: [StoredResponse]] = [:]
    private let historyLimit: Int
    /// A random key for this store's lifetime, so every handler sharing it computes the same keys.
    public nonisolated let identityKey: Data? = CacheIdentity.randomKey()

    /// Makes an empty store keeping `historyLimit` entries per key (at least 1).
    public init(historyLimit: Int = 1) {
        self.historyLimit = max(1, historyLimit)
    }

    public func entry(forKey key: String) -> StoredResponse? {
        lists[key]?.last
    }

    public func store(_ entry: StoredResponse) {
        var list = lists[entry.key, default: []]
        list.append(entry)
        if list.count > historyLimit { list.removeFirst(list.count - historyLimit) }
        lists[entry.key] = list
    }

    public func update(_ entry: StoredResponse) {
        guard var list = lists[entry.key], !list.isEmpty else { return store(entry) }
        list[list.count - 1] = entry
        lists[entry.key] = list
    }

    public func removeEntry(forKey key: String) {
        lists[key] = nil
    }

    public func removeAll() {
        lists.removeAll()
    }

    public func entries() -> [StoredResponse] {
        lists.values.compactMap(\.last).sorted { $0.storedAt > $1.storedAt }
    }

    public func list(forKey key: String) -> [StoredResponse] {
        lists[key] ?? []
    }
}
