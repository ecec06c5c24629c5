import Foundation
import Tern

/// Which spec files a command that works on a few named specs must read (`tern send NAME`): the
/// named specs, the specs they require (transitively), and the specs that may require them, so the
/// workspace it gets answers every question about those specs as the whole workspace would.
///
/// A spec that requires another names it in its file; a file that does not contain the other's file
/// name cannot require it, so only files that do are parsed. When a name or a requirement matches no
/// file (an error whose message lists close matches from every spec), there is no selection and the
/// whole workspace is read.
struct SpecSelection {
    /// Every spec id under `specs/`, sorted.
    let ids: [String]
    /// Reads the text of the spec `id` (without parsing it).
    let text: (String) -> String?

    /// The ids to read for `names`, or `nil` when the whole workspace must be read. `requirements` parses
    /// one spec and returns what it names in `requires:` (nil when it cannot be parsed: it is read, and
    /// reported, with the others).
    func ids(for names: [String], requirements: (String) -> [String]?) -> Set<String>? {
        var selected = Set<String>()
        var pending: [String] = []
        for name in names {
            let found = matches(name)
            guard !found.isEmpty else { return nil }
            pending += found
        }
        let named = Set(pending)
        while let id = pending.popLast() {
            guard selected.insert(id).inserted else { continue }
            for requirement in requirements(id) ?? [] {
                let found = matches(requirement)
                guard !found.isEmpty else { return nil }
                pending += found
            }
        }
        // Specs that may require a named one: their text mentions its file name.
        let fileNames = Set(named.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
        for id in ids where !selected.contains(id) {
            guard let text = text(id) else { continue }
            if fileNames.contains(where: { text.contains($0) }) { selected.insert(id) }
        }
        return selected
    }

    /// The ids `name` can mean, as `Workspace.spec(named:)` reads it: its id, else every spec with
    /// that file name (more than one is an ambiguity the lookup reports).
    func matches(_ name: String) -> [String] {
        var wanted = name.trimmingWhitespace()
        if wanted.hasPrefix("specs/") { wanted.removeFirst("specs/".count) }
        if wanted.hasSuffix(".yaml") { wanted.removeLast(".yaml".count) }
        if ids.contains(wanted) { return [wanted] }
        return ids.filter { $0 == wanted || $0.hasSuffix("/" + wanted) }
    }
}
