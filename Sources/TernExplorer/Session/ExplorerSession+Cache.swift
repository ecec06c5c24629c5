import Foundation
import Tern
import TernImport
import TernWorkspace

extension ExplorerSession {
    /// `cache list|show KEY|clear [KEY]|export|import|promote`. KEY is a storage key as `cache list` prints it, a
    /// storage
    /// key without its `@environment` (the active one is meant), a spec id, or a unique part of a key.
    func cache(_ action: Command.CacheAction) async throws(ExplorerError) -> CommandOutput {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache") }
        do {
            switch action {
            case .list:
                return .cacheEntries(try await storage.entries())
            case .show(let key):
                // The record was redacted when stored; masked once more with what this session knows.
                var entry = try await storedEntry(matching: key, in: storage)
                entry.request = entry.request?.redacted(by: exportRedactor())
                return .cacheEntry(entry)
            case .clear(let key):
                if let key {
                    let entry = try await storedEntry(matching: key, in: storage)
                    try await storage.removeEntry(forKey: entry.key)
                    return .done("removed '\(entry.key)' from the cache")
                }
                try await storage.removeAll()
                return .done("cleared the cache")
            case .export(let path, let names, let force):
                return .done(try await exportHAR(to: path, names: names, replacing: force))
            case .importHAR(let path):
                let url = URL(
                    fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                return .done(try await importHAR(HARFile.read(url)).message)
            case .promote(let key, let force):
                return .done(try await promote(key, replacing: force))
            }
        } catch let error as ExplorerError {
            throw error
        } catch {
            throw ExplorerError(.storage, "the cache failed: \(error)")
        }
    }

    /// The stored entry `text` names (see `cache(_:)`); an unknown one is an error naming close keys.
    func storedEntry(matching text: String, in storage: any StorageManager) async throws -> StoredResponse {
        if let exact = try await storage.entry(forKey: text) { return exact }
        let environment = activeEnvironment
        if let environment, let scoped = try await storage.entry(forKey: "\(text) @\(environment)") { return scoped }
        let entries = try await storage.entries()
        let specID = (try? workspace.spec(named: text))?.id ?? text
        let forSpec = entries.filter { $0.request?.name == specID }
        if let match = forSpec.first(where: { $0.request?.partition == environment }) ?? forSpec.first { return match }
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
