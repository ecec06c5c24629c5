import Tern
import TernWorkspace

extension ExplorerSession {
    /// Every spec as `ls` shows it, with the spec files that could not be loaded in their place (sorted by id),
    /// each carrying its error.
    package func summaries() -> [SpecSummary] {
        if let listing {
            var result = listing.map {
                SpecSummary(id: $0.id, name: $0.name, method: $0.method, path: $0.path, target: $0.target)
            }
            for broken in workspace.brokenSpecs {
                result.append(
                    SpecSummary(
                        id: broken.id, name: broken.fileName, method: "!", path: "", target: nil,
                        error: broken.error.description))
            }
            return result.sorted { $0.id < $1.id }
        }
        var result = workspace.specs.map { entry in
            let spec = (edits[entry.id] ?? entry).spec
            return SpecSummary(id: entry.id, name: spec.name, method: spec.method, path: spec.path, target: spec.target)
        }
        guard !workspace.brokenSpecs.isEmpty else { return result }
        for broken in workspace.brokenSpecs {
            var summary = SpecSummary(id: broken.id, name: broken.fileName, method: "!", path: "", target: nil)
            summary.error = broken.error.description
            result.append(summary)
        }
        return result.sorted { $0.id < $1.id }
    }
}
