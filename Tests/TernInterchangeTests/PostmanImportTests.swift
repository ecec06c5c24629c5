import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Postman import")
struct PostmanImportTests {
    typealias Support = PostmanFixtureSupport

    @Test("v2.0 corpus: URL object with port, :variables, query, multipart body and the first saved response")
    func completeRequestV20() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.0.0-request.json"))
        #expect(collection.format == .postman)
        #expect(collection.title == "Complete request structure")
        let imported = try Support.spec("Sample request", in: collection)
        let spec = imported.spec
        #expect(spec.method == "GET")
        #expect(spec.target == "complete-request-structure")
        #expect(spec.path == "/alpha/{{beta}}/{{gamma}}")
        #expect(Support.query(spec) == ["foo=bar"])
        #expect(Support.header("Content-Type", spec) == "application/json; charset=utf8")
        guard case .multipart(let parts) = spec.body else {
            Issue.record("expected a multipart body, got \(String(describing: spec.body))")
            return
        }
        #expect(parts.count == 7)
        #expect(parts.first == MultipartPartDefinition(name: "id", value: "cr1"))
        #expect(parts.last == MultipartPartDefinition(name: "count", value: "10"))
        #expect(spec.sample?.status == 404)
        #expect(
            collection.targets
                == [WorkspaceTarget(name: "complete-request-structure", baseURL: "https://postman-echo.com:443")])
        let environment = try #require(collection.environments.first)
        #expect(environment.name == "complete-request-structure")
        #expect(environment.variables.contains(HTTPFieldPair(name: "gamma", value: "radiation")))
        #expect(!environment.variables.contains { $0.name == "baseURL" }, "a literal base stays in the target")
        #expect(collection.warnings.contains("Sample request: kept the first of 2 saved responses as its sample"))
        #expect(collection.warnings.contains("Sample request: the proxy settings are not carried over"))
    }

    @Test("v2.1 corpus: folders, inherited basic auth, unsupported auth and scripts are reported")
    func nestedEntitiesV21() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.1.0-nestedEntities.json"))
        let basic = try Support.spec("Basic", in: collection)
        #expect(basic.folders == ["F1"])
        #expect(basic.spec.path == "/get")
        // The inherited basic auth is the spec's `auth:`, its references kept.
        guard case .basic(let username, let password) = basic.spec.auth else {
            Issue.record("no basic auth: \(String(describing: basic.spec.auth))")
            return
        }
        #expect(username == "{{username}}")
        #expect(password.hasPrefix("{{") && password.contains("token"))
        #expect(Support.header("Authorization", basic.spec) == nil)
        #expect(collection.warnings.contains("OAuth1: oauth1 authentication is not imported; add its headers by hand"))
        #expect(collection.warnings.contains { $0.contains("script not run") })
        let oauth = try Support.spec("OAuth1", in: collection)
        #expect(Support.header("Authorization", oauth.spec) == nil)
        #expect(!Support.writtenText(collection).contains("RKCGzna7bv9YD57c"))
    }

    @Test("v2.0 corpus: auth parameters as objects (OAuth 2 token, basic, digest as auth:)")
    func helpersV20() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.0.0-helpers.json"))
        let basic = try Support.spec("basicAuth", in: collection)
        #expect(basic.spec.auth == .basic(username: "abhijit", password: "{{secret:C1_PASSWORD}}"))
        let bearer = collection.specs.compactMap { Support.header("Authorization", $0.spec) }
        #expect(bearer.contains("Bearer {{secret:C1_ACCESS_TOKEN}}"))
        // Digest is imported now: Tern answers the challenge itself.
        let digest = try Support.spec("DigestAuth", in: collection)
        #expect(digest.spec.auth == .digest(username: "abhijit", password: "{{secret:C1_PASSWORD}}"))
        #expect(!collection.warnings.contains { $0.contains("digest authentication is not imported") })
        let written = Support.writtenText(collection)
        #expect(!written.contains("secretToken"))
        #expect(!written.contains("kane"))
    }

    @Test("v2.1 corpus: a GraphQL body becomes a graphql body: query, operation name, variables")
    func graphQL() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.1.0-reqBodyGraphQL.json"))
        let spec = try Support.spec("default", in: collection).spec
        #expect(spec.method == "POST")
        let expected = GraphQLBodyDefinition(
            query: "query Test { hello }", operationName: "Test", variables: ["foo": "bar"])
        #expect(spec.body == .graphql(expected))
        #expect(!collection.warnings.contains { $0.contains("GraphQL") })
    }

    @Test("v2.1 corpus: form-data file fields without a file are reported, text fields kept")
    func formDataWithoutFiles() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.1.0-formdata-body.json"))
        let spec = try #require(collection.specs.first).spec
        #expect(spec.body == .multipart([MultipartPartDefinition(name: "not_a_file", value: "")]))
        for key in ["file_with_null", "file_with_str", "file_with_array"] {
            #expect(collection.warnings.contains { $0.contains("'\(key)' names no file") })
        }
    }

    @Test("v2.1 corpus: an API key header in clear moves to the environment")
    func apiKeyHeader() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.1.0-apikeyAuthTest.json"))
        let spec = try Support.spec("test apikey auth success", in: collection).spec
        #expect(spec.headers.filter { $0.name == "token" }.count == 1)
        #expect(Support.header("token", spec) == "{{secret:APIKEY_AUTH_TEST_TOKEN}}")
        #expect(!Support.writtenText(collection).contains("wkjehbxoqnunc2k3"))
    }

    @Test("v2.1 corpus: protocol-relative and host-only URLs, legacy 'data' bodies reported")
    func httpbin() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "v2.1.0-httpbin.json"))
        let json = try Support.spec("POST with URL params and JSON", in: collection)
        #expect(json.folders == ["All POST JSON"])
        #expect(json.spec.path == "/post")
        #expect(Support.query(json.spec) == ["random=yeah"])
        #expect(try Support.spec("PathVariables", in: collection).spec.path == "/status/{{code}}")
        #expect(collection.targets.first?.baseURL == "http://httpbin.org")
        #expect(
            collection.warnings.contains(
                "POST with URL params and JSON: 'data' is not a v2 request body and was not imported"))
    }

    @Test("newman's sample v2.0 collection: string URLs with query, raw text and JSON bodies, a test script")
    func newmanSample() throws {
        let collection = try PostmanImporter.read(Support.fixture("postman", "newman-sample-collection.json"))
        #expect(collection.specs.count == 3)
        let get = try Support.spec("A simple GET request", in: collection).spec
        #expect(get.target == "sample-postman-collection")
        #expect(get.path == "/get")
        #expect(Support.query(get) == ["source=newman-sample-github-collection"])
        let text = try Support.spec("A simple POST request", in: collection).spec
        #expect(text.body == .text("Duis posuere augue vel cursus pharetra. In luctus a ex nec pretium..."))
        #expect(Support.header("Content-Type", text) == "text/plain")
        let json = try Support.spec("A simple POST request with JSON body", in: collection).spec
        #expect(json.body == .json(["text": "Duis posuere augue vel cursus pharetra. In luctus a ex nec pretium..."]))
        #expect(
            collection.warnings.contains("A simple GET request: test script not run (Tern does not run pm.* scripts)"))
    }

    @Test("A v1 collection is refused with what to do")
    func versionOne() throws {
        let error = #expect(throws: ImportError.self) {
            try PostmanImporter.read(Support.fixture("postman", "newman-v1.postman_collection.json"))
        }
        #expect(error?.message == "Postman collection v1 is not supported: export it as v2.1 from Postman")
    }
}
