import TernWorkspace

/// The `requires:` graph of a workspace's specs, each seen with its unsaved edits: which spec a
/// dependency names, whether the graph loops, and an order in which dependencies come first.
/// Walked with stacks of its own, not by recursion: a chain thousands of specs deep is handled whole.
struct RequiresGraph: Sendable {
    /// The specs.
    let workspace: Workspace
    /// The unsaved edits every spec is seen through.
    let edits: SpecEdits

    /// The spec a dependency names, with its edits; an unknown one is an error naming the spec that requires it.
    func required(_ dependency: SpecDependency, of entry: SpecEntry) throws(ExplorerError) -> SpecEntry {
        do {
            return edits.current(try workspace.spec(named: dependency.spec))
        } catch {
            throw ExplorerError(.workspace, "\(entry.id) requires \(error)")
        }
    }

    /// Whether some spec requires the spec `id`.
    func isRequired(_ id: String) -> Bool {
        workspace.specs.contains { spec in
            spec.spec.requires.contains { (try? workspace.spec(named: $0.spec))?.id == id }
        }
    }

    /// An error naming the cycle when the graph from `entry` loops (`a → b → a`).
    func checkCycles(from entry: SpecEntry) throws(ExplorerError) {
        var onPath = Set<String>([entry.id])
        var done = Set<String>()
        var stack: [(entry: SpecEntry, next: Int)] = [(entry, 0)]
        while let top = stack.last {
            let requires = top.entry.spec.requires
            guard top.next < requires.count else {
                onPath.remove(top.entry.id)
                done.insert(top.entry.id)
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let required = try required(requires[top.next], of: top.entry)
            if onPath.contains(required.id) {
                let path = stack.map(\.entry.id)
                let start = path.firstIndex(of: required.id) ?? path.startIndex
                let cycle = (path[start...] + [required.id]).joined(separator: " → ")
                throw ExplorerError(.workspace, "the specs require each other in a cycle: \(cycle)")
            }
            guard !done.contains(required.id) else { continue }
            onPath.insert(required.id)
            stack.append((required, 0))
        }
    }

    /// The ids of `chosen` (a graph without cycles) in order: as given, except that a spec comes after
    /// the chosen specs it requires.
    func order(_ chosen: [SpecEntry]) -> [String] {
        let ids = Set(chosen.map(\.id))
        var ordered: [String] = []
        var placed = Set<String>()
        for root in chosen where !placed.contains(root.id) {
            var stack: [(entry: SpecEntry, next: Int)] = [(root, 0)]
            var entered = Set<String>([root.id])
            while let top = stack.last {
                let requires = top.entry.spec.requires
                guard top.next < requires.count else {
                    stack.removeLast()
                    if placed.insert(top.entry.id).inserted { ordered.append(top.entry.id) }
                    continue
                }
                stack[stack.count - 1].next += 1
                guard let required = try? workspace.spec(named: requires[top.next].spec), ids.contains(required.id),
                    !placed.contains(required.id), entered.insert(required.id).inserted
                else { continue }
                stack.append((edits.current(required), 0))
            }
        }
        return ordered
    }
}
