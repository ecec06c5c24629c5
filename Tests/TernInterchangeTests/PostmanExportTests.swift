import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Postman export")
struct PostmanExportTests {
    typealias Support = PostmanFixtureSupport

    static let root = URL(fileURLWithPath: "/tmp/tern-postman-export-workspace", isDirectory: true)

    static func workspace() throws -> Workspace {
        var workspace = Workspace(
            root: root, name: "Shop", targets: ["shop": WorkspaceTarget(name: "shop", baseURL: "{{baseURL}}")],
            environments: [
                "shop": WorkspaceEnvironment(
                    name: "shop", variables: [("baseURL", "https://shop.example.com")],
                    file: root.appendingPathComponent("environments/shop.yaml"))
            ])
        var getUser = SpecDefinition(
            name: "Get user", target: "shop", method: "GET", path: "/users/{{id}}",
            query: [("verbose", "true"), ("debug", "1")],
            headers: [
                ("Accept", "application/json"), ("X-Trace", "on"), ("Authorization", "Bearer {{env:SHOP_TOKEN}}"),
            ],
            sample: SampleDefinition(status: 200, headers: [("Content-Type", "application/json")], body: ["id": 42]))
        getUser.disabled = DisabledItems(headers: ["X-Trace"], query: ["debug"])
        let specs: [(String, SpecDefinition)] = [
            ("shop/users/get-user", getUser),
            (
                "shop/orders/create-order",
                SpecDefinition(
                    name: "Create order", target: "shop", method: "POST", path: "/orders",
                    body: .json(["item": "book", "qty": 2, "tags": ["a"]]))
            ),
            (
                "shop/login",
                SpecDefinition(
                    name: "Login", target: "shop", method: "POST", path: "/login",
                    body: .form([("user", "ada"), ("password", "{{env:SHOP_PASSWORD}}")]))
            ),
            (
                "shop/upload",
                SpecDefinition(
                    name: "Upload", target: "shop", method: "POST", path: "/upload",
                    body: .multipart([
                        MultipartPartDefinition(name: "title", value: "cat"),
                        MultipartPartDefinition(name: "photo", file: "files/cat.png", contentType: "image/png"),
                    ]))
            ),
            (
                "shop/raw",
                SpecDefinition(name: "Raw", target: "shop", method: "PUT", path: "/raw", body: .file("files/cat.png"))
            ),
            (
                "shop/notes",
                SpecDefinition(name: "Notes", target: "shop", method: "POST", path: "/notes", body: .text("hello"))
            ),
            ("other/ping", SpecDefinition(name: "Ping", target: "shop", method: "GET", path: "/ping")),
        ]
        workspace.specs = try specs.map { try workspace.makeEntry(id: $0.0, spec: $0.1) }.sorted { $0.id < $1.id }
        return workspace
    }

    @Test("The export is a valid Postman v2.1.0 collection (published JSON schema, python3-jsonschema)")
    func validatesAgainstSchema() async throws {
        let data = try PostmanExport.collection(of: Self.workspace(), group: "shop")
        let problems = try await Support.schemaProblems(of: data)
        #expect(problems == nil, "schema validation failed or python3 is missing: \(problems ?? "")")
    }

    @Test("Export then import gives back the same specs, folders and base URL")
    func roundTrip() throws {
        let workspace = try Self.workspace()
        let data = try PostmanExport.collection(of: workspace, group: "shop")
        let source = ImportSource(data: data, name: "shop.json", baseDirectory: Self.root, workspaceRoot: Self.root)
        let collection = try PostmanImporter.read(source)
        #expect(collection.title == "shop")
        #expect(collection.targets == [WorkspaceTarget(name: "shop", baseURL: "{{baseURL}}")])
        #expect(
            collection.environments.first?.variables == [
                HTTPFieldPair(name: "baseURL", value: "https://shop.example.com")
            ])
        let originals = workspace.specs.filter { $0.group.first == "shop" }
        #expect(collection.specs.count == originals.count)
        for original in originals {
            let imported = try Support.spec(original.spec.name, in: collection)
            #expect(imported.spec == original.spec, "\(original.id) changed: \(imported.spec)")
            #expect(imported.folders == Array(original.group.dropFirst()))
        }
        #expect(collection.files.isEmpty)
    }

    @Test("Secrets stay out of the export; headers, query and bodies are written as Postman writes them")
    func exportedShape() throws {
        let data = try PostmanExport.collection(of: Self.workspace(), group: "shop")
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("env:"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let variables = try #require(root["variable"] as? [[String: Any]])
        let token = try #require(variables.first { $0["key"] as? String == "SHOP_TOKEN" })
        #expect((token["description"] as? String)?.hasPrefix("Secret:") == true)
        #expect(token["value"] as? String == "")
        #expect(text.contains(#""raw" : "{{baseURL}}/users/{{id}}?verbose=true""#))
        #expect(text.contains(#""disabled" : true"#))
        #expect(text.contains(#""mode" : "urlencoded""#))
        #expect(text.contains(#""mode" : "formdata""#))
        #expect(text.contains(#""language" : "json""#))
        #expect(try PostmanExport.collection(of: Self.workspace(), group: "shop") == data)
    }

    @Test("Without a group every spec is exported, folders keep the group; an unknown group is an error")
    func groups() throws {
        let data = try PostmanExport.collection(of: Self.workspace(), group: nil)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(root["item"] as? [[String: Any]])
        #expect(items.compactMap { $0["name"] as? String } == ["other", "shop"])
        #expect(throws: ImportError.self) { try PostmanExport.collection(of: Self.workspace(), group: "missing") }
    }

    @Test("Target headers go into each request; referenced environment values become variables, credentials empty")
    func targetHeadersAndVariables() throws {
        var workspace = try Self.workspace()
        workspace.targets["shop"]?.headers = [("X-Client", "tern"), ("Accept", "text/plain")]
        workspace.environments["shop"]?.variables += [("id", "42"), ("apiToken", "plain-secret")]
        let notes = try #require(workspace.specs.firstIndex { $0.id == "shop/notes" })
        workspace.specs[notes].spec.headers = [("X-Token", "{{apiToken}}")]
        let data = try PostmanExport.collection(of: workspace, group: "shop")
        #expect(!String(decoding: data, as: UTF8.self).contains("plain-secret"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let variables = try #require(root["variable"] as? [[String: Any]])
        let values = Dictionary(
            uniqueKeysWithValues: variables.compactMap { variable in
                (variable["key"] as? String).map { ($0, variable["value"] as? String ?? "?") }
            })
        #expect(values["id"] == "42")
        #expect(values["apiToken"] == "")
        let reimported = try PostmanImporter.read(
            ImportSource(data: data, name: "shop.json", baseDirectory: Self.root, workspaceRoot: Self.root))
        let user = try Support.spec("Get user", in: reimported).spec
        #expect(user.headers.map(\.name) == ["X-Client", "Accept", "X-Trace", "Authorization"])
        #expect(Support.header("Accept", user) == "application/json")
        #expect(Support.header("X-Token", try Support.spec("Notes", in: reimported).spec) == "{{apiToken}}")
    }
}
