import TernJSONPath
import TernJSONSchema
import Testing

/// Failure pointers and messages: what a person reads when an instance does not match.
@Suite struct FailureReportTests {
    private func failures(_ schema: String, _ instance: String) throws -> [JSONSchemaFailure] {
        let result = try JSONSchema(try json(schema)).validate(try json(instance))
        #expect(!result.isValid)
        return result.errors
    }

    @Test func typeAndRequiredNameTheirLocations() throws {
        let errors = try failures(
            #"{"properties": {"id": {"type": "integer"}}, "required": ["id", "name"]}"#, #"{"id": "x"}"#)
        #expect(errors.count == 2)
        let type = try #require(errors.first { $0.keywordLocation == "/properties/id/type" })
        #expect(type.instanceLocation == "/id")
        #expect(type.message == "expected integer, found string")
        let required = try #require(errors.first { $0.keywordLocation == "/required" })
        #expect(required.instanceLocation == "")
        #expect(required.message == "required property 'name' is missing")
        #expect(required.description == "/: required property 'name' is missing")
    }

    @Test func numericStringAndArrayMessages() throws {
        #expect(try failures(#"{"maximum": 10}"#, "12").map(\.message) == ["12 is greater than the maximum 10"])
        #expect(
            try failures(#"{"exclusiveMinimum": 5}"#, "5").map(\.message) == [
                "5 is not greater than the exclusive minimum 5"
            ])
        #expect(try failures(#"{"pattern": "^a"}"#, #""x""#).map(\.message) == ["'x' does not match /^a/"])
        #expect(try failures(#"{"multipleOf": 2}"#, "7").map(\.message) == ["7 is not a multiple of 2"])
        #expect(
            try failures(#"{"maxLength": 2}"#, #""héé""#).map(\.message) == [
                "the string has 3 characters, more than the maximum 2"
            ])
        #expect(try failures(#"{"uniqueItems": true}"#, "[1, 2, 1.0]").map(\.message) == ["items 0 and 2 are equal"])
        #expect(try failures(#"{"enum": ["a", "b"]}"#, #""c""#).map(\.message) == ["'c' is not one of ['a', 'b']"])
        #expect(
            try failures(#"{"type": ["string", "null"]}"#, "1.5").map(\.message) == [
                "expected string or null, found number"
            ])
    }

    @Test func decimalMultipleOfIsExact() throws {
        let schema = try JSONSchema(try json(#"{"multipleOf": 0.0001}"#))
        #expect(schema.validate(try json("0.0075")).isValid)
        #expect(schema.validate(try json("19.99")).isValid)
        #expect(!schema.validate(try json("0.00751")).isValid)
        #expect(try JSONSchema(try json(#"{"multipleOf": 0.01}"#)).validate(try json("4.35")).isValid)
    }

    @Test func oneOfSaysHowManyMatched() throws {
        let schema = #"{"oneOf": [{"type": "integer"}, {"type": "string"}, {"minimum": 0}]}"#
        let both = try failures(schema, "3")
        #expect(both.map(\.message) == ["2 subschemas of oneOf matched (0, 2)"])
        #expect(both.first?.keywordLocation == "/oneOf")
        let none = try failures(schema, "-1.5")
        #expect(none.first?.message == "no subschema of oneOf matched")
        #expect(none.count == 4)
    }

    @Test func anyOfReportsAtMostAFewBranchDetailsDeepestFirst() throws {
        let schema = #"""
            {"anyOf": [{"type": "string"}, {"type": "null"}, {"type": "boolean"}, {"type": "array"},
                       {"properties": {"a": {"properties": {"b": {"type": "string"}}}}}]}
            """#
        let errors = try failures(schema, #"{"a": {"b": 1}}"#)
        #expect(errors.count == 1 + JSONSchemaLimits.maximumBranchDetails)
        #expect(errors[0].message == "no subschema of anyOf matched")
        #expect(errors[1].instanceLocation == "/a/b")
        #expect(errors[1].keywordLocation == "/anyOf/4/properties/a/properties/b/type")
    }

    @Test func refFailuresCarryAbsoluteLocations() throws {
        let schema = #"""
            {"$id": "https://example.com/s.json", "$defs": {"pos": {"minimum": 0}},
             "properties": {"a/b": {"$ref": "#/$defs/pos"}}}
            """#
        let errors = try failures(schema, #"{"a/b": -1}"#)
        #expect(errors.count == 1)
        #expect(errors[0].instanceLocation == "/a~1b")
        #expect(errors[0].keywordLocation == "/properties/a~1b/$ref/minimum")
        #expect(errors[0].absoluteKeywordLocation == "https://example.com/s.json#/$defs/pos/minimum")
        #expect(errors[0].message == "-1 is less than the minimum 0")
    }

    @Test func schemasWithoutURIHaveNoAbsoluteLocation() throws {
        #expect(try failures(#"{"type": "string"}"#, "1").first?.absoluteKeywordLocation == nil)
    }

    @Test func forbiddenMembersAndItemsAreNamed() throws {
        let members = try failures(#"{"properties": {"a": true}, "additionalProperties": false}"#, #"{"a": 1, "x": 2}"#)
        #expect(members.map(\.message) == ["additional property 'x' is not allowed"])
        #expect(members.first?.instanceLocation == "/x")
        let items = try failures(#"{"prefixItems": [true], "items": false}"#, "[1, 2]")
        #expect(items.map(\.message) == ["item 1 is not allowed"])
        let unevaluated = try failures(
            #"{"allOf": [{"properties": {"a": true}}], "unevaluatedProperties": false}"#, #"{"a": 1, "b": 2}"#)
        #expect(unevaluated.map(\.message) == ["unevaluated property 'b' is not allowed"])
        let names = try failures(#"{"propertyNames": {"maxLength": 2}}"#, #"{"abc": 1}"#)
        #expect(names.map(\.message) == ["property name 'abc': the string has 3 characters, more than the maximum 2"])
    }

    @Test func containsAndNotMessages() throws {
        #expect(
            try failures(#"{"contains": {"type": "string"}}"#, "[1]").map(\.message) == [
                "no item matches the contains schema"
            ])
        let most = try failures(#"{"contains": {"type": "integer"}, "maxContains": 1}"#, "[1, 2]")
        #expect(most.first?.keywordLocation == "/maxContains")
        #expect(
            try failures(#"{"not": {"type": "integer"}}"#, "1").map(\.message) == [
                "the value must not match the schema in not"
            ])
    }

    @Test func formatAssertsOnlyWhenAsked() throws {
        let schema = try json(#"{"format": "date"}"#)
        #expect(try JSONSchema(schema).validate(.string("2024-02-30")).isValid)
        let asserted = try JSONSchema(schema, formatAssertion: true).validate(.string("2024-02-30"))
        #expect(asserted.errors.map(\.message) == ["'2024-02-30' is not a valid date"])
        #expect(try JSONSchema(schema, formatAssertion: true).validate(.string("2024-02-29")).isValid)
    }
}
