package import Tern

/// The workspace cache as an explorer session uses it: stored responses, the send history, and
/// closing. The explorer layer owns this contract; `SQLiteStorage` (in TernSQLite) is the one the CLI
/// opens, and the faces (TUI, REPL) see only this protocol.
package protocol WorkspaceCache: ListStorageManager {
    /// Adds a send to the history.
    func recordHistory(_ entry: HistoryEntry) async throws
    /// The latest `limit` sends, newest first.
    func history(limit: Int) async throws -> [HistoryEntry]
    /// Empties the history.
    func clearHistory() async throws
    /// Holds back answers and history rows, written together every few dozen, until `endBatch()`: what a
    /// run does (a crash in the middle loses at most the batch in hand).
    func beginBatch() async
    /// Writes what `beginBatch()` held back and stops holding writes back.
    func endBatch() async throws
    /// Closes the cache; it answers errors afterwards.
    func close() async
}
