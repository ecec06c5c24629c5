import Foundation
import Tern
import TernWorkspace

/// The specs a command names (ids, unique file names, group folders; every spec when none), and the order a
/// run sends them in.
struct SpecSelection: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `SpecSelection` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// The ids `names` stand for, in a stable order: id order (a folder's `order:` first, as listed), except
    /// that a spec comes after the chosen specs it requires.
    func runOrder(_ names: [String]) throws(ExplorerError) -> [String] {
        let workspace = self.workspace
        let chosen = try targets(names, allWhenEmpty: true).sorted { workspace.order.runsBefore($0.id, $1.id) }
        let graph = context.requiresGraph
        for entry in chosen { try graph.checkCycles(from: entry) }
        return graph.order(chosen)
    }

    /// The specs `names` (ids, unique file names or group folders) stand for, in id order. A spec file
    /// that could not be loaded among them (all of them when `names` is empty) is an error: a run or a
    /// verification never passes by leaving a broken file out.
    func targets(_ names: [String], allWhenEmpty: Bool) throws(ExplorerError) -> [SpecEntry] {
        let broken = workspace.brokenSpecs.filter { spec in
            names.isEmpty
                ? allWhenEmpty
                : names.contains { $0 == spec.id || spec.id.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        if let first = broken.first {
            let more = broken.count > 1 ? " (and \(broken.count - 1) more broken spec files)" : ""
            throw ExplorerError(.workspace, first.error.description + more)
        }
        if names.isEmpty {
            if allWhenEmpty { return workspace.specs.map { edits.current($0) } }
            return [try entry(nil)]
        }
        var chosen: [SpecEntry] = []
        for name in names {
            let group = name.hasSuffix("/") ? name : name + "/"
            let members = workspace.specs.filter { $0.id.hasPrefix(group) }
            if !members.isEmpty, (try? workspace.spec(named: name)) == nil {
                chosen += members.map { edits.current($0) }
            } else {
                chosen.append(try entry(name))
            }
        }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0.id).inserted }
    }
}
