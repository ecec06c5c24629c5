import TernJSONPath
import Testing

@testable import TernExplorer

/// HTTPie's nested JSON (each case's document checked with `http --offline`).
@Suite struct NestedJSONTests {
    private func document(_ items: [(String, JSONPathValue)]) throws -> String {
        var json = NestedJSON()
        for (key, value) in items { try json.set(key, to: value) }
        return json.document?.jsonText ?? ""
    }

    @Test("objects, arrays, indexes and the top level, in the order given")
    func shapes() throws {
        #expect(
            try document([("user[name]", .string("Ada")), ("user[age]", .int(36))])
                == #"{"user":{"name":"Ada","age":36}}"#)
        #expect(try document([("tags[]", .string("a")), ("tags[]", .string("b"))]) == #"{"tags":["a","b"]}"#)
        #expect(
            try document([("items[0][id]", .int(1)), ("items[1][id]", .int(2))]) == #"{"items":[{"id":1},{"id":2}]}"#)
        #expect(try document([("[]", .int(1)), ("[]", .int(2))]) == "[1,2]")
        #expect(try document([("a", .string("1")), ("a", .string("2"))]) == #"{"a":"2"}"#)
        #expect(try document([("a[b]", .string("1")), ("a[c][]", .string("x"))]) == #"{"a":{"b":"1","c":["x"]}}"#)
        #expect(try document([("x[2]", .string("z"))]) == #"{"x":[null,null,"z"]}"#)
        #expect(try document([("a\\[b]", .string("1"))]) == #"{"a[b]":"1"}"#)
        #expect(try document([("name", .string("plain"))]) == #"{"name":"plain"}"#)
    }

    @Test("paths that cannot be, or that disagree, are errors naming the key")
    func failures() {
        #expect(throws: NestedJSON.Failure.self) { try document([("a[b", .string("1"))]) }
        #expect(throws: NestedJSON.Failure.self) { try document([("a[b]c", .string("1"))]) }
        #expect(throws: NestedJSON.Failure.self) { try document([("a", .string("1")), ("a[b]", .string("2"))]) }
        #expect(throws: NestedJSON.Failure.self) { try document([("a[]", .string("1")), ("a[b]", .string("2"))]) }
        #expect(throws: NestedJSON.Failure.self) { try document([("x[99999999]", .null)]) }
    }
}
