import Synchronization
import TernJSONPath
import TernJSONSchema
import Testing

/// Documents by URI, the retrieve hook, and the built-in meta-schemas.
@Suite struct RegistryTests {
    @Test func retrieveLoadsARelativeReferenceOnce() throws {
        let asked = Mutex<[String]>([])
        let other = try json(#"{"$defs": {"x": {"type": "string", "minLength": 2}}}"#)
        let registry = JSONSchemaRegistry { uri in
            asked.withLock { $0.append(uri) }
            return uri == "file:///workspace/schemas/other.json" ? other : nil
        }
        let schema = try JSONSchema(
            try json(#"{"properties": {"a": {"$ref": "other.json#/$defs/x"}, "b": {"$ref": "other.json#/$defs/x"}}}"#),
            baseURI: "file:///workspace/schemas/main.json", registry: registry)
        #expect(asked.withLock { $0 } == ["file:///workspace/schemas/other.json"])
        #expect(schema.validate(try json(#"{"a": "ok", "b": "ok"}"#)).isValid)
        let errors = schema.validate(try json(#"{"a": "x"}"#)).errors
        #expect(errors.first?.absoluteKeywordLocation == "file:///workspace/schemas/other.json#/$defs/x/minLength")
    }

    @Test func anUnknownDocumentIsAnUnresolvableReference() throws {
        let registry = JSONSchemaRegistry { _ in nil }
        #expect {
            try JSONSchema(
                try json(#"{"$ref": "missing.json"}"#), baseURI: "https://example.com/a.json", registry: registry)
        } throws: { error in
            (error as? JSONSchemaError)?.uri == "https://example.com/missing.json"
        }
    }

    @Test(arguments: JSONSchemaDialect.metaschemaCases)
    func builtInMetaschemasValidateThemselvesOffline(_ uri: String) throws {
        let metaschema = try JSONSchema(try json(#"{"$ref": "\#(uri)"}"#))
        #expect(metaschema.validate(try json(#"{"type": "string", "minLength": 1}"#)).isValid)
        #expect(!metaschema.validate(try json(#"{"minLength": -1}"#)).isValid)
    }

    @Test func schemaPicksTheDialect() throws {
        let draft7 = try JSONSchema(
            try json(##"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}]}"##))
        #expect(draft7.dialect == .draft7)
        #expect(!draft7.validate(try json("[1]")).isValid)
        #expect(throws: JSONSchemaError.self) { try JSONSchema(try json(#"{"items": [{"type": "string"}]}"#)) }
    }
}

extension JSONSchemaDialect {
    /// The `$schema` URIs of the three built-in drafts.
    static let metaschemaCases = [
        "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-07/schema#",
    ]
}
