public import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Workspace {
    /// The workspace in `root` with what `tern list` shows of each spec: `workspace.yaml` and the
    /// environments are loaded (their errors throw, as `load` throws them), the specs come from the
    /// index in `.tern/spec-index` where their files are unchanged and are read where not (`SpecIndex`).
    /// The returned workspace has no `specs`; its `brokenSpecs` and `warnings` are what `load` would give.
    public static func listing(from root: URL) throws(WorkspaceError) -> (workspace: Workspace, specs: [SpecListing]) {
        var workspace = try loadSettings(from: root)
        let specs = workspace.listSpecs()
        return (workspace, specs)
    }

    /// Whether the workspace's targets, the environment's variables or one of `listings` use the
    /// variable `name` (`referencesVariable`, with the specs known from their listings).
    public func referencesVariable(_ name: String, environment: String? = nil, listings: [SpecListing]) -> Bool {
        referencesVariable(name, environment: environment) || listings.contains { $0.variables.contains(name) }
    }

    /// Where the index is kept.
    var specIndexFile: URL { root.appendingPathComponent(".tern/spec-index") }

    private mutating func listSpecs() -> [SpecListing] {
        let folder = specsFolder.path
        let found = SpecFiles.find(in: folder)
        noteSkippedFiles(found, folder: folder)
        let ids = found.specs.map { String($0.dropLast(".yaml".count)) }.sorted()
        let manifest = SpecIndex.Stamp(path: root.appendingPathComponent("workspace.yaml").path)
        let indexed = manifest.map { SpecIndex.read(specIndexFile, manifest: $0) } ?? [:]
        var rows: [String: SpecIndex.Row] = [:]
        var stamps: [String: SpecIndex.Stamp] = [:]
        var missing: [String] = []
        for id in ids {
            let stamp = SpecIndex.Stamp(path: folder + "/" + id + ".yaml")
            if let stamp, let row = indexed[id], row.stamp == stamp {
                rows[id] = row
            } else {
                if let stamp { stamps[id] = stamp }
                missing.append(id)
            }
        }
        let workspace = self
        let loaded = ParallelMap.map(missing) { id in
            Result { () throws(WorkspaceError) in try workspace.loadSpec(id: id, folder: folder) }
        }
        var fresh: [String: SpecIndex.Row] = [:]
        var broken: Set<String> = []
        for (id, result) in zip(missing, loaded) {
            switch result {
            case .success(let (entry, specWarnings)):
                let spec = entry.spec
                let variables = Set(
                    spec.templatedStrings.flatMap(Template.references(in:)).filter { $0.isVariable }.map(
                        \.name))
                let listing = SpecListing(
                    id: id, name: spec.name, method: spec.listed.method, path: spec.listed.path, target: spec.target,
                    variables: variables.sorted())
                let file = entry.file.standardizedFileURL
                let ownWarnings = specWarnings.allSatisfy { $0.file.standardizedFileURL == file }
                let row = SpecIndex.Row(
                    stamp: stamps[id] ?? SpecIndex.Stamp(device: 0, inode: 0, size: -1, modified: 0, changed: 0),
                    listing: listing,
                    warnings: specWarnings.map { ($0.line, $0.column, $0.message) })
                rows[id] = row
                if stamps[id] != nil, ownWarnings { fresh[id] = row }
            case .failure(let error):
                let file = URL(filePath: folder + "/" + id + ".yaml", directoryHint: .notDirectory)
                brokenSpecs.append(BrokenSpec(id: id, file: error.file ?? file, error: error))
                broken.insert(id)
            }
        }
        var listings: [SpecListing] = []
        listings.reserveCapacity(ids.count)
        for id in ids {
            guard let row = rows[id] else { continue }
            listings.append(row.listing)
            let file = URL(filePath: folder + "/" + id + ".yaml", directoryHint: .notDirectory)
            for warning in row.warnings {
                warnings.append(
                    WorkspaceDiagnostic(
                        file: file, line: warning.line, column: warning.column, message: warning.message))
            }
        }
        // Rewritten when rows were read now, or rows of the index were out of date or of files now gone.
        let taken = ids.count - missing.count
        if let manifest, !fresh.isEmpty || indexed.count != taken {
            saveIndex(rows: rows, fresh: fresh, broken: broken, manifest: manifest)
        }
        return listings
    }

    /// Writes the index of `rows` (those read now only when their file has settled), best effort.
    private func saveIndex(
        rows: [String: SpecIndex.Row], fresh: [String: SpecIndex.Row], broken: Set<String>, manifest: SpecIndex.Stamp
    ) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let settled = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - SpecIndex.settleNanoseconds
        let kept = rows.filter { id, row in
            guard !broken.contains(id), row.stamp.size >= 0 else { return false }
            return fresh[id] == nil || row.stamp.modified < settled
        }
        let folder = root.appendingPathComponent(".tern")
        var info = stat()
        if stat(folder.path, &info) != 0 {
            guard mkdir(folder.path, 0o700) == 0 else { return }
        }
        try? AtomicFile.write(Data(SpecIndex.text(Array(kept.values), manifest: manifest).utf8), to: specIndexFile)
    }
}
