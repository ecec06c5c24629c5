import Foundation
import Tern
import TernTesting
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("openapi import: corpus")
struct OpenAPICorpusTests {
    @Test("Petstore 3.0: one spec per operation, tags as folders, target and environment")
    func petstore() throws {
        let collection = try OpenAPIFixture.read("v3.0-petstore.yaml")
        #expect(collection.format == .openapi)
        #expect(collection.title == "Swagger Petstore")
        #expect(collection.specs.map(\.fileName) == ["list-pets", "create-pets", "show-pet-by-id"])
        #expect(collection.specs.allSatisfy { $0.folders == ["pets"] })
        #expect(
            collection.targets == [WorkspaceTarget(name: "swagger-petstore", baseURL: "http://petstore.swagger.io/v1")])
        #expect(collection.environments.first?.name == "swagger-petstore")
        #expect(collection.targets.first?.baseURL == "http://petstore.swagger.io/v1")

        let list = try #require(collection.spec("list-pets"))
        #expect(list.method == "GET")
        #expect(list.path == "/pets")
        #expect(list.name == "List all pets")
        #expect(list.target == "swagger-petstore")
        #expect(list.queryValue("limit") == .int(0))
        #expect(list.disabled.query == ["limit"])

        let create = try #require(collection.spec("create-pets"))
        #expect(create.method == "POST")
        #expect(create.body == .json(["id": 0, "name": "string", "tag": "string"]))

        let show = try #require(collection.spec("show-pet-by-id"))
        #expect(show.path == "/pets/{{petId}}")
        #expect(collection.variable("petId") == "string")
    }

    @Test("Petstore expanded: form-style arrays, generated bodies through allOf, an id with spaces")
    func petstoreExpanded() throws {
        let collection = try OpenAPIFixture.read("v3.0-petstore-expanded.yaml", group: "pets")
        #expect(collection.specs.count == 4)
        #expect(collection.targets.first?.name == "pets")
        let find = try #require(collection.spec("find-pets"))
        #expect(find.query.map(\.name) == ["tags", "limit"])
        #expect(find.queryValue("tags") == .array(["string"]))
        #expect(find.arrayEncoding == .individual)
        #expect(find.disabled.query == ["tags", "limit"])
        let add = try #require(collection.spec("add-pet"))
        #expect(add.body == .json(["name": "string", "tag": "string"]))
        let byId = try #require(collection.spec("find-pet-by-id"))
        #expect(byId.path == "/pets/{{id}}")
        #expect(collection.variable("id") == "0")
        #expect(collection.spec("delete-pet")?.method == "DELETE")
    }

    @Test("USPTO: server variables take their default, form bodies from schema defaults, samples from examples")
    func uspto() throws {
        let collection = try OpenAPIFixture.read("v3.0-uspto.yaml")
        #expect(collection.specs.count == 3)
        #expect(collection.targets.first?.baseURL == "{{scheme}}://developer.uspto.gov/ds-api")
        #expect(collection.variable("scheme") == "https")
        #expect(collection.warnings.contains { $0.contains("scheme") && $0.contains("http") })
        #expect(collection.specs.first?.folders == ["metadata"])

        let list = try #require(collection.spec("list-data-sets"))
        #expect(list.path == "/")
        let sample = try #require(list.sample)
        #expect(sample.status == 200)
        guard case .object(let body) = sample.body else {
            Issue.record("the sample is not an object")
            return
        }
        #expect(body["total"] == .int(2))

        let fields = try #require(collection.spec("list-searchable-fields"))
        #expect(fields.path == "/{{dataset}}/{{version}}/fields")
        #expect(collection.variable("dataset") == "oa_citations")
        #expect(collection.variable("version") == "v1")

        let search = try #require(collection.spec("perform-search"))
        #expect(search.method == "POST")
        let form: BodyDefinition = .form([("criteria", "*:*"), ("start", "0"), ("rows", "100")])
        #expect(search.body == form)
    }

    @Test("Links, callbacks and webhooks are named in warnings")
    func linksCallbacksWebhooks() throws {
        let links = try OpenAPIFixture.read("v3.0-link-example.yaml")
        #expect(links.specs.count == 6)
        #expect(links.warnings.contains { $0.contains("links of getUserByName") && $0.contains("userRepositories") })
        let merge = try #require(links.spec("merge-pull-request"))
        #expect(merge.path == "/2.0/repositories/{{username}}/{{slug}}/pullrequests/{{pid}}/merge")

        let callbacks = try OpenAPIFixture.read("v3.0-callback-example.yaml")
        #expect(callbacks.specs.count == 1)
        #expect(callbacks.specs.first?.fileName == "post-streams")
        #expect(callbacks.spec("post-streams")?.queryValue("callbackUrl") == "https://tonys-server.com")
        #expect(callbacks.warnings.contains { $0.contains("callbacks of POST /streams") && $0.contains("onData") })

        let webhooks = try OpenAPIFixture.read("v3.1-webhook-example.yaml")
        #expect(webhooks.specs.isEmpty)
        #expect(webhooks.warnings.contains { $0.contains("webhooks") && $0.contains("newPet") })
    }

    @Test("Swagger 2.0 JSON: host + basePath + schemes become the base URL")
    func swaggerPetstore() throws {
        let collection = try OpenAPIFixture.read("v2.0-petstore.json")
        #expect(collection.specs.map(\.fileName) == ["list-pets", "create-pets", "show-pet-by-id"])
        #expect(collection.targets.first?.baseURL == "http://petstore.swagger.io/v1")
        let list = try #require(collection.spec("list-pets"))
        #expect(list.queryValue("limit") == .int(0))
        #expect(list.disabled.query == ["limit"])
        #expect(collection.spec("show-pet-by-id")?.path == "/pets/{{petId}}")
    }

    @Test("Swagger 2.0 YAML: body parameters become JSON bodies, array parameters keep their format")
    func swaggerExpanded() throws {
        let collection = try OpenAPIFixture.read("v2.0-petstore-expanded.yaml")
        #expect(collection.specs.map(\.fileName) == ["find-pets", "add-pet", "find-pet-by-id", "delete-pet"])
        let add = try #require(collection.spec("add-pet"))
        #expect(add.body == .json(["name": "string", "tag": "string"]))
        let find = try #require(collection.spec("find-pets"))
        #expect(find.arrayEncoding == .comma)
        #expect(find.queryValue("tags") == .array(["string"]))
    }

    @Test("XKCD (APIs.guru): no operationId falls back to method + path, numbers become path variables")
    func xkcd() throws {
        let collection = try OpenAPIFixture.read("real-xkcd.yaml")
        #expect(collection.specs.map(\.fileName) == ["get-info-0-json", "get-comic-id-info-0-json"])
        #expect(collection.targets.first?.baseURL == "http://xkcd.com")
        #expect(collection.spec("get-comic-id-info-0-json")?.path == "/{{comicId}}/info.0.json")
        #expect(collection.variable("comicId") == "0")
    }
}

