import Foundation
import HTTPTypes
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// The contracts concept on its own: a spec's answer checked against its OpenAPI operation, the description
/// read again when its file changes, and a description outside the workspace refused.
@Suite struct ContractBookTests {
    private static func description(idType: String) -> String {
        """
        {"openapi": "3.1.0", "info": {"title": "pets", "version": "1"},
         "paths": {"/pets/{id}": {"get": {"responses": {"200": {"description": "a pet",
           "content": {"application/json": {"schema": {"type": "object", "required": ["id"],
             "properties": {"id": {"type": "\(idType)"}}}}}}}}}}}
        """
    }

    private static let spec = """
        target: api
        method: GET
        path: /pets/1
        openapi:
          document: openapi/pets.json
          operation: GET /pets/{id}
        expect:
          openapi: true

        """

    private func check(_ body: String, in workspace: Workspace, book: ContractBook) throws -> [ExpectationResult] {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let response = Response(
            status: .ok, headers: headers, body: Data(body.utf8), request: Request(url: URL(filePath: "/pets/1")))
        var facts = ResponseFacts(response)
        return book.results(try workspace.spec(named: "pet"), &facts, in: workspace)
    }

    @Test func anAnswerIsCheckedAgainstItsOperationAndAFailureNamesItsPointer() throws {
        try withFolder { folder in
            let chain = try ChainWorkspace.make(in: folder, specs: ["pet.yaml": Self.spec])
            try ChainWorkspace.write(chain.root, "openapi/pets.json", Self.description(idType: "integer"))
            let workspace = try Workspace.load(from: chain.root)
            let book = ContractBook()
            let good = try check(#"{"id": 1}"#, in: workspace, book: book)
            #expect(!good.isEmpty && good.allSatisfy(\.passed), "\(good)")
            let bad = try check(#"{"id": "1"}"#, in: workspace, book: book)
            #expect(bad.contains { !$0.passed && $0.actual.contains("/id: expected integer") })
        }
    }

    @Test func theDescriptionIsReadAgainWhenItsFileChanges() async throws {
        try await withFolder { folder in
            let chain = try ChainWorkspace.make(in: folder, specs: ["pet.yaml": Self.spec])
            try ChainWorkspace.write(chain.root, "openapi/pets.json", Self.description(idType: "integer"))
            let workspace = try Workspace.load(from: chain.root)
            let book = ContractBook()
            #expect(try check(#"{"id": "1"}"#, in: workspace, book: book).contains { !$0.passed })
            // A stamp differs by size or time: the new text is longer.
            try await Task.sleep(for: .milliseconds(10))
            try ChainWorkspace.write(chain.root, "openapi/pets.json", Self.description(idType: "string") + "\n\n")
            #expect(try check(#"{"id": "1"}"#, in: workspace, book: book).allSatisfy(\.passed))
        }
    }

    @Test func aDescriptionOutsideTheWorkspaceIsRefused() throws {
        try withFolder { folder in
            let outside = Self.spec.replacingOccurrences(of: "openapi/pets.json", with: "../pets.json")
            let chain = try ChainWorkspace.make(in: folder, specs: ["pet.yaml": outside])
            try ChainWorkspace.write(folder.url, "pets.json", Self.description(idType: "integer"))
            let workspace = try Workspace.load(from: chain.root)
            let results = try check(#"{"id": 1}"#, in: workspace, book: ContractBook())
            #expect(results.count == 1)
            #expect(results.first?.passed == false)
            #expect(results.first?.actual.contains("outside the workspace") == true)
        }
    }

    @Test func aSpecWithoutAnOperationIsNotChecked() throws {
        try withFolder { folder in
            let chain = try ChainWorkspace.make(in: folder, specs: ["pet.yaml": "target: api\nmethod: GET\npath: /p\n"])
            let workspace = try Workspace.load(from: chain.root)
            #expect(try check("{}", in: workspace, book: ContractBook()).isEmpty)
        }
    }
}
