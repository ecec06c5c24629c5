import Foundation
import Testing

@testable import TernJSONPath

@Suite("JSONPathValue and normalized paths")
struct ValueAndPathTests {
    @Test("a quoted string reads back as itself, escaped only where JSON requires")
    func quotedStringsReadBack() throws {
        let texts = [
            "", "plain", "say \"hi\"", "back\\slash", "line\nbreak\r\n\ttab", "\u{08}\u{0C}\u{01}\u{1F}",
            "é漢🙂 and \"quotes\" after", "\u{7F}\u{2028}", String(repeating: "a\"", count: 100),
        ]
        for text in texts {
            var quoted = ""
            JSONPathValue.appendQuoted(text, to: &quoted)
            let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
            #expect(decoded == text, "\(quoted)")
            let raw = quoted.dropFirst().dropLast()
            #expect(!raw.utf8.contains { $0 < 0x20 }, "no raw control byte: \(quoted)")
            var bytes: [UInt8] = []
            JSONPathValue.appendQuoted(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == quoted, "bytes and string quote alike")
        }
        var quoted = ""
        JSONPathValue.appendQuoted("a\u{01}\"b\\\n", to: &quoted)
        #expect(quoted == #""a\u0001\"b\\\n""#)
    }

    static let store = """
        {"store": {"book": [
          {"title": "Sayings", "price": 8.95},
          {"title": "Sword", "price": 12.99},
          {"title": "Moby", "price": 8}
        ], "bicycle": {"price": 19.95}}}
        """

    @Test("the README example selects titles with their paths")
    func example() throws {
        let document = try JSONPathValue(decoding: Self.store)
        let nodes = try JSONPath("$.store.book[?@.price < 10].title").select(in: document)
        #expect(nodes.map(\.value) == [.string("Sayings"), .string("Moby")])
        #expect(nodes.map(\.path.description) == ["$['store']['book'][0]['title']", "$['store']['book'][2]['title']"])
        #expect(nodes[0].path.elements == [.name("store"), .name("book"), .index(0), .name("title")])
    }

    @Test("negative indexes and slices normalise to non-negative paths")
    func normalizedIndexes() throws {
        let document = try JSONPathValue(decoding: "[10, 11, 12, 13]")
        #expect(try JSONPath("$[-1]").select(in: document).map(\.path.description) == ["$[3]"])
        #expect(try JSONPath("$[::-2]").select(in: document).map(\.path.description) == ["$[3]", "$[1]"])
        #expect(try JSONPath("$").select(in: document).map(\.path.description) == ["$"])
    }

