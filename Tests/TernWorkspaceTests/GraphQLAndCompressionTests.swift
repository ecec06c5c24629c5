import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

/// The `graphql` body kind (reading, lowering, writing) and the `compression` handler settings.
@Suite struct GraphQLAndCompressionTests {
    private let context = TemplateContext(processEnvironment: [:])

    static let spec = """
        name: User query
        target: api
        method: POST
        path: /graphql
        body:
          graphql:
            query: |
              query User($id: ID!) { user(id: $id) { name } }
            operationName: User
            variables: {id: "{{userId}}", deep: {list: ["{{traceId}}", 2]}}
        """

    @Test func graphQLLowersToGraphQLOverHTTPJSON() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": Self.spec])
        let workspace = try folder.load()
        let request = try workspace.request(for: workspace.spec(named: "s"), context: context)
        #expect(request.method == .post)
        #expect(request.headers[.contentType] == "application/json")
        // The target's `Accept: application/json` gives way to the body kind's.
        #expect(request.headers[.accept] == "application/graphql-response+json, application/json")
        let sent = try JSONSerialization.jsonObject(with: try request.body.collect()) as? [String: Any]
        #expect(sent?["query"] as? String == "query User($id: ID!) { user(id: $id) { name } }\n")
        #expect(sent?["operationName"] as? String == "User")
        let variables = sent?["variables"] as? [String: Any]
        #expect(variables?["id"] as? String == "42")
        #expect(((variables?["deep"] as? [String: Any])?["list"] as? [Any])?.first as? String == "abc")
    }

    @Test func aSpecAcceptWins() throws {
        let spec = Self.spec.replacingOccurrences(of: "path: /graphql", with: "path: /graphql\nheaders: {Accept: x/y}")
        let folder = try Fixtures.demo(["specs/s.yaml": spec])
        let workspace = try folder.load()
        let request = try workspace.request(for: workspace.spec(named: "s"), context: context)
        #expect(request.headers[.accept] == "x/y")
    }

    @Test func graphQLRoundTripsThroughTheWriter() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": Self.spec])
        let entry = try folder.load().spec(named: "s")
        guard case .graphql(let body)? = entry.spec.body else {
            Issue.record("not a graphql body: \(String(describing: entry.spec.body))")
            return
        }
        #expect(body.operationName == "User")
        try folder.load().save(entry)
        let reloaded = try folder.load().spec(named: "s")
        #expect(reloaded.spec == entry.spec)
        let text = try folder.read("specs/s.yaml")
        #expect(text.contains("graphql:") && text.contains("operationName: User"))
        var bare = entry
        bare.spec.body = .graphql(GraphQLBodyDefinition(query: "{ users { id } }"))
        try folder.load().save(bare)
        #expect(try folder.load().spec(named: "s").spec.body == bare.spec.body)
    }

    static let subscription = """
        target: socket
        path: /graphql
        body:
          graphql:
            query: "subscription { countdown(from: 3) }"
        until: {received: 2}
        """

    @Test func aSubscriptionNeedsNoMethodAndKeepsItsUntil() throws {
        let manifest =
            Fixtures.manifest + "\n  socket:\n    baseURL: ws://127.0.0.1:9\n"
            + "    graphql: {subscriptions: \"ws://127.0.0.1:9/{{userId}}/graphql\"}\n"
        let folder = try Fixtures.demo(["workspace.yaml": manifest, "specs/s.yaml": Self.subscription])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "s")
        #expect(entry.spec.method == "POST")
        #expect(entry.spec.until == WebSocketDefinition.Until(received: 2))
        // A ws:// target's GraphQL spec keeps its scheme: its operations go over graphql-transport-ws.
        let request = try workspace.request(for: entry, context: context)
        #expect(request.url.absoluteString == "ws://127.0.0.1:9/graphql")
        #expect(
            try workspace.graphQLSubscriptionsURL(for: entry, context: context)?.absoluteString
                == "ws://127.0.0.1:9/42/graphql")
        try workspace.save(entry)
        let text = try folder.read("specs/s.yaml")
        #expect(!text.contains("method:"), "\(text)")
        #expect(text.contains("until:\n  received: 2") || text.contains("until: {received: 2}"), "\(text)")
        #expect(try folder.load().spec(named: "s").spec == entry.spec)
    }

    @Test func connectionParamsAreReadTemplatedAndWrittenBack() throws {
        let manifest =
            Fixtures.manifest + "\n  socket:\n    baseURL: ws://127.0.0.1:9\n    graphql:\n      connectionParams:\n"
            + "        Authorization: \"Bearer {{env:T}}\"\n        retries: 2\n"
        let folder = try Fixtures.demo(["workspace.yaml": manifest, "specs/s.yaml": Self.subscription])
        let workspace = try folder.load()
        let settings = try #require(workspace.targets["socket"]?.graphql)
        #expect(settings.connectionParams == .object(["Authorization": "Bearer {{env:T}}", "retries": .int(2)]))
        let entry = try workspace.spec(named: "s")
        #expect(
            try workspace.graphQLConnectionParams(
                for: entry, context: TemplateContext(processEnvironment: ["T": "tok"]))
                == .object(["Authorization": "Bearer tok", "retries": .int(2)]))
        // Written by `create` (as `tern init` and imports write targets) and read back the same.
        let written = try TemporaryWorkspace()
        try WorkspaceFiles.create(
            at: written.root, name: "W", defaultEnvironment: nil, targets: [try #require(workspace.targets["socket"])],
            comment: "c")
        #expect(try written.load().targets["socket"]?.graphql == settings)
        // Anything but a mapping is refused at its place.
        let broken = try Fixtures.demo([
            "workspace.yaml": Fixtures.manifest + "\n  socket:\n    baseURL: ws://x\n    graphql:\n"
                + "      connectionParams: token\n"
        ])
        #expect {
            try broken.load()
        } throws: { error in
            "\(error)".contains("workspace.yaml:") && "\(error)".contains("connectionParams' is a mapping")
        }
    }

    @Test func aQueryFileIsReadBesideTheSpecAndKeptOnSave() throws {
        let folder = try Fixtures.demo([
            "specs/books/list.yaml":
                "target: api\npath: /graphql\nbody:\n  graphql:\n    queryFile: ../queries/books.graphql\n"
                + "    variables: {first: 2}\n",
            "specs/queries/books.graphql": "query Books($first: Int) {\n  books(first: $first) { titel }\n}\n",
        ])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "books/list")
        guard case .graphql(let body)? = entry.spec.body else {
            Issue.record("not a graphql body")
            return
        }
        #expect(body.queryFile == "../queries/books.graphql")
        #expect(body.query.hasPrefix("query Books($first: Int) {"))
        // A problem at line 2, column 25 of the query is at the .graphql file's own line and column.
        let place = entry.graphQLQueryPosition(line: 2, column: 25)
        #expect(place.prefix.hasSuffix("specs/queries/books.graphql:2:25: "), "\(place.prefix)")
        #expect(place.sourceLine == "  books(first: $first) { titel }")
        var edited = entry
        edited.spec.name = "Books"
        try workspace.save(edited)
        let text = try folder.read("specs/books/list.yaml")
        #expect(text.contains("queryFile: ../queries/books.graphql") && !text.contains("query:"), "\(text)")
        #expect(try folder.load().spec(named: "books/list").spec == edited.spec)
    }

    @Test(arguments: [
        ("{graphql: {query: q, queryFile: q.graphql}}", "has both 'query' and 'queryFile': keep one"),
        ("{graphql: {queryFile: missing.graphql}}", "'body.graphql.queryFile' missing.graphql cannot be read"),
        ("{graphql: {queryFile: \"{{name}}.graphql\"}}", "names a .graphql file beside the spec (no {{variables}})"),
        ("{graphql: {variables: {a: 1}}}", "needs a 'query' (the GraphQL document) or a 'queryFile'"),
    ])
    func badQueryFilesAreClearErrors(body: String, message: String) throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "path: /graphql\nbody: \(body)\n"])
        let error = #expect(throws: WorkspaceError.self) { try folder.load() }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.description.contains("specs/s.yaml:2:") == true, "\(String(describing: error))")
    }

    @Test func untilBelongsToGraphQLSpecs() throws {
        let folder = try Fixtures.demo([
            "specs/s.yaml": "method: GET\npath: /x\nuntil: {received: 1}\n"
        ])
        let error = #expect(throws: WorkspaceError.self) { try folder.load() }
        #expect(
            error?.description.contains(
                "'until' ends a GraphQL subscription (a spec with a graphql body); a WebSocket spec's goes in "
                    + "'websocket.until'") == true, "\(String(describing: error))")
        let zero = try Fixtures.demo([
            "specs/s.yaml": Self.subscription.replacingOccurrences(of: "received: 2", with: "received: 0")
        ])
        let low = #expect(throws: WorkspaceError.self) { try zero.load() }
        #expect(low?.description.contains("'until.received' must be at least 1") == true)
    }

    @Test(arguments: [
        ("body: {graphql: {operationName: X}}", "needs a 'query'"),
        ("body: {graphql: {query: \"  \"}}", "is empty"),
        ("body: {graphql: {query: q, variables: [1]}}", "must be a mapping"),
        ("body: {graphql: \"{ users }\"}", "graphql"),
    ])
    func badGraphQLBodiesAreClearErrors(body: String, message: String) throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "method: POST\npath: /graphql\n\(body)\n"])
        let error = #expect(throws: WorkspaceError.self) { try folder.load() }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func anUnknownGraphQLFieldIsAWarning() throws {
        let folder = try Fixtures.demo([
            "specs/s.yaml": "method: POST\npath: /graphql\nbody: {graphql: {query: q, x: 1}}\n"
        ])
        #expect(try folder.load().warnings.contains { "\($0)".contains("unknown field 'x'") })
    }

    @Test func compressionSettingsReachTheLimitsAndTheHandler() throws {
        let yaml = "handler:\n  compression: false\n  maxDecodedBodyBytes: 5000\n"
        let handler = try TemporaryWorkspace(["workspace.yaml": yaml]).load().handler
        #expect(handler.compression == false)
        #expect(handler.transferLimits().decodedBodyLimit == 5000)
        #expect(HandlerSettings().compression && HandlerSettings().transferLimits().maximumDecodedBodyBytes == nil)
        let bad = try TemporaryWorkspace(["workspace.yaml": "handler:\n  maxDecodedBodyBytes: 0\n"])
        let error = #expect(throws: WorkspaceError.self) { try bad.load() }
        #expect(error?.description.contains("maxDecodedBodyBytes") == true)
    }

    @Test func aDisabledAcceptEncodingAsksForIdentity() throws {
        let spec = """
            method: GET
            path: /gzip
            headers: {Accept-Encoding: gzip}
            disabled: {headers: [Accept-Encoding]}
            """
        let folder = try Fixtures.demo(["specs/s.yaml": spec])
        let workspace = try folder.load()
        let request = try workspace.request(for: workspace.spec(named: "s"), context: context)
        #expect(request.headers[.acceptEncoding] == "identity")
    }
}
