/// Storage in memory: up to `historyLimit` entries per key, the latest served (list storage).
public actor MemoryStorage: ListStorageManager {
    private var lists: [String: [StoredResponse]] = [:]
    private let historyLimit: Int

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
