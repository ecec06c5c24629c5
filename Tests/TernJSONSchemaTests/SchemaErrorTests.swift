import TernJSONPath
import TernJSONSchema
import Testing

/// Schemas that cannot be compiled say why and where.
@Suite struct SchemaErrorTests {
    private func compileError(_ text: String, dialect: JSONSchemaDialect? = nil) throws -> JSONSchemaError? {
        let schema = try json(text)
        do {
            _ = try JSONSchema(schema, dialect: dialect)
            return nil
        } catch {
            return error
        }
    }

    @Test func aKeywordOfTheWrongTypeNamesItsPointer() throws {
        let wrong = try #require(try compileError(#"{"properties": {"id": {"minLength": "3"}}}"#))
        #expect(wrong.pointer == "/properties/id/minLength")
        #expect(
            wrong.description == "invalid schema at /properties/id/minLength: minLength must be a non-negative integer")
        #expect(try compileError(#"{"type": "text"}"#)?.pointer == "/type")
        #expect(try compileError(#"{"required": "id"}"#)?.pointer == "/required")
        #expect(try compileError(#"{"allOf": [{"type": "string"}, 3]}"#)?.pointer == "/allOf/1")
        #expect(try compileError(#"{"pattern": "(unclosed"}"#)?.pointer == "/pattern")
        #expect(try compileError(#"{"multipleOf": 0}"#)?.pointer == "/multipleOf")
        #expect(try compileError("[1]")?.pointer == "")
    }

    @Test func anUnknownDialectListsTheKnownOnes() throws {
        let unknown = try #require(try compileError(##"{"$schema": "http://json-schema.org/draft-04/schema#"}"##))
        #expect(unknown.uri == "http://json-schema.org/draft-04/schema#")
        #expect(unknown.description.contains("https://json-schema.org/draft/2020-12/schema"))
    }

    @Test func anUnresolvableRefNamesTheURI() throws {
        let missing = try #require(try compileError(##"{"$ref": "#/$defs/nope"}"##))
        #expect(missing.uri == "tern:/schema.json#/$defs/nope")
        #expect(try compileError(##"{"$ref": "#nope"}"##)?.description.contains("#nope") == true)
    }
}
