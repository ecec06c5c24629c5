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
