import Foundation
import Testing

@testable import TernWorkspace

/// `tern init`'s files: they load, they are commented, and they never replace a file.
@Suite struct WorkspaceTemplateTests {
    @Test func theNewWorkspaceLoadsWithItsExampleAndNoWarnings() throws {
        let folder = try TemporaryWorkspace()
        let root = folder.url("my api")
        let written = try WorkspaceTemplate.write(at: root)
        #expect(written.map(\.lastPathComponent) == ["workspace.yaml", "local.yaml", "get-user.yaml", ".gitignore"])
        let workspace = try Workspace.load(from: root)
        #expect(workspace.name == "my api")
        #expect(workspace.warnings.isEmpty, "\(workspace.warnings)")
        #expect(workspace.specIDs == [WorkspaceTemplate.exampleSpec])
        #expect(workspace.environments.keys.sorted() == ["local"])
        #expect(workspace.defaultEnvironment == "local")
        #expect(workspace.referencesVariable("mock", environment: nil), "the example runs against the mock")
        #expect(try folder.read("my api/.gitignore").contains("\n.tern/\n"))
        #expect(try folder.read("my api/workspace.yaml").hasPrefix("# A Tern workspace"))
    }

    @Test func anExistingFileIsNeverReplaced() throws {
        let folder = try TemporaryWorkspace(["api/specs/example/get-user.yaml": "mine\n"])
        do {
            try WorkspaceTemplate.write(at: folder.url("api"))
            Issue.record("the template was written")
        } catch {
            #expect(error.message.contains("specs/example/get-user.yaml already exists"))
            #expect(error.message.contains("never replaces"))
        }
        #expect(try folder.read("api/specs/example/get-user.yaml") == "mine\n")
        #expect(try folder.contents(of: "api") == ["specs"], "nothing else was written")

        try WorkspaceTemplate.write(at: folder.url("second"))
        #expect(throws: WorkspaceError.self) { try WorkspaceTemplate.write(at: folder.url("second")) }
    }

    @Test func anExistingGitignoreKeepsItsLinesAndGainsTheRule() throws {
        let folder = try TemporaryWorkspace(["a/.gitignore": "build/", "b/.gitignore": "x\n.tern/\n"])
        try WorkspaceTemplate.write(at: folder.url("a"))
        let text = try folder.read("a/.gitignore")
        #expect(text.hasPrefix("build/\n# Tern's local state"))
        #expect(text.hasSuffix("\n.tern/\n"))
        let written = try WorkspaceTemplate.write(at: folder.url("b"))
        #expect(try folder.read("b/.gitignore") == "x\n.tern/\n")
        #expect(!written.map(\.lastPathComponent).contains(".gitignore"))
    }

    @Test func aFileWhereTheFolderShouldBeIsAnError() throws {
        let folder = try TemporaryWorkspace(["plain": "text"])
        #expect(throws: WorkspaceError.self) { try WorkspaceTemplate.write(at: folder.url("plain")) }
    }
}
