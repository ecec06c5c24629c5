import Foundation
import Tern
import TernExplorer
import Testing

@Suite("JSON diff and ignore paths")
struct JSONDiffTests {
    func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    func summary(_ changes: [JSONDiff.Change]) -> [String] {
        changes.map { "\($0.kind.rawValue) \($0.path)" }
    }

    @Test("key order is ignored; added, removed, changed and type-changed fields are named by path")
    func structural() throws {
        let old = try json(#"{"a":1,"b":{"c":[1,2]},"d":"x","gone":true,"n":2}"#)
        let new = try json(#"{"n":2.0,"d":"x","b":{"c":[1,3,4]},"a":"1","new":null}"#)
        let changes = summary(JSONDiff.changes(from: old, to: new))
        #expect(changes.contains("type changed $.a"))
        #expect(changes.contains("changed $.b.c[1]"))
        #expect(changes.contains("added $.b.c[2]"))
        #expect(changes.contains("removed $.gone"))
        #expect(changes.contains("added $.new"))
        #expect(!changes.contains { $0.hasSuffix("$.d") || $0.hasSuffix("$.n") })
        #expect(JSONDiff.changes(from: old, to: old).isEmpty)
    }

    @Test("ignore paths: names, indices, wildcards, descendants and quoted names")
    func ignorePaths() throws {
        let old = try json(
            #"{"items":[{"id":1,"at":"t1"},{"id":2,"at":"t2"}],"meta":{"etag":"a","deep":{"etag":"b"}},"odd key":1}"#)
        let new = try json(
            #"{"items":[{"id":1,"at":"t3"},{"id":2,"at":"t4"}],"meta":{"etag":"c","deep":{"etag":"d"}},"odd key":2}"#)
        let patterns = ["$.items[*].at", "$..etag", "$['odd key']"].compactMap(PathPattern.init)
        #expect(patterns.count == 3)
        #expect(JSONDiff.changes(from: old, to: new, ignoring: patterns).isEmpty)
        #expect(
            summary(JSONDiff.changes(from: old, to: new, ignoring: Array(patterns.prefix(2)))) == [
                "changed $['odd key']"
            ])
        #expect(PathPattern("items.at") == nil, "a path starts with $")
        #expect(PathPattern("$.a[") == nil)
    }
}
