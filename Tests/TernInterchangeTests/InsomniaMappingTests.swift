import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Insomnia import mapping")
struct InsomniaMappingTests {
    typealias Support = PostmanFixtureSupport

    static let export = #"""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Billing"},
          {"_id": "env_base", "_type": "environment", "parentId": "wrk_1", "name": "Base",
           "data": {"host": "https://billing.example.com", "_sessionKey": "abc-private"}},
          {"_id": "env_prod", "_type": "environment", "parentId": "env_base", "name": "Prod", "isPrivate": true,
           "data": {"host": "https://prod.example.com", "region": "eu"}},
          {"_id": "fld_1", "_type": "request_group", "parentId": "wrk_1", "name": "Invoices", "metaSortKey": 2,
           "authentication": {"type": "bearer", "token": "folder-token-1"}},
          {"_id": "req_2", "_type": "request", "parentId": "fld_1", "name": "List invoices", "metaSortKey": 5,
           "method": "GET", "url": "{{ _.host }}/invoices?status=open",
           "parameters": [{"name": "page", "value": "{{ _.page }}"}, {"name": "debug", "value": "1", "disabled": true}],
           "headers": [{"name": "X-Request", "value": "{% response 'body', 'req_1', '$.id' %}"}],
           "authentication": {}},
          {"_id": "req_1", "_type": "request", "parentId": "fld_1", "name": "Create invoice", "metaSortKey": 1,
           "method": "POST", "url": "{{ _.host }}/invoices",
           "body": {"mimeType": "application/json", "text": "{\"amount\": 10}"},
           "authentication": {"type": "none"}},
          {"_id": "req_3", "_type": "request", "parentId": "wrk_1", "name": "Upload", "metaSortKey": 1,
           "method": "POST", "url": "{{ _.host }}/upload",
           "body": {"mimeType": "multipart/form-data", "params": [{"name": "note", "value": "hi"},
                    {"name": "doc", "type": "file", "fileName": "docs/a.pdf"}]},
           "authentication": {"type": "apikey", "key": "X-Api-Key", "value": "k-999", "addTo": "header"}},
          {"_id": "req_4", "_type": "request", "parentId": "wrk_1", "name": "Login", "metaSortKey": 3,
           "method": "POST", "url": "{{ _.host }}/login",
           "body": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "user", "value": "ada"}]},
           "authentication": {"type": "basic", "username": "ada", "password": "pw-777"}},
          {"_id": "req_5", "_type": "request", "parentId": "wrk_1", "name": "Hawk", "metaSortKey": 4,
           "method": "GET", "url": "{{ _.host }}/hawk", "authentication": {"type": "hawk", "id": "x", "key": "y"},
           "settingEncodeUrl": false},
          {"_id": "req_6", "_type": "request", "parentId": "req_5", "name": "Nested", "url": "https://x.test"},
          {"_id": "greq_1", "_type": "grpc_request", "parentId": "wrk_1", "name": "Stream prices"},
          {"_id": "ws_1", "_type": "websocket_request", "parentId": "wrk_1", "name": "Live feed", "metaSortKey": 9,
           "url": "wss://feed.test/prices", "headers": [{"name": "X-Desk", "value": "fx"}]},
          {"_id": "wsp_1", "_type": "websocket_payload", "parentId": "ws_1", "value": "{\"op\": \"subscribe\"}",
           "mode": "application/json"}
        ]}
        """#

    private func importBilling() throws -> ImportedCollection {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("billing-\(UUID().uuidString)")
        let source = ImportSource(
            data: Data(Self.export.utf8), name: "billing.json", baseDirectory: workspace, workspaceRoot: workspace)
        return try InsomniaImporter.read(source)
    }

    @Test("Tree order by metaSortKey, folder auth inherited, `none` stops it, tags kept with a warning")
    func treeAndAuth() throws {
        let collection = try importBilling()
        #expect(
            collection.specs.map(\.spec.name) == [
                "Upload", "Create invoice", "List invoices", "Login", "Hawk", "Live feed",
            ])
        let list = try Support.spec("List invoices", in: collection)
        #expect(list.folders == ["Invoices"])
        #expect(list.spec.target == "billing")
        #expect(list.spec.path == "/invoices")
        #expect(Support.query(list.spec) == ["status=open", "page={{page}}", "debug=1"])
        #expect(list.spec.disabled.query == ["debug"])
        // Auth blocks become the spec's `auth:` (sent by Tern's authentication at send time), not headers.
        #expect(list.spec.auth == .bearer(token: "{{secret:BILLING_TOKEN}}"))
        #expect(Support.header("Authorization", list.spec) == nil)
        #expect(Support.header("X-Request", list.spec) == "{% response 'body', 'req_1', '$.id' %}")
        #expect(collection.warnings.contains { $0.hasPrefix("List invoices: template tag '{% response") })
        let create = try Support.spec("Create invoice", in: collection).spec
        #expect(Support.header("Authorization", create) == nil)
        #expect(create.auth == nil)
        #expect(create.body == .json(["amount": 10]))
        #expect(collection.targets == [WorkspaceTarget(name: "billing", baseURL: "{{host}}")])
    }

    @Test("Bodies and auth kinds: multipart files relative to the workspace, form, API key, basic, unsupported")
    func bodiesAndAuth() throws {
        let collection = try importBilling()
        let upload = try Support.spec("Upload", in: collection).spec
        #expect(
            upload.body
                == .multipart([
                    MultipartPartDefinition(name: "note", value: "hi"),
                    MultipartPartDefinition(name: "doc", file: "docs/a.pdf"),
                ]))
        #expect(upload.auth == .apiKey(name: "X-Api-Key", value: "{{secret:BILLING_X_API_KEY}}", location: .header))
        let login = try Support.spec("Login", in: collection).spec
        #expect(login.body == .form([("user", "ada")]))
        #expect(login.auth == .basic(username: "ada", password: "{{secret:BILLING_PASSWORD}}"))
        #expect(collection.warnings.contains("Hawk: hawk authentication is not imported; add its headers by hand"))
        let written = Support.writtenText(collection)
        for secret in ["folder-token-1", "k-999", "pw-777", "abc-private", "prod.example.com"] {
            #expect(!written.contains(secret))
        }
    }

    @Test("A gRPC request with no method is skipped, WebSocket ones import; private and _-prefixed values are secrets")
    func skippedAndEnvironments() throws {
        let collection = try importBilling()
        #expect(
            collection.skipped == [
                SkippedItem(item: "Stream prices", reason: "a gRPC request with no method chosen"),
                SkippedItem(item: "Nested", reason: "its parent 'req_5' is not a folder or a workspace"),
            ])
        let feed = try Support.spec("Live feed", in: collection)
        #expect(feed.spec.isWebSocket)
        #expect(feed.spec.websocket?.messages == [.text(#"{"op": "subscribe"}"#)])
        #expect(feed.spec.method == "GET")
        #expect(
            collection.warnings.contains("Hawk: 'encode URL automatically' is off in Insomnia; Tern encodes the URL"))
        #expect(collection.environments.map(\.name) == ["billing", "billing-prod"])
        let base = collection.environments[0].variables
        #expect(base.contains(HTTPFieldPair(name: "host", value: "https://billing.example.com")))
        #expect(base.contains(HTTPFieldPair(name: "_sessionKey", value: "{{secret:BILLING_SESSIONKEY}}")))
        let prod = collection.environments[1].variables
        #expect(prod.contains(HTTPFieldPair(name: "host", value: "{{secret:BILLING_HOST}}")))
        #expect(prod.contains(HTTPFieldPair(name: "region", value: "{{secret:BILLING_REGION}}")))
    }
}
