import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("openapi import: hostile input")
struct OpenAPIHostileTests {
    @Test("Truncated YAML names the file, line and column")
    func truncatedYAML() throws {
        let error = try #require(OpenAPIFixture.error("openapi: 3.0.0\ninfo:\n  title: [x\n", name: "api.yaml"))
        #expect(error.location?.hasPrefix("api.yaml:") == true)
        #expect(error.location?.split(separator: ":").count == 3)
        #expect(error.message.contains("YAML"))
    }

    @Test("A YAML alias bomb of a few hundred bytes is refused at the alias, as the workspace loader refuses it")
    func aliasBomb() throws {
        var lines = [
            "openapi: 3.0.0", "info: {title: x, version: '1'}", "x-bomb:", "  a: &a [x, x, x, x, x, x, x, x, x]",
        ]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let list = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("  \(name): &\(name) [\(list)]")
        }
        lines.append("paths: {}")
        let text = lines.joined(separator: "\n") + "\n"
        #expect(text.utf8.count < 1000)
        let error = try #require(OpenAPIFixture.error(text, name: "bomb.yaml"))
        #expect(error.location?.hasPrefix("bomb.yaml:") == true, "\(error)")
        #expect(error.message.contains("alias"), "\(error)")
    }

    @Test("Truncated JSON names the file, line and column")
    func truncatedJSON() throws {
        let text =
            "{\"openapi\": \"3.1.0\",\n \"info\": {\"title\": \"x\", \"version\": \"1\"},\n \"paths\": {\"/a\": {"
        let error = try #require(OpenAPIFixture.error(text, name: "api.json"))
        #expect(error.location == "api.json:3:19")
        #expect(error.message.contains("JSON"))
        let wrong = try #require(OpenAPIFixture.error("{\"openapi\": \"3.1.0\",\n \"info\": x}", name: "b.json"))
        #expect(wrong.location == "b.json:2:10")
    }

    @Test("A wrong type gives a JSON pointer to it")
    func wrongTypes() throws {
        let paths = try #require(OpenAPIFixture.error("openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: 3\n"))
        #expect(paths.location == "#/paths")
        let text = """
            openapi: 3.1.0
            info: {title: x, version: '1'}
            paths:
              /pets:
                get:
                  responses: 7
            """
        let responses = try #require(OpenAPIFixture.error(text))
        #expect(responses.location == "#/paths/~1pets/get/responses")
    }

    @Test("A document of another version says which version it claims")
    func otherVersions() throws {
        let four = try #require(OpenAPIFixture.error("openapi: 4.0.0\ninfo: {title: x, version: '1'}\n"))
        #expect(four.message.contains("OpenAPI 4.0.0"))
        #expect(four.location == "#/openapi")
        let swagger = try #require(OpenAPIFixture.error(#"{"swagger": "1.2", "info": {}}"#, name: "a.json"))
        #expect(swagger.message.contains("Swagger 1.2"))
        let none = try #require(OpenAPIFixture.error("name: workspace\n"))
        #expect(none.message.contains("not an OpenAPI description"))
    }

    @Test("A 1000-deep schema is refused with a location, in JSON and in YAML")
    func deepNesting() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<1000 { schema = #"{"type": "object", "properties": {"a": \#(schema)}}"# }
        let json =
            #"{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {}, "#
            + #""components": {"schemas": {"Deep": \#(schema)}}}"#
        let error = try #require(OpenAPIFixture.error(json, name: "deep.json"))
        #expect(error.message.contains("nests deeper"))
        #expect(error.location?.hasPrefix("deep.json:1:") == true)

        var yaml = "openapi: 3.1.0\ninfo: {title: x, version: '1'}\ncomponents:\n  schemas:\n    Deep:\n"
        for level in 0..<1000 { yaml += String(repeating: "  ", count: level + 3) + "properties:\n" }
        let yamlError = try #require(OpenAPIFixture.error(yaml, name: "deep.yaml"))
        #expect(yamlError.message.contains("nests deeper"))
        #expect(yamlError.location?.hasPrefix("deep.yaml:") == true)
    }

    @Test("Nesting just inside the bound imports")
    func nestingWithinBound() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<40 { schema = #"{"type": "object", "properties": {"a": \#(schema)}}"# }
        let json =
            #"{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {"/a": {"post": {"#
            + #""requestBody": {"content": {"application/json": {"schema": \#(schema)}}}, "#
            + #""responses": {"200": {"description": "ok"}}}}}}"#
        let collection = try OpenAPIFixture.read(text: json, name: "nested.json")
        #expect(collection.specs.count == 1)
    }

    @Test("A $ref cycle generates a bounded body")
    func cycle() throws {
        let text = """
            openapi: 3.0.3
            info: {title: x, version: '1'}
            paths:
              /nodes:
                post:
                  requestBody:
                    content:
                      application/json: {schema: {$ref: '#/components/schemas/A'}}
                  responses: {'200': {description: ok}}
            components:
              schemas:
                A:
                  type: object
                  properties:
                    b: {$ref: '#/components/schemas/B'}
                    list: {type: array, items: {$ref: '#/components/schemas/A'}}
                B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}, name: {type: string}}}
                Self: {$ref: '#/components/schemas/Self'}
            """
        let collection = try OpenAPIFixture.read(text: text)
        #expect(collection.specs.first?.spec.body == .json(["b": ["a": nil, "name": "string"], "list": [nil]]))
    }

    @Test("A missing $ref target is an error with a pointer")
    func missingReference() throws {
        let text = """
            openapi: 3.0.3
            info: {title: x, version: '1'}
            paths:
              /pets:
                get:
                  parameters:
                    - $ref: '#/components/parameters/Nope'
                  responses: {'200': {description: ok}}
            """
        let error = try #require(OpenAPIFixture.error(text))
        #expect(error.location == "#/paths/~1pets/get/parameters/0")
        #expect(error.message.contains("$ref"))
    }

    @Test("Sources over 64 MiB are refused before parsing; binary data is not text")
    func sizeAndEncoding() throws {
        let huge = Data(count: OpenAPIImporter.maxSize + 1)
        let error = try #require(OpenAPIFixture.error(data: huge, name: "huge.json"))
        #expect(error.message.contains("64 MiB"))
        let binary = try #require(OpenAPIFixture.error(data: Data([0xFF, 0xFE, 0x00, 0x81]), name: "x.bin"))
        #expect(binary.location == "x.bin")
    }

    @Test("Wide schemas generate bounded examples")
    func wideSchema() throws {
        // 20 × 20 × 20 × 20 leaves without a bound.
        func level(_ name: String, _ next: String) -> String {
            let properties = (0..<20).map { "p\($0): \(next)" }.joined(separator: ", ")
            return "    \(name): {type: object, properties: {\(properties)}}"
        }
        let text = """
            openapi: 3.0.3
            info: {title: x, version: '1'}
            paths:
              /w:
                post:
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
                  responses: {'200': {description: ok}}
            components:
              schemas:
            \(level("A", "{$ref: '#/components/schemas/B'}"))
            \(level("B", "{$ref: '#/components/schemas/C'}"))
            \(level("C", "{$ref: '#/components/schemas/D'}"))
            \(level("D", "{type: string}"))
            """
        let collection = try OpenAPIFixture.read(text: text)
        guard case .json(let body) = try #require(collection.specs.first?.spec.body) else {
            Issue.record("no JSON body")
            return
        }
        func count(_ value: JSONValue) -> Int {
            switch value {
            case .object(let object): 1 + object.values.map(count).reduce(0, +)
            case .array(let items): 1 + items.map(count).reduce(0, +)
            default: 1
            }
        }
        #expect(count(body) <= OpenAPIExamples.maxNodes + OpenAPIExamples.maxDepth + 1)
        #expect(count(body) > 100)
    }
}

