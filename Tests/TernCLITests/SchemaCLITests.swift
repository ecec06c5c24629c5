import Foundation
import TernTesting
import Testing

/// `expect: schema:` from the command line: a schema file of the workspace by `$ref`, failures as
/// pointers in the run's lines and reports, and a broken schema refused where it is written.
@Suite("JSON Schema checks in tern run")
struct SchemaCLITests {
    @Test("a $ref'd schema file checks the answer; a failure points into the answer and the schema")
    func schemaFile() async throws {
        try await withDemo { demo in
            try demo.write(
                "schemas/user.yaml",
                "$schema: https://json-schema.org/draft/2020-12/schema\ntype: object\n"
                    + "required: [id, name, email]\nproperties:\n  id: {type: integer, minimum: 1}\n"
                    + "  email: {type: string, format: email}\n  name: {$ref: '#/$defs/name'}\n"
                    + "$defs:\n  name: {type: string, pattern: '^[A-Z]'}\n")
            try demo.write(
                "specs/schema/user.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  schema: {$ref: schemas/user.yaml}\n"
                    + "  schemaFormats: assert\n")
            try demo.write(
                "specs/schema/strict.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  schema:\n    $ref: schemas/user.yaml\n"
                    + "    properties:\n      id: {maximum: 0}\n    additionalProperties: false\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let json = demo.root.appendingPathComponent("report.json").path
            let run = try await Tern.run(
                demo.arguments([
                    "run", "schema", "--var", "baseURL=\(server.baseURL.absoluteString)", "--report", "json:\(json)",
                ]))
            #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("✓ schema/user "), "\(run.stdout)")
            #expect(
                run.stdout.contains(
                    "✗ body matches the schema — got /id: 1 is greater than the maximum 0 "
                        + "(schema /properties/id/maximum)"), "\(run.stdout)")
            let report = try String(contentsOfFile: json, encoding: .utf8).replacingOccurrences(of: "\\/", with: "/")
            #expect(report.contains("/name: additional property 'name' is not allowed (schema /additionalProperties)"))
        }
    }

    @Test("a schema that is not one is an error at its line and column when the spec is read")
    func brokenSchema() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/schema/broken.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  schema:\n    type: object\n    minimum: ten\n")
            let run = try await Tern.run(demo.arguments(["run", "schema/broken"]))
            #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("broken.yaml:6:5: 'expect.schema' is not a valid JSON Schema"), "\(run.stderr)")
            #expect(run.stderr.contains("/minimum"), "\(run.stderr)")
        }
    }
}
