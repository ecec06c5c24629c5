import Foundation
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

    @Test("scalars encode predictably, never as Swift descriptions")
    func scalars() {
        let parameters: QueryParameters = [
            "yes": true, "no": false, "int": 42, "double": 2.5, "whole": 3.0, "nothing": nil, "text": "Ada L",
        ]
        #expect(parameters.encoded(arrayEncoding: .individual) == "yes=true&no=false&int=42&double=2.5&whole=3&text=Ada%20L")
    }

    @Test("nested objects use brackets with sorted keys")
    func nested() {
        let parameters: QueryParameters = ["filter": ["name": "Ada", "age": 36], "list": [["x": 1]]]
        #expect(parameters.encoded(arrayEncoding: .individual) == "filter[age]=36&filter[name]=Ada&list[0][x]=1")
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
