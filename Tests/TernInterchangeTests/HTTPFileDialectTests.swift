import Foundation
import HTTPTypes
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// The dialect constructs that change what a request means: each maps, or is reported with its line.
@Suite(".http dialects")
struct HTTPFileDialectTests {
    private func read(_ text: String, name: String = "api.http") throws -> ImportedCollection {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-dialect-\(UUID().uuidString)")
        return try HTTPFileImporter.read(
            ImportSource(
                data: Data(text.utf8), name: folder.appendingPathComponent(name).path, baseDirectory: folder,
                workspaceRoot: folder.appendingPathComponent("ws")))
    }

    @Test("the JetBrains spec's indented target lines (spec-line458, spec-line467) are one URL")
    func continuedTarget() throws {
        let one = try read("http://example.com/\n    api\n    /get\n")
        let target = try #require(one.targets.first).baseURL
        #expect(target + (one.specs.first?.spec.path ?? "") == "http://example.com/api/get")
        let two = try read("http://example.com/\n    %20api%20\n    +/get+\n")
        #expect(
            (two.targets.first?.baseURL ?? "") + (two.specs.first?.spec.path ?? "")
                == "http://example.com/%20api%20+/get+")
        #expect(one.warnings.isEmpty && two.warnings.isEmpty, "\(one.warnings) \(two.warnings)")
    }

    @Test("httpyac's requests one after another without ###: each its own, with its name and its checks")
    func withoutSeparators() throws {
        let collection = try read(
            """
            GET https://h.example/json

            ?? status == 200

            # @name second
            GET https://h.example/json?test=2

            ?? status == 201
            """)
        #expect(collection.specs.map(\.spec.name) == ["GET /json", "second"])
        #expect(collection.specs.map(\.spec.expect) == [[.status(.exactly(200))], [.status(.exactly(201))]])
        #expect(collection.specs.allSatisfy { $0.spec.body == nil })
        #expect(collection.warnings.isEmpty, "\(collection.warnings)")
    }

    @Test("GraphQL bodies: REST Client's X-REQUEST-TYPE, kulala's GRAPHQL line, httpyac's bare query")
    func graphQL() throws {
        let collection = try read(
            """
            POST https://h.example/graphql
            Content-Type: application/json
            X-REQUEST-TYPE: GraphQL

            query ($name: String!) {
              repository(name: $name) { name }
            }

            {"name": "tern"}

            ###
            GRAPHQL https://h.example/graphql HTTP/1.1

            query Countries { countries { code } }

            ###
            POST https://h.example/graphql

            mutation { ping }
            """)
        let bodies = collection.specs.map(\.spec.body)
        #expect(
            bodies == [
                .graphql(
                    GraphQLBodyDefinition(
                        query: "query ($name: String!) {\n  repository(name: $name) { name }\n}",
                        variables: .object(["name": .string("tern")]))),
                .graphql(GraphQLBodyDefinition(query: "query Countries { countries { code } }")),
                .graphql(GraphQLBodyDefinition(query: "mutation { ping }")),
            ])
        #expect(collection.specs.map(\.spec.method) == ["POST", "POST", "POST"])
        #expect(collection.specs.first?.spec.headers.contains { $0.name == "X-REQUEST-TYPE" } == false)
    }

    @Test("auth shorthands: AWS with region and service is aws auth; COGNITO, oauth2, openid are reported by line")
    func authShorthands() throws {
        let collection = try read(
            """
            GET https://h.example/a
            Authorization: AWS AKID s3cr3t region:eu-west-1 service:execute-api

            ###
            GET https://h.example/b
            Authorization: oauth2 client_credentials

            ###
            GET https://h.example/c
            Authorization: COGNITO user pass region pool client
            """)
        let first = try #require(collection.specs.first).spec
        guard case .aws(let key, let secret, _, let region, let service)? = first.auth else {
            Issue.record("\(String(describing: first.auth))")
            return
        }
        #expect(key == "AKID" && region == "eu-west-1" && service == "execute-api")
        #expect(secret.hasPrefix("{{secret:"), "the secret key goes to the store")
        let warnings = collection.warnings.joined(separator: "\n")
        #expect(warnings.contains("line 6: 'Authorization: oauth2 …' is a shorthand"), "\(warnings)")
        #expect(warnings.contains("line 10: 'Authorization: COGNITO …' is a shorthand"), "\(warnings)")
    }

    @Test("a response written below a request and text before a request line are notes, reported by line")
    func responseAndProse() throws {
        let collection = try read(
            """
            This file shows a request and its answer.
            GET https://h.example/json

            //response example
            HTTP/2.0 200 OK
            content-type: application/json

            {"ok": true}

            ###
            < {%
              request.variables.set("x", "1")
            %}
            POST https://h.example/echo

            <@ ./body.json
            """)
        let first = try #require(collection.specs.first).spec
        #expect(first.body == nil, "the response is not a body")
        #expect(first.path.hasSuffix("/json") && first.method == "GET")
        #expect(first.notes?.contains("HTTP/2.0 200 OK") == true)
        #expect(first.notes?.contains("This file shows a request and its answer.") == true)
        let warnings = collection.warnings.joined(separator: "\n")
        #expect(warnings.contains("line 1: 'This file shows a request and its answer.' is not a request line"))
        #expect(warnings.contains("line 5: a response written below the request is not sent"), "\(warnings)")
        #expect(warnings.contains("line 11: '< {%' is not a request line (a pre-request script"), "\(warnings)")
        #expect(warnings.contains("line 16: '<@' substitutes variables"), "\(warnings)")
        let second = try #require(collection.specs.last).spec
        #expect(second.method == "POST" && second.notes?.contains(#"request.variables.set("x", "1")"#) == true)
    }
}

