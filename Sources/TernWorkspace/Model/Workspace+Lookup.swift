public import Foundation
import Tern

extension Workspace {
    /// The spec named `name`: its id (`users/get-user`) or, where unique, its file name (`get-user`).
    ///
    /// A trailing `.yaml` and a leading `specs/` are ignored. A file name shared by several specs
    /// is an error listing their ids; an unknown name is an error listing up to 3 close matches.
    /// A spec file that could not be loaded (`brokenSpecs`) throws its own error, `file:line:column` kept.
    public func spec(named name: String) throws(WorkspaceError) -> SpecEntry {
        var wanted = name.trimmingWhitespace()
        if wanted.hasPrefix("specs/") { wanted.removeFirst("specs/".count) }
        if wanted.hasSuffix(".yaml") { wanted.removeLast(".yaml".count) }

        if let index = index(ofID: wanted) { return specs[index] }
        let byFileName = specs.filter { $0.fileName == wanted }
        if byFileName.count == 1 { return byFileName[0] }
        if byFileName.isEmpty, let broken = brokenSpec(named: wanted) { throw broken.error }
        if byFileName.count > 1 {
            let ids = byFileName.map(\.id)
            throw WorkspaceError(
                .ambiguousSpec,
                "'\(wanted)' names \(ids.count) specs: \(Suggestions.list(ids)); use the full id",
                suggestions: ids
            )
        }
        let matches = closeMatches(to: wanted)
        var message = "no spec named '\(wanted)' in workspace '\(self.name)'"
        if !matches.isEmpty { message += "; did you mean \(Suggestions.list(matches, quoted: true))?" }
        throw WorkspaceError(.unknownSpec, message, suggestions: matches)
    }

    /// The broken spec file `name` (an id, or a file name shared by no other broken spec), if any.
    public func brokenSpec(named name: String) -> BrokenSpec? {
        if let broken = brokenSpecs.first(where: { $0.id == name }) { return broken }
        let byFileName = brokenSpecs.filter { $0.fileName == name }
        return byFileName.count == 1 ? byFileName[0] : nil
    }

    /// The one error for an environment the workspace does not have: a close match and the known names.
    /// `file` is where the name was written (`workspace.yaml` for `defaultEnvironment`), when it was.
    public func unknownEnvironment(_ name: String, file: URL? = nil) -> WorkspaceError {
        if let unreadable = unreadableEnvironments[name] { return unreadable }
        let names = environments.keys.sorted()
        return WorkspaceError(
            .unknownEnvironment,
            "unknown environment '\(name)'\(Suggestions.hint(for: name, in: names)); "
                + "environments/ has \(Suggestions.list(names))",
            file: file,
            suggestions: names
        )
    }

    /// The position of `id` in `specs` (binary search while the array is sorted, else a scan).
    private func index(ofID id: String) -> Int? {
        var low = 0
        var high = specs.count
        while low < high {
            let middle = (low + high) / 2
            if specs[middle].id < id { low = middle + 1 } else { high = middle }
        }
        if low < specs.count, specs[low].id == id { return low }
        return specs.firstIndex { $0.id == id }
    }

    /// Up to 3 spec ids whose id or file name is close to `name` (prefix first, then edit distance).
    private func closeMatches(to name: String) -> [String] {
        var idsByCandidate: [String: [String]] = [:]
        for entry in specs {
            idsByCandidate[entry.id, default: []].append(entry.id)
            if entry.fileName != entry.id { idsByCandidate[entry.fileName, default: []].append(entry.id) }
        }
        let candidates = Suggestions.closeMatches(to: name, in: idsByCandidate.keys.sorted(), limit: 10)
        var result: [String] = []
        for candidate in candidates {
            for id in idsByCandidate[candidate] ?? [] where !result.contains(id) {
                result.append(id)
            }
        }
        return Array(result.prefix(3))
    }
}

extension Workspace {
    /// The target `spec` is sent with: its `target:`, else none for a full URL, else `defaultTarget:`,
    /// else the only target. Nil when there is none (or `target:` names an unknown one).
    public func target(for spec: SpecDefinition) -> WorkspaceTarget? {
        if let name = spec.target { return targets[name] }
        if spec.hasFullURL { return nil }
        if let defaultTarget { return targets[defaultTarget] }
        return targets.count == 1 ? targets.values.first : nil
    }
}
