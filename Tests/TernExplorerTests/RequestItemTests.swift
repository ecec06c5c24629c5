import Testing

@testable import TernExplorer

/// HTTPie's request-item syntax, read as HTTPie 3.2 reads it (each case checked with `http --offline`).
@Suite struct RequestItemTests {
    @Test(
        "every kind of item",
        arguments: [
            ("X-API-Token:123", "X-API-Token", "123", RequestItem.Kind.header),
            ("Accept:", "Accept", "", .header),
            ("User-Agent;", "User-Agent", "", .emptyHeader),
            ("Cookie:@cookies.txt", "Cookie", "cookies.txt", .headerFromFile),
            ("search==tern", "search", "tern", .query),
            ("q==@query.txt", "q", "query.txt", .queryFromFile),
            ("name=John Doe", "name", "John Doe", .field),
            ("bio=@bio.txt", "bio", "bio.txt", .fieldFromFile),
            ("age:=29", "age", "29", .rawJSON),
            ("tags:=[\"a\",\"b\"]", "tags", "[\"a\",\"b\"]", .rawJSON),
            ("meta:=@meta.json", "meta", "meta.json", .rawJSONFromFile),
            ("cv@~/cv.pdf", "cv", "~/cv.pdf", .fileUpload),
            ("user[name]=Ada", "user[name]", "Ada", .field),
        ])
    func kinds(argument: String, key: String, value: String, kind: RequestItem.Kind) throws {
        let item = try RequestItem.parse(argument)
        #expect(item == RequestItem(key: key, value: value, kind: kind))
    }

    @Test("the first separator wins, the longest where several start at the same place")
    func firstAndLongest() throws {
        #expect(try RequestItem.parse("X-Foo:bar=baz") == RequestItem(key: "X-Foo", value: "bar=baz", kind: .header))
        #expect(
            try RequestItem.parse("url==http://x.org/?q=1")
                == RequestItem(key: "url", value: "http://x.org/?q=1", kind: .query))
        #expect(try RequestItem.parse("time:=12:00") == RequestItem(key: "time", value: "12:00", kind: .rawJSON))
        #expect(try RequestItem.parse("a=b:c") == RequestItem(key: "a", value: "b:c", kind: .field))
    }

    @Test("a backslash makes a separator's character literal; other backslashes stay")
    func escapes() throws {
        #expect(try RequestItem.parse("a\\=b=c") == RequestItem(key: "a=b", value: "c", kind: .field))
        #expect(try RequestItem.parse("e\\:x=1") == RequestItem(key: "e:x", value: "1", kind: .field))
        #expect(try RequestItem.parse("path=C:\\dir") == RequestItem(key: "path", value: "C:\\dir", kind: .field))
        #expect(try RequestItem.parse("a=b\\=c") == RequestItem(key: "a", value: "b=c", kind: .field))
    }

    @Test("what is not an item says which forms there are")
    func notAnItem() {
        for argument in ["justaword", "=value", ":value", "\\=escaped"] {
            #expect(throws: RequestItem.Failure.self) { try RequestItem.parse(argument) }
        }
        let failure = RequestItem.Failure(argument: "x")
        #expect(failure.description.contains("Name:Value (header)"))
        #expect(failure.description.contains("field:=json (raw JSON)"))
    }
}