/// The JetBrains specification's own examples that use only the core grammar send what they say.
@Suite(".http core: the JetBrains spec's examples")
struct HTTPFileCoreTests {
    static let expected: [String: [String]] = [
        "spec-line010.http": ["POST http://example.com/api/add"],
        "spec-line140.http": ["GET http://example.com", "GET http://example.com"],
        "spec-line186.http": ["GET http://example.com"],
        "spec-line190.http": ["GET http://example.com"],
        "spec-line210.http": ["GET http://example.com/api/get"],
        "spec-line228.http": ["GET http://example.com/api/get"],
        "spec-line261.http": ["GET http://[::1]"],
        "spec-line264.http": ["GET http://127.0.0.1:8080"],
        "spec-line267.http": ["GET http://example.com"],
        "spec-line295.http": ["GET http://example.com/api/get?id=42"],
        "spec-line331.http": ["GET http://example.com/api/get?id=15"],
        "spec-line356.http": ["POST http://example.com/api/add"],
        "spec-line458.http": ["GET http://example.com/api/get"],
        "spec-line467.http": ["GET http://example.com/%20api%20+/get+"],
        "spec-line478.http": ["POST http://example.com/add"],
    ]

    @Test("each request of the core examples sends the method and URL written", arguments: expected.keys.sorted())
    func sends(file: String) throws {
        let folder = HTTPFileCorpusTests.folder.appendingPathComponent(
            "JetBrains+http-request-in-editor-spec/spec-md-blocks")
        let url = folder.appendingPathComponent(file)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-core-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = ImportSource(
            data: try Data(contentsOf: url), name: url.path, baseDirectory: folder, workspaceRoot: root)
        let collection = try HTTPFileImporter.read(source)
        try ImportPlan(collection, root: root, group: "core", overwrite: false, origin: "test").apply()
        let workspace = try Workspace.load(from: root)
        let sent = try workspace.specs.sorted { workspace.order.runsBefore($0.id, $1.id) }.map { entry in
            let request = try workspace.request(for: entry, context: TemplateContext(processEnvironment: [:]))
            return "\(request.method.rawValue) \(request.url.absoluteString)"
        }
        #expect(sent == Self.expected[file], "\(file)")
    }
}
