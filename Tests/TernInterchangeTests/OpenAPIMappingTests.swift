import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("openapi import: mapping details")
struct OpenAPIMappingTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Shop API, version: "1"}
        servers:
          - url: https://{region}.shop.example/v2/
            variables:
              region: {default: eu}
          - url: https://staging.shop.example/v2
        security:
          - apiKey: []
        paths:
          /orders/{order id}:
            parameters:
              - {name: order id, in: path, required: true, schema: {type: string}, example: A-17}
              - {name: verbose, in: query, schema: {type: boolean}}
              - {name: X-Trace, in: header, schema: {type: string, format: uuid}}
            get:
              operationId: getOrder
              tags: [orders, admin]
              deprecated: true
              parameters:
                - {name: verbose, in: query, required: true, schema: {type: boolean, default: true}}
                - name: ids
                  in: query
                  style: form
                  explode: false
                  schema: {type: array, items: {type: integer}}
                - name: filter
                  in: query
                  style: deepObject
                  schema: {type: object, properties: {state: {type: string, enum: [open, closed]}}}
                - {name: session, in: cookie, required: true, schema: {type: string}, example: abc}
                - {name: theme, in: cookie, schema: {type: string, default: dark}}
              responses:
                "404": {description: missing}
                "201":
                  description: made
                  content:
                    application/json:
                      examples:
                        first: {value: {id: A-17}}
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Order"}
              security:
                - bearer: []
                - apiKey: []
          /orders:
            post:
              operationId: createOrder
              security: []
              requestBody:
                content:
                  text/plain: {schema: {type: string}}
                  application/vnd.shop+json:
                    schema: {$ref: "#/components/schemas/Order"}
              responses: {"200": {description: ok}}
            put:
              operationId: createOrder
              security:
                - basic: []
                  query: []
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        note: {type: string, example: hi}
                        scan: {type: string, format: binary}
              responses: {"200": {description: ok}}
          /login:
            post:
              operationId: login
              security: [{oauth: [read]}, {cookieKey: []}]
              requestBody:
                content:
                  application/xml: {example: "<login/>"}
              responses: {"200": {description: ok}}
        webhooks:
          orderShipped: {post: {responses: {"200": {description: ok}}}}
        components:
          schemas:
            Order:
              type: object
              properties:
                id: {type: string, format: uuid}
                placed: {type: string, format: date-time}
                email: {type: string, format: email}
                parent: {$ref: "#/components/schemas/Order"}
                lines:
                  type: array
                  items:
                    allOf:
                      - {type: object, properties: {sku: {type: string, example: SKU-1}}}
                      - {type: object, properties: {qty: {type: integer, minimum: 1}}}
                kind:
                  oneOf: [{type: string, enum: [retail]}, {type: integer}]
          securitySchemes:
            apiKey: {type: apiKey, in: header, name: X-API-Key}
            query: {type: apiKey, in: query, name: key}
            cookieKey: {type: apiKey, in: cookie, name: sid}
            bearer: {type: http, scheme: bearer}
            basic: {type: http, scheme: basic}
            oauth:
              type: oauth2
              flows: {clientCredentials: {tokenUrl: "https://shop.example/token", scopes: {read: r}}}
        """

    @Test("Servers: variables become {{variables}} with their defaults, the trailing slash goes, the others are named")
    func servers() throws {
        let collection = try OpenAPIFixture.read(text: Self.document)
        #expect(collection.environments.first?.name == "shop-api")
        #expect(collection.targets.first?.baseURL == "https://{{region}}.shop.example/v2")
        #expect(collection.variable("region") == "eu")
        #expect(collection.warnings.contains { $0.contains("https://staging.shop.example/v2") })
        #expect(collection.warnings.contains { $0.contains("webhooks") && $0.contains("orderShipped") })
    }

    @Test("Parameters: path and operation levels merge, optional ones are disabled, cookies share one header")
    func parameters() throws {
        let collection = try OpenAPIFixture.read(text: Self.document)
        let spec = try #require(collection.spec("get-order"))
        #expect(collection.specs.first?.folders == ["orders"])
        #expect(spec.path == "/orders/{{order_id}}")
        #expect(collection.variable("order_id") == "A-17")
        #expect(spec.query.map(\.name) == ["verbose", "ids", "filter"])
        #expect(spec.queryValue("verbose") == .bool(true))
        #expect(spec.queryValue("ids") == .array([.int(0)]))
        #expect(spec.queryValue("filter") == .object(["state": "open"]))
        #expect(spec.arrayEncoding == .comma)
        #expect(spec.disabled.query == ["ids", "filter"])
        #expect(!collection.warnings.contains { $0.contains("parameter filter") })
        #expect(spec.header("X-Trace") == "00000000-0000-0000-0000-000000000000")
        #expect(spec.header("Cookie") == "session=abc; theme=dark")
        #expect(spec.disabled.headers == ["X-Trace"])
        #expect(collection.warnings.contains { $0.contains("getOrder (GET /orders/{order id}) is deprecated") })
    }

    @Test("Security: the operation's first requirement, placeholders from the environment, `security: []` is none")
    func security() throws {
        let collection = try OpenAPIFixture.read(text: Self.document)
        let get = try #require(collection.spec("get-order"))
        #expect(get.auth == .bearer(token: "{{secret:BEARER}}"))
        #expect(get.header("Authorization") == nil)
        #expect(get.header("X-API-Key") == nil)
        #expect(collection.secrets.contains(ImportedSecret(name: "BEARER", value: nil, item: "bearer")))

        let create = try #require(collection.spec("create-order"))
        #expect(create.header("Authorization") == nil)
        #expect(create.header("X-API-Key") == nil)
        #expect(create.auth == nil)

        let put = try #require(collection.spec("create-order-2"))
        // The first scheme of the requirement is the spec's `auth:`; the other stays a query row.
        #expect(put.auth == .basic(username: "{{secret:BASIC_USERNAME}}", password: "{{secret:BASIC_PASSWORD}}"))
        #expect(put.header("Authorization") == nil)
        #expect(put.queryValue("key") == "{{secret:QUERY}}")
        for name in ["BASIC_USERNAME", "BASIC_PASSWORD"] {
            #expect(collection.secrets.contains(ImportedSecret(name: name, value: nil, item: "basic")))
        }

        let login = try #require(collection.spec("login"))
        // A client credentials flow becomes an `oauth2` block Tern runs, the client's id and secret from the
        // environment and the operation's scopes.
        let oauth = OAuth2Definition(
            grant: .clientCredentials,
            fields: [
                "tokenURL": "https://shop.example/token", "clientId": "{{secret:OAUTH_CLIENT_ID}}",
                "clientSecret": "{{secret:OAUTH_CLIENT_SECRET}}", "scope": "read",
            ])
        #expect(login.auth == .oauth2(oauth))
        #expect(login.header("Authorization") == nil)
        for name in ["OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET"] {
            #expect(
                collection.secrets.contains(
                    ImportedSecret(name: name, value: nil, item: "oauth (OAuth 2.0 client_credentials)")))
        }
        #expect(collection.warnings.contains { $0.contains("cookieKey") })
        for spec in collection.specs {
            #expect(!spec.spec.headers.contains { $0.value.contains("secret") })
        }
    }

    @Test("Bodies: JSON preferred with its media type, generated through refs, allOf and oneOf; multipart files")
    func bodies() throws {
        let collection = try OpenAPIFixture.read(text: Self.document)
        let create = try #require(collection.spec("create-order"))
        #expect(create.header("Content-Type") == "application/vnd.shop+json")
        guard case .json(.object(let order)) = create.body else {
            Issue.record("not a JSON object body: \(String(describing: create.body))")
            return
        }
        #expect(order["id"] == "00000000-0000-0000-0000-000000000000")
        #expect(order["placed"] == "2024-01-01T00:00:00Z")
        #expect(order["email"] == "user@example.com")
        #expect(order["parent"] == .null)
        #expect(order["lines"] == .array([.object(["sku": "SKU-1", "qty": 1])]))
        #expect(order["kind"] == "retail")
        #expect(collection.warnings.contains { $0.contains("createOrder") && $0.contains("text/plain") })

        let put = try #require(collection.spec("create-order-2"))
        let parts: BodyDefinition = .multipart([
            MultipartPartDefinition(name: "note", value: "hi"),
            MultipartPartDefinition(name: "scan", file: "path/to/scan"),
        ])
        #expect(put.body == parts)

        let login = try #require(collection.spec("login"))
        #expect(login.body == .text("<login/>"))
        #expect(login.header("Content-Type") == "application/xml")
    }

    @Test("Samples: the lowest 2xx with a JSON example")
    func samples() throws {
        let collection = try OpenAPIFixture.read(text: Self.document)
        let sample = try #require(collection.spec("get-order")?.sample)
        #expect(sample.status == 201)
        #expect(sample.body == .object(["id": "A-17"]))
        #expect(collection.spec("login")?.sample == nil)
    }

    @Test("Styles Tern cannot send as described are warnings naming the parameter")
    func styles() throws {
        let text = """
            openapi: 3.0.3
            info: {title: x, version: '1'}
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - {name: where, in: query, schema: {type: object, properties: {a: {type: string}}}}
                    - {name: tags, in: query, style: pipeDelimited, schema: {type: array, items: {type: string}}}
                  responses: {'200': {description: ok}}
            """
        let collection = try OpenAPIFixture.read(text: text)
        #expect(collection.warnings.contains { $0.contains("object query parameter where of search") })
        #expect(collection.warnings.contains { $0.contains("pipeDelimited style of query parameter tags") })
        #expect(collection.spec("search")?.queryValue("where") == .object(["a": "string"]))
    }

    @Test("JSON keeps the paths in source order although its decoder does not")
    func jsonOrder() throws {
        let paths = ["/zebra", "/apple", "/mango/{id}", "/banana", "/a\\/b"]
        let entries = paths.enumerated().map { index, path in
            #""\#(path)": {"get": {"operationId": "op\#(index)", "responses": {"200": {"description": "ok"}}}}"#
        }
        let text =
            #"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"#
            + entries.joined(separator: ", ") + "}}"
        for _ in 0..<3 {
            let collection = try OpenAPIFixture.read(text: text, name: "order.json")
            #expect(collection.specs.map(\.fileName) == ["op0", "op1", "op2", "op3", "op4"])
            #expect(collection.specs.last?.spec.path == "/a/b")
        }
    }
}
