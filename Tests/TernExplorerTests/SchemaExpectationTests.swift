import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// `expect: schema:` is JSON Schema, all of it: keywords the old subset ignored now fail answers,
/// `$ref` reads files of the workspace (and only those), and failures point into the answer and the schema.
@Suite("Schema expectations")
struct SchemaExpectationTests {
    static let body =
        #"{"id": 7, "name": "Ada", "email": "ada.example.org", "tags": ["math", 3], "born": "1815-12-10"}"#

    static func check(_ schema: JSONValue, assertFormats: Bool = false, root: URL? = nil) -> ExpectationResult {
        var facts = ExpectationTests.facts(body: body)
        return Expectations.evaluate(.schema(schema, assertFormats: assertFormats), on: &facts, root: root)
    }

    @Test(
        "keywords beyond type/required/properties/items/enum are checked",
        arguments: [
            (
                ["properties": ["id": ["minimum": 10]]],
                "/id: 7 is less than the minimum 10 (schema /properties/id/minimum)"
            ),
            (["properties": ["name": ["pattern": "^G"]]], "/name"),
            (["properties": ["tags": ["items": ["type": "string"]]]], "/tags/1: expected string, found integer"),
            (["oneOf": [["required": ["id"]], ["required": ["name"]]]], "the answer: "),
            (["additionalProperties": false, "properties": ["id": true]], "/name: additional property 'name'"),
            (
                ["$defs": ["positive": ["exclusiveMinimum": 100]], "properties": ["id": ["$ref": "#/$defs/positive"]]],
                "/id"
            ),
            (["properties": ["born": ["type": "string"]], "unevaluatedProperties": false], "/email: "),
        ] as [(JSONValue, String)])
    func strictKeywords(schema: JSONValue, said: String) {
        let result = Self.check(schema)
        #expect(!result.passed)
        #expect(result.actual.contains(said), "\(result.actual)")
    }

    @Test("formats are notes unless schemaFormats: assert; $schema chooses the draft")
    func formatsAndDrafts() {
        let email: JSONValue = ["properties": ["email": ["format": "email"], "born": ["format": "date"]]]
        #expect(Self.check(email).passed, "an annotation by default")
        let asserted = Self.check(email, assertFormats: true)
        #expect(!asserted.passed)
        #expect(asserted.actual.contains("/email"), "\(asserted.actual)")
        // draft-07's items array is a tuple: tags[1] is checked against the second schema only.
        let draft7: JSONValue = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "properties": ["tags": ["items": [["type": "string"], ["type": "integer"]]]],
        ]
        #expect(Self.check(draft7).passed, "\(Self.check(draft7).actual)")
        let unknown = Self.check(["$schema": "https://example.com/my-dialect"])
        #expect(!unknown.passed && unknown.actual.hasPrefix("the schema: "), "\(unknown.actual)")
    }

    @Test("$ref names a JSON or YAML file of the workspace; a file outside it is never read")
    func fileReferences() throws {
        try withFolder { workspace in
            try FileManager.default.createDirectory(
                at: workspace.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
            _ = try workspace.file(
                "schemas/user.yaml",
                Data("type: object\nrequired: [id, email]\nproperties:\n  id: {$ref: 'common.json#/$defs/id'}\n".utf8))
            _ = try workspace.file(
                "schemas/common.json", Data(#"{"$defs": {"id": {"type": "integer", "maximum": 5}}}"#.utf8))
            let result = Self.check(["$ref": "schemas/user.yaml"], root: workspace.url)
            #expect(!result.passed)
            #expect(result.actual.contains("/id: 7 is greater than the maximum 5"), "\(result.actual)")
            let outside = Self.check(["$ref": "../../etc/passwd"], root: workspace.url)
            #expect(!outside.passed && outside.actual.contains("the schema: "), "\(outside.actual)")
            let missing = Self.check(["$ref": "schemas/nope.json"], root: workspace.url)
            #expect(!missing.passed && missing.actual.contains("nope.json"), "\(missing.actual)")
        }
    }

    @Test("a $ref through a symbolic link inside the workspace to a file outside it is never read")
    func linkOutside() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("tern-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        // A schema every answer passes: read, it would make the check pass.
        try Data(#"{"type": "object"}"#.utf8).write(to: outside.appendingPathComponent("any.json"))
        try withFolder { workspace in
            try FileManager.default.createDirectory(
                at: workspace.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: workspace.url.appendingPathComponent("schemas/link.json").path,
                withDestinationPath: outside.appendingPathComponent("any.json").path)
            let linked = Self.check(["$ref": "schemas/link.json"], root: workspace.url)
            #expect(!linked.passed, "\(linked.actual)")
            #expect(linked.actual.hasPrefix("the schema: "), "\(linked.actual)")
            #expect(
                throws: WorkspaceError.self,
                performing: {
                    try SchemaFile.document(
                        at: workspace.url.appendingPathComponent("schemas/link.json").absoluteString,
                        root: workspace.url)
                })
        }
    }

    @Test("more than three failures are counted, not listed")
    func failureCap() {
        let schema: JSONValue = [
            "properties": [
                "id": ["type": "string"], "name": ["type": "integer"], "email": ["type": "integer"],
                "born": ["type": "integer"], "tags": ["type": "object"],
            ]
        ]
        let result = Self.check(schema)
        #expect(result.actual.hasSuffix("; 2 more"), "\(result.actual)")
    }
}
