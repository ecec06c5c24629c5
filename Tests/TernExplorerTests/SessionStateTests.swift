import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// The editing and settings concepts on their own: the selection and unsaved edits, and what a session
/// sends with above the workspace's files.
@Suite("Session state: edits and settings")
struct SessionStateTests {
    /// A workspace with two specs, `users/a` (its own redirect policy) and `users/b`.
    static func workspace(in folder: ScratchFolder) throws -> Workspace {
        let chain = try ChainWorkspace.make(
            in: folder,
            specs: [
                "users/a.yaml": "name: A\ntarget: api\nmethod: GET\npath: /a\nredirects: { follow: false }\n",
                "users/b.yaml": "name: B\ntarget: api\nmethod: GET\npath: /b\n",
            ])
        return try Workspace.load(from: chain.root)
    }

    @Test("without a selection the selected spec is an error; with one, every lookup sees its edits")
    func edits() throws {
        try withFolder { folder in
            let workspace = try Self.workspace(in: folder)
            var edits = SpecEdits()
            #expect(throws: ExplorerError.self) { try edits.entry(nil, in: workspace) }
            edits.select("users/b")
            var changed = try edits.entry(nil, in: workspace)
            changed.spec.path = "/b2"
            edits[changed.id] = changed
            #expect(try edits.entry(nil, in: workspace).spec.path == "/b2")
            #expect(try edits.entry("b", in: workspace).spec.path == "/b2")
            #expect(try edits.entry("users/a", in: workspace).spec.path == "/a")
            #expect(edits.unsavedIDs == ["users/b"])
            edits["users/b"] = nil
            #expect(edits.isEmpty)
            #expect(try edits.entry(nil, in: workspace).spec.path == "/b")
            let unknown = #expect(throws: ExplorerError.self) { try edits.entry("nope", in: workspace) }
            #expect(unknown?.kind == .workspace)
        }
    }

    @Test("the environment falls back to the workspace's default; redirects: session, then spec, then workspace")
    func settings() throws {
        try withFolder { folder in
            let workspace = try Self.workspace(in: folder)
            var settings = SessionSettings(environment: nil, mode: .normal, variables: ["user": "grace"])
            #expect(settings.activeEnvironment(in: workspace) == "local")
            let specA = try workspace.spec(named: "users/a").spec
            let specB = try workspace.spec(named: "users/b").spec
            #expect(settings.redirects(for: specA, in: workspace).follow == false)
            #expect(settings.redirects(for: specB, in: workspace) == workspace.handler.redirects)
            settings.redirectOverride = RedirectPolicy(follow: true, maximum: 2)
            #expect(settings.redirects(for: specA, in: workspace).maximum == 2)
            settings.environment = "prod"
            #expect(settings.activeEnvironment(in: workspace) == "prod")
            let context = settings.templateContext(processEnvironment: [:], captured: ["token": "t"])
            #expect(context.environment == "prod")
            #expect(context.overrides == ["user": "grace"])
            #expect(context.captured == ["token": "t"])
        }
    }
}
