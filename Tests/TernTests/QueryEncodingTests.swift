import Foundation
import HTTPTypes
import Testing

@testable import Tern

@Suite("Query encoding")
struct QueryEncodingTests {
    @Test("arrays are written individually or comma-joined")
    func arrayEncodings() {
        let parameters: QueryParameters = ["tags": ["a", "b"], "page": 2]
        #expect(parameters.encoded(arrayEncoding: .individual) == "tags=a&tags=b&page=2")
        #expect(parameters.encoded(arrayEncoding: .comma) == "tags=a,b&page=2")
    }

    @Test("a parameter's own array encoding wins over the request's")
    func perParameterEncoding() {
        var parameters: QueryParameters = ["a": [1, 2]]
        parameters.set("filter", [1, 2, 3], arrayEncoding: .comma)
        #expect(parameters.encoded(arrayEncoding: .individual) == "a=1&a=2&filter=1,2,3")
    }

    @Test("add keeps every value of a name, together, in order; set replaces them")
    func addKeepsRepeatedNames() {
        var parameters = QueryParameters()
        parameters.set("tag", "a")
        parameters.set("page", 1)
        parameters.add("tag", "b")
        #expect(parameters.encoded(arrayEncoding: .individual) == "tag=a&tag=b&page=1")
        parameters.set("tag", "c")
        #expect(parameters.encoded(arrayEncoding: .individual) == "tag=c&page=1")
    }

    @Test("scalars encode predictably, never as Swift descriptions")
    func scalars() {
        let parameters: QueryParameters = [
            "yes": true, "no": false, "int": 42, "double": 2.5, "whole": 3.0, "nothing": nil, "text": "Ada L",
        ]
        #expect(
            parameters.encoded(arrayEncoding: .individual) == "yes=true&no=false&int=42&double=2.5&whole=3&text=Ada%20L"
        )
    }

    @Test("nested objects use brackets with sorted keys")
    func nested() {
        let parameters: QueryParameters = ["filter": ["name": "Ada", "age": 36], "list": [["x": 1]]]
        #expect(
            parameters.encoded(arrayEncoding: .individual)
                == "filter%5Bage%5D=36&filter%5Bname%5D=Ada&list%5B0%5D%5Bx%5D=1"
        )
    }

    @Test("reserved characters are escaped; commas inside comma-joined values stay unambiguous")
    func escaping() {
        let parameters: QueryParameters = ["q": "a&b=c+d/e?", "list": ["x,y", "z"]]
        #expect(parameters.encoded(arrayEncoding: .comma) == "q=a%26b%3Dc%2Bd%2Fe%3F&list=x%2Cy,z")
    }

    @Test("appending keeps a query the URL already has")
    func appending() throws {
        var request = Request(url: try #require(URL(string: "http://127.0.0.1/x?a=1")))
        request.appendQuery(["b": 2])
        #expect(request.url.absoluteString == "http://127.0.0.1/x?a=1&b=2")
    }

    @Test("form bodies use the same encoding")
    func formBody() throws {
        var request = Request(method: .post, url: try #require(URL(string: "http://127.0.0.1/form")))
        try request.setBody(.form(["name": "Ada Lovelace", "langs": ["en", "fr"]]))
        #expect(try request.body.collect() == Data("name=Ada%20Lovelace&langs=en&langs=fr".utf8))
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }
}

@Suite("Hostile query names and values")
struct HostileQueryTests {
    /// Every printable ASCII character that is not unreserved, plus unicode, spaces and controls.
    static let awkward: [String] =
        "!\"#$%&'()*+,/:;<=>?@[\\]^`{|}".map(String.init)
        + [" ", "é", "日本", "😀", "\u{0}", "\n", "%", "%zz", "%41", "[]", "]["]

    @Test("brackets in names are percent-encoded, nested or written out")
    func brackets() throws {
        var request = Request(url: try #require(URL(string: "http://127.0.0.1/users")))
        request.appendQuery(["filter[name]": "ada", "filter": ["age": 36]])
        #expect(request.url.absoluteString == "http://127.0.0.1/users?filter%5Bname%5D=ada&filter%5Bage%5D=36")
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query.map(\.name) == ["filter[name]", "filter[age]"])
    }

    @Test("every reserved, unicode or control character in a name or value round-trips", arguments: awkward)
    func roundTrip(text: String) throws {
        var request = Request(url: try #require(URL(string: "http://127.0.0.1/x?keep=1")))
        request.appendQuery(["n\(text)": .string("v\(text)")])
        let items = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(items.count == 2)
        #expect(items.first?.name == "keep")
        #expect(items.last?.name == "n\(text)")
        #expect(items.last?.value == "v\(text)")
    }

    @Test("a raw query with characters URLComponents rejects is cleaned, never a trap", arguments: awkward)
    func rawAppend(text: String) throws {
        let base = try #require(URL(string: "http://127.0.0.1/x"))
        let url = Request.url(base, appending: "a\(text)=1")
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1/x?a"))
        #expect(url.query(percentEncoded: true)?.contains("[") == false)
    }
}