    @Test("names are escaped in normalized paths")
    func escapedNames() throws {
        let document = try JSONPathValue(decoding: #"{"it's": 1, "a\\b": 2, "\u0001\n": 3, "\"/é": 4}"#)
        let paths = try JSONPath("$.*").select(in: document).map(\.path.description)
        #expect(paths == [#"$['it\'s']"#, #"$['a\\b']"#, #"$['\u0001\n']"#, #"$['"/é']"#])
    }

    @Test("integers stay exact and compare numerically with doubles")
    func numbers() throws {
        let document = try JSONPathValue(decoding: #"[9007199254740993, 1, 1.0, 1e0, 2.5, -0]"#)
        guard case .array(let elements) = document else { throw JSONPathError(kind: .invalidJSON, message: "") }
        #expect(elements[0] == .int(9_007_199_254_740_993))
        #expect(elements[0] != .double(9_007_199_254_740_992))
        #expect(try JSONPath("$[?@ == 1]").select(in: document).map(\.path.description) == ["$[1]", "$[2]", "$[3]"])
        #expect(try JSONPath("$[?@ > 9007199254740992]").select(in: document).count == 1)
        #expect(document.jsonText == "[9007199254740993,1,1.0,1.0,2.5,0]")
    }

    @Test("objects keep member order; duplicate names keep the last value")
    func memberOrder() throws {
        let document = try JSONPathValue(decoding: #"{"z": 1, "a": 2, "m": 3, "a": 4}"#)
        #expect(document.jsonText == #"{"z":1,"a":4,"m":3}"#)
        #expect(try JSONPath("$.*").values(in: document) == [.int(1), .int(4), .int(3)])
        guard case .object(var object) = document else { throw JSONPathError(kind: .invalidJSON, message: "") }
        object["z"] = nil
        object["b"] = .null
        #expect(object.keys == ["a", "m", "b"])
        #expect(object["m"] == .int(3))
    }

    @Test("member names compare by Unicode scalars, not canonical equivalence")
    func scalarNames() throws {
        let document = try JSONPathValue(decoding: #"{"\u00e9": 1, "e\u0301": 2}"#)
        #expect(try JSONPath("$['\\u00e9']").values(in: document) == [.int(1)])
        #expect(try JSONPath("$['e\\u0301']").values(in: document) == [.int(2)])
    }

    @Test("strings escape control characters when encoded; surrogate pairs decode")
    func strings() throws {
        let document = try JSONPathValue(decoding: #"["a\"b\\c\u0000\t", "\ud83d\ude00"]"#)
        #expect(document.jsonText == "[\"a\\\"b\\\\c\\u0000\\t\",\"😀\"]")
    }

    @Test("a number beyond Double's range is valid JSON: ±infinity, above (below) every other number")
    func numbersBeyondDouble() throws {
        let document = try JSONPathValue(decoding: #"{"big": 1e400, "small": -1e400, "tiny": 1e-400, "max": 1.7e308}"#)
        #expect(try JSONPath("$[?@ > 1e308]").select(in: document).map(\.path.description) == ["$['big']", "$['max']"])
        #expect(try JSONPath("$[?@ < -1e308]").select(in: document).map(\.path.description) == ["$['small']"])
        #expect(try JSONPath("$[?@ == 0]").select(in: document).map(\.path.description) == ["$['tiny']"])
        #expect(document.jsonText == #"{"big":1e999,"small":-1e999,"tiny":0.0,"max":1.7e+308}"#)
        #expect(try JSONPathValue(decoding: document.jsonText) == document)
    }

    @Test(
        "malformed JSON is reported with a byte offset",
        arguments: [
            ("[1,]", 3), ("{\"a\" 1}", 5), ("[01]", 2), ("\"\\ud800\"", 7), ("nul", 3), ("[] x", 3),
        ])
    func malformedJSON(text: String, offset: Int) throws {
        let error = try #require(throws: JSONPathError.self) { try JSONPathValue(decoding: text) }
        #expect(error.kind == .invalidJSON)
        #expect(error.offset == offset, "\(text): \(error)")
    }

    @Test("invalid UTF-8 is rejected")
    func invalidUTF8() {
        #expect(throws: JSONPathError.self) { try JSONPathValue(decoding: Data([0x22, 0xFF, 0x22])) }
    }

    @Test("I-Regexp: dot excludes CR and LF, match() anchors, unsupported syntax never matches")
    func regexSemantics() throws {
        let document = JSONPathValue.array([.string("a\nb"), .string("a\rb"), .string("axb"), .string("ÄB")])
        #expect(try JSONPath("$[?match(@, 'a.b')]").values(in: document) == [.string("axb")])
        #expect(try JSONPath("$[?search(@, 'x')]").values(in: document) == [.string("axb")])
        #expect(try JSONPath("$[?match(@, 'x')]").values(in: document).isEmpty)
        #expect(try JSONPath("$[?match(@, '\\\\p{Lu}+')]").values(in: document) == [.string("ÄB")])
        #expect(try JSONPath("$[?search(@, '\\\\d')]").values(in: document).isEmpty)
        #expect(try JSONPath("$[?search(@, 'b$')]").values(in: document).count == 3)
        #expect(throws: JSONPathError.self) { try IRegexp("(?:a)") }
        #expect(throws: JSONPathError.self) { try IRegexp("a**") }
        #expect(throws: JSONPathError.self) { try IRegexp("[z-a]") }
        _ = try IRegexp("[^-a\\]\\p{Nd}-]|x{2,}|y{0,3}")
    }
}
