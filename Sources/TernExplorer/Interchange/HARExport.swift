import Foundation
import Tern
import TernExplorerStorage
import TernInterchange
import TernWorkspace

/// Where `export har` takes its entries from.
package enum HARExportSource: String, Sendable, CaseIterable {
    /// Every send in the history (newest 1 000), with the stored body where the cache still holds it.
    case history
    /// Every response stored in the cache.
    case cache
}

/// The history or the cache written as HAR 1.2 (`export har`, `cache export`).
struct HARExport: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `HARExport` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `export har [SPEC|GROUP]... [--from history|cache]`: a HAR 1.2 document, oldest entry first, of
    /// the named specs and groups (none: all). From the history, each send is an entry: the request as
    /// recorded (secrets redacted), the response from the cache where the answer is still stored (binary
    /// bodies in base64), else its status alone; a send that failed has status 0 and `_error`. From the
    /// cache, each stored response (as `cache export` writes them). The warnings name what was left out.
    func document(
        names: [String], from source: HARExportSource
    ) async throws(ExplorerError) -> (document: HARDocument, warnings: [String]) {
        let specIDs = try exportedSpecIDs(names)
        var entries: [HAREntry] = []
        var warnings: [String] = []
        switch source {
        case .cache:
            (entries, warnings) = try await cacheHAREntries(specIDs: specIDs)
        case .history:
            (entries, warnings) = try await historyHAREntries(specIDs: specIDs)
        }
        let creator = HARCreator(name: "tern", version: HARCodec.ternVersion)
        return (HARDocument(log: HARLog(creator: creator, entries: entries)), warnings)
    }

    /// The stored responses of `specIDs` (all when `nil`) as entries, oldest first.
    func cacheHAREntries(specIDs: Set<String>?) async throws(ExplorerError) -> ([HAREntry], [String]) {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to export") }
        let all: [StoredResponse]
        do {
            all = try await storage.entries()
        } catch {
            throw ExplorerError(.storage, "the cache could not be read: \(error)")
        }
        let chosen = all.filter { entry in
            guard let specIDs else { return true }
            return entry.request?.name.map(specIDs.contains) ?? false
        }.sorted { $0.storedAt < $1.storedAt }
        var entries: [HAREntry] = []
        var warnings: [String] = []
        let redactor = exportRedactor()
        for entry in chosen {
            switch Self.harEntry(of: entry, redactor: redactor) {
            case .success(let harEntry): entries.append(harEntry)
            case .failure(let reason): warnings.append("left out '\(entry.key)': \(reason.message)")
            }
        }
        return (entries, warnings)
    }

    /// The sends of `specIDs` (all when `nil`) in the history as entries, oldest first.
    private func historyHAREntries(specIDs: Set<String>?) async throws(ExplorerError) -> ([HAREntry], [String]) {
        guard let history else { throw ExplorerError(.storage, "this session has no history to export") }
        let sends: [HistoryEntry]
        do {
            sends = try await history.history(limit: 1_000)
        } catch {
            throw ExplorerError(.storage, "the history could not be read: \(error)")
        }
        var entries: [HAREntry] = []
        var warnings: [String] = []
        let redactor = exportRedactor()
        for send in sends.reversed() {
            if let specIDs, !(send.spec.map(specIDs.contains) ?? false) { continue }
            var stored: StoredResponse?
            if let key = send.cacheKey, send.error == nil {
                let versions = (try? await history.list(forKey: key)) ?? []
                let answered = send.date.addingTimeInterval(send.duration)
                stored = versions.min {
                    abs($0.storedAt.timeIntervalSince(answered)) < abs($1.storedAt.timeIntervalSince(answered))
                }
            }
            var entry = HAREntry(send: send, redactor: redactor)
            if let stored {
                switch Self.harEntry(of: stored, redactor: redactor) {
                case .success(let found):
                    entry.response = found.response
                    // A conversation brings its messages along.
                    if found.webSocketMessages != nil {
                        entry.resourceType = found.resourceType
                        entry.webSocketMessages = found.webSocketMessages
                    }
                case .failure(let reason):
                    warnings.append(
                        "the response body of '\(send.method) \(redactor.redact(urlText: send.url))' is left out: "
                            + reason.message)
                }
            }
            entries.append(entry)
        }
        return (entries, warnings)
    }

    /// A stored answer as an entry masked by `redactor`, or why it is left out (a body over the limit
    /// or unreadable).
    static func harEntry(of stored: StoredResponse, redactor: Redactor) -> Result<HAREntry, ExplorerError> {
        guard stored.byteCount <= HARCodec.maximumBodyBytes else {
            return .failure(
                ExplorerError(
                    .storage,
                    "its body is \(HumanUnits.bytes(stored.byteCount)), over "
                        + HumanUnits.bytes(HARCodec.maximumBodyBytes)))
        }
        do {
            return .success(try HAREntry(stored: stored, redactor: redactor))
        } catch {
            return .failure(ExplorerError(.storage, "its body cannot be read (\(error.localizedDescription))"))
        }
    }

}

extension HARExport {
    /// `cache export FILE [SPEC|GROUP]...`: writes the stored answers (of the named specs and groups,
    /// else all) to `path` as HAR 1.2, oldest first. Everything comes from the cache, where secrets are
    /// already redacted, and is masked once more by `exportRedactor()`. Bodies over
    /// `HARCodec.maximumBodyBytes` are left out with a warning.
    func writeCache(
        to path: String, names: [String], replacing: Bool
    ) async throws(ExplorerError) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        if !replacing, FileManager.default.fileExists(atPath: url.path) {
            throw ExplorerError(.usage, "'\(path)' exists; pass --force to replace it")
        }
        let (entries, warnings) = try await cacheHAREntries(specIDs: try exportedSpecIDs(names))
        let document = HARDocument(
            log: HARLog(creator: HARCreator(name: "tern", version: HARCodec.ternVersion), entries: entries)
        )
        try ExportFile.write(try ExportFile.encode(document), to: url, replacing: replacing)
        let noun = entries.count == 1 ? "entry" : "entries"
        var message = "exported \(entries.count) \(noun) to \(path)"
        for warning in warnings { message += "\nwarning: \(warning)" }
        return message
    }

    /// The spec ids `names` (spec ids, file names or group folders) stand for; `nil` for all.
    func exportedSpecIDs(_ names: [String]) throws(ExplorerError) -> Set<String>? {
        guard !names.isEmpty else { return nil }
        var ids = Set<String>()
        for name in names {
            if let spec = try? workspace.spec(named: name) {
                ids.insert(spec.id)
                continue
            }
            let group = name.hasSuffix("/") ? name : name + "/"
            let members = workspace.specs.filter { $0.id.hasPrefix(group) }
            guard !members.isEmpty else {
                let hint = Suggestions.hint(for: name, in: workspace.specIDs)
                throw ExplorerError(.workspace, "no spec or group '\(name)' in the workspace\(hint)")
            }
            ids.formUnion(members.map(\.id))
        }
        return ids
    }
}
