import Foundation
import Tern
import TernImport
import TernWorkspace

extension ExplorerSession {
    /// `cache export FILE [SPEC|GROUP]...`: writes the stored answers (of the named specs and groups,
    /// else all) to `path` as HAR 1.2, oldest first. Everything comes from the cache, where secrets are
    /// already redacted, and is masked once more by `exportRedactor()`. Bodies over
    /// `HARCodec.maximumBodyBytes` are left out with a warning.
    package func exportCacheToHARFile(
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
