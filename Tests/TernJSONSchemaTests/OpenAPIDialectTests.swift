import TernJSONPath
import TernJSONSchema
import Testing

/// The OpenAPI 3.0 Schema Object dialect.
@Suite struct OpenAPIDialectTests {
    private func schema(_ text: String) throws -> JSONSchema {
        try JSONSchema(try json(text), dialect: .openAPI30)
    }

    @Test func nullableAddsNullToTheType() throws {
        let nullable = try schema(#"{"type": "string", "nullable": true}"#)
        #expect(nullable.validate(.null).isValid)
        #expect(nullable.validate(.string("a")).isValid)
        #expect(!nullable.validate(.int(1)).isValid)
        #expect(!(try schema(#"{"type": "string"}"#)).validate(.null).isValid)
    }

    @Test func booleanExclusiveBoundsModifyMinimumAndMaximum() throws {
        let bounded = try schema(#"{"minimum": 0, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": false}"#)
        #expect(!bounded.validate(.int(0)).isValid)
        #expect(bounded.validate(try json("0.5")).isValid)
        #expect(bounded.validate(.int(10)).isValid)
        let errors = bounded.validate(.int(0)).errors
        #expect(errors.map(\.message) == ["0 is not greater than the exclusive minimum 0"])
        #expect(errors.first?.keywordLocation == "/minimum")
    }

    @Test func itemsIsOneSchema() throws {
        let list = try schema(#"{"type": "array", "items": {"type": "integer"}}"#)
        #expect(list.validate(try json("[1, 2]")).isValid)
        #expect(list.validate(try json(#"[1, "x"]"#)).errors.first?.instanceLocation == "/1")
        #expect(throws: JSONSchemaError.self) { try schema(#"{"items": [{"type": "integer"}]}"#) }
    }

    @Test func refSiblingsAndDraftKeywordsAreIgnored() throws {
        let document = try json(
            #"""
            {"components": {"schemas": {"Id": {"type": "integer"}}},
             "schema": {"$ref": "#/components/schemas/Id", "type": "string", "const": 1,
                        "discriminator": {"propertyName": "kind"}, "example": "x", "readOnly": true}}
            """#)
        var registry = JSONSchemaRegistry()
        registry.add(document, at: "https://api.example.com/openapi.json")
        let reference = try json(#"{"$ref": "openapi.json#/schema"}"#)
        let pet = try JSONSchema(
            reference, baseURI: "https://api.example.com/root.json", dialect: .openAPI30, registry: registry)
        #expect(pet.validate(.int(7)).isValid)
        #expect(!pet.validate(.string("7")).isValid)
    }

    @Test func openAPI31IsPlain2020_12() throws {
        let schema = try JSONSchema(try json(#"{"type": ["string", "null"], "discriminator": {"propertyName": "x"}}"#))
        #expect(schema.dialect == .draft2020_12)
        #expect(schema.validate(.null).isValid)
    }
}
