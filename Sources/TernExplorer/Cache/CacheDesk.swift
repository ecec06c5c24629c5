import Foundation
import Tern
import TernExplorerStorage
import TernWorkspace

/// The cache and the history as the faces browse them: `cache list|show|clear|import`, `history`, `rerun`.
struct CacheDesk: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `CacheDesk` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `cache list`: every stored answer.
    func entries() async throws(ExplorerError) -> [StoredResponse] {
        try await cacheBrowser.entries()
    }

    /// `cache show KEY`: the stored answer `key` names (a storage key as `cache list` prints it, a key
    /// without its `@environment`, a spec id, or a unique part of a key), its request masked once more
    /// with the secrets this session knows.
    func entry(_ key: String) async throws(ExplorerError) -> StoredResponse {
        var entry = try await storedEntry(matching: key)
        // The record was redacted when stored; masked once more with what this session knows.
        entry.request = entry.request?.redacted(by: exportRedactor())
        return entry
    }

    /// `cache clear [KEY]`: removes the answer `key` names, or every one; says what it removed.
    func clear(_ key: String?) async throws(ExplorerError) -> String {
        guard let key else {
            try await cacheBrowser.removeAll()
            return "cleared the cache"
        }
        let entry = try await storedEntry(matching: key)
        try await cacheBrowser.remove(key: entry.key)
        return "removed '\(entry.key)' from the cache"
    }

    /// `cache import FILE`: stores a HAR file's answers under this machine's keys; says what it stored.
    func importHAR(_ path: String) async throws(ExplorerError) -> String {
        let url = URL(
            fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return try await HARAnswerImport(context).store(ExportFile.readHAR(url)).message
    }

    /// `history`: the latest sends, newest first.
    func historyEntries() async throws(ExplorerError) -> [HistoryEntry] {
        try await cacheBrowser.historyEntries()
    }

    /// The answer the cache keeps for the send `entry` records (see `CacheBrowser.storedAnswer(for:)`),
    /// its request masked with the secrets this session knows: what the history browser opens.
    func storedAnswer(of entry: HistoryEntry) async -> StoredAnswer {
        var answer = await cacheBrowser.storedAnswer(for: entry)
        let redactor = exportRedactor()
        if var stored = answer.stored {
            stored.request = stored.request?.redacted(by: redactor)
            answer.stored = stored
        }
        return answer
    }

    /// `rerun N`: the spec of the Nth entry `history` lists (1 is the newest), sent again.
    func rerun(_ number: Int) async throws(ExplorerError) -> CheckedResponse {
        let entry = try await cacheBrowser.historyEntry(number)
        guard let spec = entry.spec else {
            throw ExplorerError(.usage, "entry \(number) was not sent from a spec, so it cannot be sent again")
        }
        return try await ChainedSend(context).sendChecked(spec)
    }

    /// The stored entry `text` names (see `cacheEntry(_:)`), looked up in the environment in force.
    func storedEntry(matching text: String) async throws(ExplorerError) -> StoredResponse {
        let specID = (try? workspace.spec(named: text))?.id ?? text
        return try await cacheBrowser.entry(matching: text, environment: activeEnvironment, specID: specID)
    }
}
