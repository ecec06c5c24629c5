import Foundation
import TernWorkspace
import Testing

@testable import TernExplorer

/// The `requires:` graph on its own: lookups, cycles and the order a run sends specs in.
@Suite("Requires graph")
struct RequiresGraphTests {
    /// A spec on the workspace's target that requires `requires`.
    static func spec(_ requires: [String] = []) -> String {
        "target: api\nmethod: GET\npath: /x\n"
            + (requires.isEmpty ? "" : "requires: [\(requires.joined(separator: ", "))]\n")
    }

    /// The graph of a workspace made of `specs`, seen through no edits.
    static func graph(_ specs: [String: String], in folder: ScratchFolder) throws -> RequiresGraph {
        let chain = try ChainWorkspace.make(in: folder, specs: specs)
        return RequiresGraph(workspace: try Workspace.load(from: chain.root), edits: SpecEdits())
    }

    @Test("a spec comes after the chosen specs it requires; specs not chosen are left out")
    func order() throws {
        try withFolder { folder in
            let specs = [
                "a.yaml": Self.spec(["c"]), "b.yaml": Self.spec(), "c.yaml": Self.spec(["d"]), "d.yaml": Self.spec(),
            ]
            let graph = try Self.graph(specs, in: folder)
            let all = graph.workspace.specs.sorted { $0.id < $1.id }
            #expect(graph.order(all) == ["d", "c", "a", "b"])
            #expect(graph.order(all.filter { $0.id != "d" }) == ["c", "a", "b"])
            #expect(graph.isRequired("c") && graph.isRequired("d") && !graph.isRequired("a"))
        }
    }

    @Test("a cycle is an error naming it; an unknown dependency names the spec that requires it")
    func errors() throws {
        try withFolder { folder in
            let specs = ["a.yaml": Self.spec(["b"]), "b.yaml": Self.spec(["a"]), "c.yaml": Self.spec(["nope"])]
            let graph = try Self.graph(specs, in: folder)
            let a = try graph.workspace.spec(named: "a")
            let cycle = #expect(throws: ExplorerError.self) { try graph.checkCycles(from: a) }
            #expect(cycle?.message == "the specs require each other in a cycle: a → b → a")
            let c = try graph.workspace.spec(named: "c")
            let unknown = #expect(throws: ExplorerError.self) { try graph.checkCycles(from: c) }
            #expect(unknown?.message.hasPrefix("c requires ") == true)
        }
    }

    @Test("dependencies are seen with their unsaved edits")
    func edits() throws {
        try withFolder { folder in
            var graph = try Self.graph(["a.yaml": Self.spec(["b"]), "b.yaml": Self.spec()], in: folder)
            var b = try graph.workspace.spec(named: "b")
            b.spec.path = "/edited"
            var edits = SpecEdits()
            edits[b.id] = b
            graph = RequiresGraph(workspace: graph.workspace, edits: edits)
            let a = try graph.workspace.spec(named: "a")
            let dependency = try #require(a.spec.requires.first)
            #expect(try graph.required(dependency, of: a).spec.path == "/edited")
        }
    }
}
