import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Postman import mapping")
struct PostmanMappingTests {
    typealias Support = PostmanFixtureSupport

    static func collectionText(photo: String) -> String {
        #"""
        {
         "info": {"name": "Shop API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "s3cr3t-collection-token"}]},
         "variable": [
           {"key": "baseUrl", "value": "https://shop.example.com/api"},
           {"key": "clientSecret", "value": "hunter2", "type": "secret"},
           {"key": "page", "value": 2}
         ],
         "event": [{"listen": "prerequest", "script": {"exec": ["pm.environment.set('x', 1)"]}}],
         "item": [
          {"name": "Users", "item": [
             {"name": "Get user", "request": {"method": "GET",
                "url": {"raw": "{{baseUrl}}/users/:id?verbose=true", "host": ["{{baseUrl}}"], "path": ["users", ":id"],
                        "query": [{"key": "verbose", "value": "true"},
                                  {"key": "debug", "value": "1", "disabled": true}],
                        "variable": [{"key": "id", "value": "42"}]},
                "header": [{"key": "Accept", "value": "application/json"},
                           {"key": "X-Trace", "value": "on", "disabled": true}]},
              "response": [{"name": "ok", "code": 200, "header": [{"key": "Content-Type", "value": "application/json"}],
                            "body": "{\"id\": 42}"}]},
             {"name": "Public", "auth": {"type": "noauth"}, "item": [
                {"name": "Health", "request": "{{baseUrl}}/health"}
             ]}
          ]},
          {"name": "Create order", "event": [{"listen": "test", "script": {"exec": ["pm.test('ok', () => {})"]}}],
           "protocolProfileBehavior": {"followRedirects": false, "disableBodyPruning": true},
           "request": {"method": "POST", "url": "{{baseUrl}}/orders?client={{clientSecret}}&id={{$guid}}",
             "auth": {"type": "apikey", "apikey": [{"key": "key", "value": "api_key"},
                                                   {"key": "value", "value": "k-123"},
                                                   {"key": "in", "value": "query"}]},
             "body": {"mode": "raw", "raw": "{\"item\": \"book\", \"qty\": 2}",
                      "options": {"raw": {"language": "json"}}}}},
          {"name": "Templated JSON", "request": {"method": "PUT", "url": "{{baseUrl}}/orders/1",
             "body": {"mode": "raw", "raw": "{\"qty\": {{qty}}}", "options": {"raw": {"language": "json"}}}}},
          {"name": "Login form", "request": {"method": "POST", "url": "{{baseUrl}}/login",
             "body": {"mode": "urlencoded", "urlencoded": [{"key": "user", "value": "ada"},
                                                          {"key": "remember", "value": "1", "disabled": true}]}}},
          {"name": "Upload", "request": {"method": "POST", "url": "https://files.example.com/upload",
             "body": {"mode": "formdata", "formdata": [{"key": "title", "value": "cat", "type": "text"},
                                                      {"key": "photo", "type": "file", "src": "\#(photo)"}]}}},
          {"name": "Raw file", "request": {"method": "PUT", "url": "https://files.example.com/raw",
             "body": {"mode": "file", "file": {"src": "\#(photo)"}}}},
          {"name": "Digest", "request": {"method": "GET", "url": "{{baseUrl}}/digest", "auth": {"type": "digest"}}},
          {"name": "Broken"}
         ]
        }
        """#
    }

    private func importShop() throws -> (ImportedCollection, URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("postman-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let photo = directory.appendingPathComponent("photo.png")
        try Data([0x89, 0x50]).write(to: photo)
        let source = Support.source(Self.collectionText(photo: photo.path), base: directory)
        return (try PostmanImporter.read(source), photo)
    }

    @Test("A request that breaks the format is skipped with its pointer and the rest import; none left is an error")
    func lenientItems() throws {
        let items = #"""
            {"name": "ok", "request": {"method": "GET", "url": "https://h/ok"}},
            {"name": "bad url", "request": {"method": "GET", "url": 42}},
            {"name": "bad body", "request": {"method": "POST", "url": "https://h/b",
             "body": {"mode": "urlencoded", "urlencoded": "a=1"}}}
            """#
        let schema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"
        let text = #"{"info": {"name": "bent", "schema": "\#(schema)"}, "item": [\#(items)]}"#
        let collection = try PostmanImporter.read(Support.source(text))
        #expect(collection.specs.map(\.spec.name) == ["ok"])
        #expect(
            collection.skipped.map(\.item) == ["bad url", "bad body"]
                && collection.skipped[0].reason.hasPrefix("#/item/1/request/url:"), "\(collection.skipped)")
        let onlyBad = text.replacingOccurrences(
            of: #"{"name": "ok", "request": {"method": "GET", "url": "https://h/ok"}},"#, with: "")
        #expect(throws: ImportError.self) { try PostmanImporter.read(Support.source(onlyBad)) }
    }

    @Test("What a spec cannot hold as it is still makes a spec that loads: a spaced header name, repeated names")
    func oddRowsLoad() throws {
        let text = #"""
            {"info": {"name": "odd", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "slots", "request": {"method": "GET",
               "header": [{"key": "disabled header", "value": "x"}, {"key": "Accept", "value": "a/b"},
                          {"key": "accept", "value": "c/d"}],
               "url": {"raw": "https://h/x?slot=1&slot=2", "host": ["h"], "path": ["x"], "protocol": "https",
                       "query": [{"key": "slot", "value": "1"}, {"key": "slot", "value": "2"}]}}}]}
            """#
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("odd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let collection = try PostmanImporter.read(Support.source(text, base: root))
        let spec = try Support.spec("slots", in: collection).spec
        #expect(spec.query.map(\.name) == ["slot"])
        #expect(spec.query.first?.value == .array([.string("1"), .string("2")]))
        #expect(spec.headers.map(\.name) == ["Accept"] && spec.headers.first?.value == "a/b, c/d")
        #expect(collection.warnings.contains { $0.contains("'disabled header' is not a valid header name") })
        let plan = try ImportPlan(collection, root: root, group: "odd", overwrite: false, origin: "test")
        #expect(plan.report.skipped.isEmpty, "\(plan.report.skipped)")
        try plan.apply()
        let workspace = try Workspace.load(from: root)
        let request = try workspace.request(
            for: try workspace.spec(named: "odd/slots"), context: TemplateContext(processEnvironment: [:]))
        #expect(request.url.query == "slot=1&slot=2")
    }

    @Test("Folders, the shared {{baseUrl}} target, path variables, disabled rows and a JSON sample")
    func structure() throws {
        let (collection, _) = try importShop()
        #expect(collection.title == "Shop API")
        #expect(collection.targets == [WorkspaceTarget(name: "shop-api", baseURL: "{{baseUrl}}")])
        let user = try Support.spec("Get user", in: collection)
        #expect(user.folders == ["Users"])
        #expect(user.spec.path == "/users/{{id}}")
        #expect(Support.query(user.spec) == ["verbose=true", "debug=1"])
        #expect(user.spec.disabled == DisabledItems(headers: ["X-Trace"], query: ["debug"]))
        #expect(Support.header("Accept", user.spec) == "application/json")
        #expect(user.spec.sample?.status == 200)
        #expect(user.spec.sample?.body == ["id": 42])
        let environment = try #require(collection.environments.first)
        #expect(environment.name == "shop-api")
        #expect(environment.variables.map(\.name) == ["baseUrl", "page", "id"])
        #expect(environment.variables.first?.value == "https://shop.example.com/api")
        #expect(collection.skipped == [SkippedItem(item: "Broken", reason: "neither a request nor a folder")])
    }

    @Test("Auth is inherited from the collection, stopped by noauth, and credentials go to {{secret:…}}")
    func authAndSecrets() throws {
        let (collection, _) = try importShop()
        let user = try Support.spec("Get user", in: collection).spec
        #expect(user.auth == .bearer(token: "{{secret:SHOP_API_TOKEN}}"))
        #expect(Support.header("Authorization", user) == nil)
        let health = try Support.spec("Health", in: collection)
        #expect(health.folders == ["Users", "Public"])
        #expect(Support.header("Authorization", health.spec) == nil)
        #expect(health.spec.auth == nil)
        let order = try Support.spec("Create order", in: collection).spec
        #expect(
            order.auth == .apiKey(name: "api_key", value: "{{secret:SHOP_API_API_KEY}}", location: .query),
            "the request's own API key auth replaces the collection's")
        #expect(Support.query(order) == ["client={{secret:CLIENTSECRET}}", "id={{$guid}}"])
        let written = Support.writtenText(collection)
        for secret in ["s3cr3t-collection-token", "hunter2", "k-123"] { #expect(!written.contains(secret)) }
        #expect(
            collection.secrets.contains(
                ImportedSecret(name: "SHOP_API_TOKEN", value: "s3cr3t-collection-token", item: "Get user")))
        #expect(
            collection.secrets.contains { $0.name == "CLIENTSECRET" && $0.item == "collection variable 'clientSecret'" }
        )
        // Digest is imported as `auth:`; this one names no credentials, so they are left empty to fill in.
        #expect(try Support.spec("Digest", in: collection).spec.auth == .digest(username: "", password: ""))
    }

    @Test("Bodies: JSON that parses, templated JSON as text, urlencoded, form-data and file uploads")
    func bodies() throws {
        let (collection, photo) = try importShop()
        let order = try Support.spec("Create order", in: collection).spec
        #expect(order.body == .json(["item": "book", "qty": 2]))
        let templated = try Support.spec("Templated JSON", in: collection).spec
        #expect(templated.body == .text("{\"qty\": {{qty}}}"))
        #expect(Support.header("Content-Type", templated) == "application/json")
        let login = try Support.spec("Login form", in: collection).spec
        #expect(login.body == .form([("user", "ada")]))
        let upload = try Support.spec("Upload", in: collection).spec
        #expect(upload.path == "https://files.example.com/upload")
        #expect(
            upload.body
                == .multipart([
                    MultipartPartDefinition(name: "title", value: "cat"),
                    MultipartPartDefinition(name: "photo", file: photo.path),
                ]))
        // Outside the workspace: named where it is, not copied (that takes --copy-files).
        #expect(try Support.spec("Raw file", in: collection).spec.body == .file(photo.path))
        #expect(collection.files.isEmpty)
        #expect(collection.localFiles.map(\.use) == [.referenced])
    }

    @Test("Scripts, dynamic variables and protocol settings that change the request are warnings")
    func warnings() throws {
        let (collection, _) = try importShop()
        #expect(
            collection.warnings.contains(
                "collection 'Shop API': prerequest script not run (Tern does not run pm.* scripts)"))
        #expect(collection.warnings.contains("Create order: test script not run (Tern does not run pm.* scripts)"))
        #expect(
            collection.warnings.contains("Create order: protocolProfileBehavior.followRedirects is not carried over"))
        #expect(!collection.warnings.contains { $0.contains("disableBodyPruning") })
        #expect(!collection.warnings.contains { $0.contains("{{$guid}}") }, "Tern makes {{$guid}} when it sends")
        #expect(collection.warnings.contains("Login form: disabled form field 'remember' was not imported"))
    }
}
