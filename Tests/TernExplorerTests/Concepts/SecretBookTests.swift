import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// The secrets concept on its own: which values it knows (those the workspace references, longest first), a
/// secret kept in the store or for this session only, and the redactors it makes.
@Suite struct SecretBookTests {
    private func workspace(_ folder: ScratchFolder) throws -> Workspace {
        let chain = try ChainWorkspace.make(
            in: folder,
            specs: ["a.yaml": "target: api\nmethod: GET\npath: /a\nheaders:\n  X-Key: \"{{env:API_KEY}}\"\n"])
        return try Workspace.load(from: chain.root)
    }

    @Test func knowsTheValuesTheWorkspaceReferencesAndNoOthers() throws {
        try withFolder { folder in
            let workspace = try workspace(folder)
            let book = SecretBook(processEnvironment: ["API_KEY": "k-123456", "UNUSED": "u-999999"])
            let values = book.values(in: workspace, edits: SpecEdits())
            #expect(values.map(\.name) == ["API_KEY"])
            #expect(values.map(\.value) == ["k-123456"])
        }
    }

    @Test func anEditReferencingAnotherSecretIsSeenOnceTheNamesAreForgotten() throws {
        try withFolder { folder in
            let workspace = try workspace(folder)
            let book = SecretBook(processEnvironment: ["API_KEY": "k-123456", "OTHER": "o-7777777"])
            var edits = SpecEdits()
            edits.select("a")
            _ = book.values(in: workspace, edits: edits)
            _ = try edits.set(.header, name: "X-Other", value: "{{env:OTHER}}", in: workspace)
            #expect(book.values(in: workspace, edits: edits).count == 1, "the names are worked out once per change")
            book.forgetNames()
            let values = book.values(in: workspace, edits: edits)
            #expect(values.map(\.value) == ["o-7777777", "k-123456"], "longest first")
        }
    }

    @Test func aSecretForThisSessionOnlyResolvesAndIsWrittenNowhere() throws {
        try withFolder { folder in
            let workspace = try workspace(folder)
            let book = SecretBook(processEnvironment: [:])
            #expect(
                book.useThisSession("token", "s3cret-value") == "using secret token for this session only (not written)"
            )
            #expect(book.resolver(root: workspace.root).knownValues(of: ["token"]).map(\.value) == ["s3cret-value"])
            #expect(!FileManager.default.fileExists(atPath: SecretStore.file(inWorkspace: workspace.root).path))
            _ = book.useThisSession("token", nil)
            #expect(book.resolver(root: workspace.root).knownValues(of: ["token"]).isEmpty)
        }
    }

    @Test func aKeptSecretGoesToTheStoreAndABadNameIsRefused() throws {
        try withFolder { folder in
            let workspace = try workspace(folder)
            let book = SecretBook(processEnvironment: [:])
            #expect(throws: ExplorerError.self) { try book.keep("no spaces allowed", "v", root: workspace.root) }
            _ = try book.keep("token", "kept-value-1", root: workspace.root)
            let store = try SecretStore.load(workspace: workspace.root)
            #expect(store.source(of: "token") == .value("kept-value-1"))
            #expect(book.resolver(root: workspace.root).knownValues(of: ["token"]).map(\.value) == ["kept-value-1"])
        }
    }

    @Test func itsRedactorHidesTheValuesAndTheSensitiveHeaders() {
        let redactor = SecretBook.redactor(hiding: ["k-123456"], headers: ["X-Private"])
        #expect(!redactor.redact("key=k-123456").contains("k-123456"))
        #expect(redactor.hasSecretValues)
    }
}
