import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Insomnia import")
struct InsomniaImportTests {
    typealias Support = PostmanFixtureSupport

    @Test("v4 JSON corpus: metaSortKey order, folders, {{ _.x }} and {{ x }} templates, one target")
    func petstoreJSON() throws {
        let collection = try InsomniaImporter.read(Support.fixture("insomnia", "insomnia_v4.json"))
        #expect(collection.format == .insomnia)
        #expect(collection.title == "Swagger Petstore 1.0.0")
        #expect(
            collection.specs.prefix(4).map(\.spec.name) == [
                "Example 2", "Example 1", "Add a new pet to the store", "Update an existing pet",
            ])
        #expect(collection.specs.count == 13)
        #expect(collection.targets == [WorkspaceTarget(name: "swagger-petstore-1-0-0", baseURL: "{{base_url}}")])
        let example = try Support.spec("Example 2", in: collection)
        #expect(example.folders == ["Example Folder"])
        #expect(example.spec.path == "https://jsonplaceholder.typicode.com/posts/1xx")
        let add = try Support.spec("Add a new pet to the store", in: collection).spec
        #expect(add.method == "POST")
        #expect(add.path == "/pet")
        guard case .json(.object(let pet)) = add.body else {
            Issue.record("expected a JSON body, got \(String(describing: add.body))")
            return
        }
        #expect(pet["name"] == "doggie")
        #expect(try Support.spec("Find purchase order by ID", in: collection).spec.path == "/store/order/{{orderId}}")
        let inventory = try Support.spec("Returns pet inventories by status", in: collection).spec
        #expect(Support.header("api_key", inventory) == "{{apiKey}}")
        let login = try Support.spec("Logs user into the system", in: collection).spec
        #expect(Support.query(login) == ["username=string", "password={{secret:SWAGGER_PETSTORE_1_0_0_PASSWORD}}"])
    }

    @Test("v4 JSON corpus: base and sub environments flattened, secrets moved, other resources listed")
    func petstoreEnvironments() throws {
        let collection = try InsomniaImporter.read(Support.fixture("insomnia", "insomnia_v4.json"))
        #expect(
            collection.environments.map(\.name) == ["swagger-petstore-1-0-0", "swagger-petstore-1-0-0-open-api-env"])
        let base = collection.environments[0].variables
        #expect(base.first == HTTPFieldPair(name: "base_url", value: "{{scheme}}://{{host}}{{base_path}}"))
        let sub = collection.environments[1].variables
        #expect(sub.contains(HTTPFieldPair(name: "host", value: "petstore.swagger.io")))
        #expect(sub.contains(HTTPFieldPair(name: "base_path", value: "/v2")))
        #expect(sub.contains(HTTPFieldPair(name: "apiKey", value: "{{secret:SWAGGER_PETSTORE_1_0_0_APIKEY}}")))
        #expect(sub.first?.name == "base_url")
        #expect(
            collection.skipped.contains(SkippedItem(item: "ExampleSuite", reason: "Insomnia unit tests are not run")))
        #expect(
            collection.skipped.contains(
                SkippedItem(
                    item: "Imported Workspace", reason: "an API description: import it with `tern import openapi`")))
        #expect(collection.warnings.contains("cookie jar 'Default Jar': 1 cookie(s) not imported"))
    }

    @Test("v4 YAML corpus: basic auth header in clear moved to the environment, folders")
    func smokeYAML() throws {
        let collection = try InsomniaImporter.read(Support.fixture("insomnia", "smoke-test-collection.yaml"))
        #expect(collection.title == "Smoke tests")
        let basic = try Support.spec("sends request with basic authentication", in: collection).spec
        #expect(basic.path == "/auth/basic")
        #expect(basic.headers.filter { $0.name == "Authorization" }.count == 1)
        #expect(Support.header("Authorization", basic)?.hasPrefix("Basic {{secret:SMOKE_TESTS_") == true)
        #expect(!Support.writtenText(collection).contains("dXNlcjpwYX"))
        let script = try Support.spec("sends request with pre-request script", in: collection)
        #expect(script.folders == ["FolderWithEnv"])
        #expect(collection.targets.first?.name == "smoke-tests")
        #expect(
            collection.environments.first?.variables.contains(
                HTTPFieldPair(name: "customValue", value: "fromEnvManager")) == true)
    }

    @Test("v4 YAML corpus: GraphQL bodies are graphql bodies; host-only URLs get http://")
    func graphQLYAML() throws {
        let collection = try InsomniaImporter.read(Support.fixture("insomnia", "graphql.yaml"))
        let spec = try Support.spec("GraphQL request", in: collection).spec
        #expect(spec.body == .graphql(GraphQLBodyDefinition(query: "query {\n\thello,\n\tbearer\n}")))
        #expect(spec.path == "/graphql")
        #expect(collection.targets.first?.baseURL == "http://localhost:4010")
        let number = try Support.spec("GraphQL request with number", in: collection).spec
        guard case .graphql(let body)? = number.body else {
            Issue.record("not a graphql body: \(String(describing: number.body))")
            return
        }
        #expect(body.query == "query($inputVar: Int) { echoNum(intVar: $inputVar)}")
        // `{{ _.intVar }}` unquoted: the variables are not JSON, and the import says so.
        #expect(body.variables == nil)
        #expect(
            collection.warnings.contains(
                "GraphQL request with number: the GraphQL variables are not a JSON object and were not imported"))
    }

    @Test("v4 YAML corpus: nested environment values become dotted names, one environment per sub environment")
    func environmentsYAML() throws {
        let collection = try InsomniaImporter.read(Support.fixture("insomnia", "environments.yaml"))
        #expect(
            collection.environments.map(\.name) == ["environments", "environments-example-a", "environments-example-b"])
        let base = collection.environments[0].variables
        #expect(base.contains(HTTPFieldPair(name: "exampleObject.anotherString", value: "baseenv1")))
        #expect(base.contains(HTTPFieldPair(name: "exampleNumber", value: "1001")))
        let exampleA = collection.environments[1].variables
        #expect(exampleA.contains(HTTPFieldPair(name: "exampleObject.anotherString", value: "subenvA1")))
        #expect(exampleA.contains(HTTPFieldPair(name: "exampleString", value: "subenvA0")))
        let spec = try Support.spec("New Request", in: collection).spec
        guard case .text(let text) = spec.body else {
            Issue.record("expected a text body, got \(String(describing: spec.body))")
            return
        }
        #expect(text.hasPrefix("{{exampleObject.anotherString}}\n{{exampleString}}\n{{exampleNumber}}"))
    }
}
