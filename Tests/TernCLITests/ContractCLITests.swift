import Foundation
import TernTesting
import Testing

/// OpenAPI contracts: an import keeps the description and each spec's operation; `handler.contract:
/// openapi` (or `expect.openapi: true`) checks answers against it. Checked on the petstore description
/// against a Python server that breaks it on purpose, and on GitHub's REST description.
@Suite("OpenAPI contracts", .serialized)
struct ContractCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A petstore that answers `/v1/pets` as documented, `/v1/pets/1` with a string id, and `POST /v1/pets`
    /// with an undocumented HTML body; `/v1/pets/2` is a 418 (the description's `default` covers it).
    static let server = """
        import json, sys
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        class Pets(BaseHTTPRequestHandler):
            def answer(self, status, body, kind='application/json', headers=()):
                data = body.encode()
                self.send_response(status)
                self.send_header('Content-Type', kind)
                self.send_header('Content-Length', str(len(data)))
                for name, value in headers: self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            def do_GET(self):
                if self.path.startswith('/v1/pets/1'): self.answer(200, json.dumps({'id': '1', 'name': 'Rex'}))
                elif self.path.startswith('/v1/pets/2'):
                    self.answer(418, json.dumps({'code': 418, 'message': 'teapot'}))
                else: self.answer(200, json.dumps([{'id': 1, 'name': 'Rex'}]), headers=[('x-next', '/v1/pets?page=2')])
            def do_POST(self):
                self.rfile.read(int(self.headers.get('Content-Length', 0)))
                self.answer(201, '<p>created</p>', kind='text/html')
            def log_message(self, *args): pass
        ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), Pets).serve_forever()
        """

    @Test("petstore: an import keeps the description; a run reports each broken contract with its pointer")
    func petstore() async throws {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { workspace.remove() }
        let description = Self.root.appendingPathComponent(
            "Tests/TernInterchangeTests/Fixtures/openapi/v3.0-petstore.yaml")
        let imported = try await Tern.run(["import", "openapi", description.path, "--workspace", workspace.root.path])
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        let kept = try String(
            contentsOf: workspace.root.appendingPathComponent("openapi/swagger-petstore.yaml"), encoding: .utf8)
        #expect(kept == (try String(contentsOf: description, encoding: .utf8)), "kept as it was given")
        let spec = try String(
            contentsOf: workspace.root.appendingPathComponent("specs/swagger-petstore/pets/show-pet-by-id.yaml"),
            encoding: .utf8)
        #expect(spec.contains("openapi:\n  document: openapi/swagger-petstore.yaml\n  operation: GET /pets/{petId}"))

        let port = try FreePort.onLoopback()
        let python = try ChildProcess("/usr/bin/python3", ["-c", Self.server, String(port)])
        defer { Task { await python.stop() } }
        #expect(await FreePort.waitUntilListening(port))
        let manifest = workspace.root.appendingPathComponent("workspace.yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "http://petstore.swagger.io/v1", with: "http://127.0.0.1:\(port)/v1")
        try (text + "handler:\n  contract: openapi\n").write(to: manifest, atomically: true, encoding: .utf8)
        try workspace.write(
            "specs/swagger-petstore/pets/teapot.yaml",
            "target: swagger-petstore\nmethod: GET\npath: /pets/2\nexpect:\n  status: 418\n"
                + "openapi:\n  document: openapi/swagger-petstore.yaml\n  operation: GET /pets/{petId}\n")

        let run = try await Tern.run(
            ["run", "--workspace", workspace.root.path, "--var", "petId=1", "--var", "limit=5"])
        #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout
        #expect(lines.contains("✓ swagger-petstore/pets/list-pets"), "documented: \(lines)")
        #expect(lines.contains("✓ swagger-petstore/pets/teapot"), "418 falls under default: \(lines)")
        #expect(
            lines.contains(
                "✗ body matches the documented schema — got /id: expected integer, found string "
                    + "(schema /$ref/$ref/properties/id/type)"), "\(lines)")
        #expect(
            lines.contains("✗ content type is documented — got a body came (text/html); none is documented"),
            "\(lines)")
    }

    @Test("expect.openapi: true checks one spec; without an operation it is refused where it is written")
    func perSpec() async throws {
        try await withDemo { demo in
            try demo.write("openapi/users.yaml", Self.usersDescription)
            try demo.write(
                "specs/contract/user.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  openapi: true\n"
                    + "openapi:\n  document: openapi/users.yaml\n  operation: GET /users/{id}\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let run = try await Tern.run(
                demo.arguments(["run", "contract", "--var", "baseURL=\(server.baseURL.absoluteString)"]))
            #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("✗ header X-Request-Id is present (the description requires it) — got absent"))
            #expect(
                run.stdout.contains(
                    "/email: the string has 15 characters, more than the maximum 5 "
                        + "(schema /$ref/properties/email/maxLength)"
                ), "\(run.stdout)")

            try demo.write(
                "specs/contract/outside.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  openapi: true\n"
                    + "openapi:\n  document: ../../etc/passwd\n  operation: GET /users/{id}\n")
            let outside = try await Tern.run(
                demo.arguments(["run", "contract/outside", "--var", "baseURL=\(server.baseURL.absoluteString)"]))
            #expect(outside.stdout.contains("is outside the workspace folder; it is not read"), "\(outside.stdout)")
            try demo.write("specs/contract/outside.yaml", "target: api\nmethod: GET\npath: /users/1\n")
            try demo.write(
                "specs/contract/user.yaml", "target: api\nmethod: GET\npath: /users/1\nexpect:\n  openapi: true\n")
            let refused = try await Tern.run(demo.arguments(["run", "contract"]))
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("user.yaml:5:3: 'expect.openapi' checks the answer"), "\(refused.stderr)")
        }
    }

    static let usersDescription = """
        openapi: 3.0.3
        info: {title: users, version: '1'}
        paths:
          /users/{id}:
            get:
              responses:
                '200':
                  description: a user
                  headers:
                    X-Request-Id: {required: true, schema: {type: string}}
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, name]
                        properties:
                          id: {type: integer}
                          email: {type: string, maxLength: 5, nullable: true}
        """

    @Test(
        "GitHub's REST description: each sample answer is judged as openapi-schema-validator judges it"
    )
    func github() async throws {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { workspace.remove() }
        let packed = Self.root.appendingPathComponent("Benchmarks/fixtures/api.github.com.json.gz")
        let description = workspace.root.appendingPathComponent("api.github.com.json")
        let unpacked = try await ChildProcess.run(
            "/bin/sh", ["-c", "gunzip -c '\(packed.path)' > '\(description.path)'"])
        #expect(unpacked.status == 0)
        let imported = try await Tern.run(["import", "openapi", description.path, "--workspace", workspace.root.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let manifest = workspace.root.appendingPathComponent("workspace.yaml")
        try (try String(contentsOf: manifest, encoding: .utf8) + "handler:\n  contract: openapi\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let report = workspace.root.appendingPathComponent("report.json").path
        let run = try await Tern.run(
            ["run", "--mode", "sample", "--workspace", workspace.root.path, "--report", "json:\(report)"])
        #expect(run.stderr.contains("623 specs: 453 passed, 2 failed, 168 errored"), "\(run.stderr)")
        #expect(run.stdout.contains("✓ git-hub-v3-rest-api/users/users-get-by-username "), "\(run.stdout)")
        #expect(run.stdout.contains("✗ git-hub-v3-rest-api/repos/repos-get "), "\(run.stdout)")
        #expect(
            run.stdout.contains("/template_repository: expected object, found null"),
            "GitHub's own example breaks its 3.0 schema: nullable does not reach into allOf")
        // The same verdict, body by body, from openapi-schema-validator (a validator nobody here wrote).
        let differential = Self.root.appendingPathComponent("scripts/openapi-differential.py").path
        // PATH's python3: the one pip installed openapi-schema-validator for (`make deps`).
        let compared = try await ChildProcess.run(
            "/usr/bin/env", ["python3", differential, workspace.root.path, report])
        #expect(compared.status == 0, "\(compared.text)")
        #expect(compared.text.contains("agree 455 disagree 0"), "\(compared.text)")
    }
}