/// The 3 MB GitHub description takes 15 s or more to import in a debug build and loads both cores, which starves
/// the timing-sensitive networking suites running beside it: it runs with `TERN_LARGE_FIXTURES=1`
/// (`make bench-import` sets it; the benchmark also times the release binary on the same file).
@Suite(
    "openapi import: GitHub REST description",
    .enabled(if: ProcessInfo.processInfo.environment["TERN_LARGE_FIXTURES"] == "1"))
struct OpenAPIGitHubTests {
    /// The benchmark fixture, decompressed with the system's gzip.
    static func description() async throws -> Data {
        let file = OpenAPIFixture.folder.resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/fixtures/api.github.com.json.gz")
        return try await ChildProcess.run("/usr/bin/env", ["gzip", "-dc", file.path], joinErrors: false).output
    }

    @Test("Every one of its 623 operations becomes a spec with a unique name")
    func github() async throws {
        let data = try await Self.description()
        let collection = try OpenAPIImporter.read(OpenAPIFixture.source(data, name: "api.github.com.json"))
        #expect(collection.specs.count == 623)
        let ids = collection.specs.map { ($0.folders + [$0.fileName]).joined(separator: "/") }
        #expect(Set(ids).count == 623)
        #expect(collection.targets.first?.baseURL == "https://api.github.com")
        #expect(collection.specs.first?.spec.path == "/orgs/{{org}}/repos")

        let create = try #require(collection.specs.first { $0.fileName == "issues-create" })
        #expect(create.folders == ["issues"])
        #expect(create.spec.method == "POST")
        #expect(create.spec.path == "/repos/{{owner}}/{{repo}}/issues")
        guard case .json(.object(let body)) = create.spec.body else {
            Issue.record("issues/create has no JSON body")
            return
        }
        #expect(body["title"] == "Found a bug")
        #expect(body["labels"] == ["bug"])
        #expect(create.spec.sample?.status == 201)
        #expect(create.spec.header("Authorization") == nil)
    }
}