/// Real descriptions that break a rule import what they can, with a warning per problem.
@Suite("OpenAPI leniency")
struct OpenAPILeniencyTests {
    @Test("Slack's Web API (Swagger 2.0 with type lists and items lists): every operation, a warning per schema")
    func slack() throws {
        let collection = try OpenAPIFixture.read("real-slack-web-api.json")
        #expect(collection.specs.count == 174)
        let repairs = collection.warnings.filter { $0.hasSuffix("the schema is read as any value") }
        #expect(repairs.count >= 30)
        #expect(
            repairs.allSatisfy { $0.hasPrefix("#/definitions/") || $0.hasPrefix("#/paths/") }, "\(repairs.prefix(3))")
        #expect(repairs.contains { $0.hasPrefix("#/definitions/objs_team_profile_field/properties/possible_values:") })
    }

    @Test("An operation that cannot be read is left out with its pointer; nothing usable left is an error")
    func operations() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Bent, version: "1"}
            paths:
              /good:
                get: {responses: {"200": {description: ok}}}
              /bad:
                get: {parameters: [{name: q, in: nowhere}], responses: {"200": {description: ok}}}
            """
        let collection = try OpenAPIFixture.read(text: document)
        #expect(collection.specs.map(\.spec.path) == ["/good"])
        #expect(collection.warnings.contains { $0.hasPrefix("#/paths/~1bad/get:") && $0.hasSuffix("not imported") })
        let only = document.replacingOccurrences(
            of: "  /good:\n    get: {responses: {\"200\": {description: ok}}}\n", with: "")
        #expect(OpenAPIFixture.error(only)?.message.hasPrefix("nothing usable is left") == true)
    }
}
