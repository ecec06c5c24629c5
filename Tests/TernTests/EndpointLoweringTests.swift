import Foundation
import HTTPTypes
import Testing

@testable import Tern

@Suite("Endpoint lowering")
struct EndpointLoweringTests {
    let context = EndpointContext(baseURL: URL(string: "http://127.0.0.1:8080/api"), arrayEncoding: .individual)

    @Test("a TargetGroup case lowers to one request with query, headers, key and sample")
    func targetGroup() throws {
        let request = try UserAPI.user(id: 7).makeRequest(in: context)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "http://127.0.0.1:1/users/7?verbose=true")
        #expect(request.headers[HTTPField.Name("X-Client")!] == "tests")
        #expect(request.storageKey == "user-7")
        #expect(request.sample?.body == Data(#"{"id":0,"name":"Sample"}"#.utf8))
    }

    @Test("a TargetGroup's array encoding and JSON body")
    func targetGroupBody() throws {
        let search = try UserAPI.search(tags: ["a", "b"]).makeRequest(in: context)
        #expect(search.url.query == "tags=a,b")
        let create = try UserAPI.create(name: "Ada").makeRequest(in: context)
        #expect(create.method == .post)
        #expect(try create.body.collect() == Data(#"{"name":"Ada"}"#.utf8))
        #expect(create.headers[.contentType] == "application/json")
        #expect(create.storageKey == nil)
    }

    struct Lookup: Spec {
        typealias Result = User
        struct Parameter: Encodable, Sendable {
            var name: String
            var tags: [String]
        }
        let parameter: Parameter
        var path: String { "/users/search" }
        var method: HTTPMethod { .get }
        var encoding: RequestEncoding { .query(parameter, arrayEncoding: .comma) }
    }

    @Test("a Spec without a base URL uses the handler's, and encodes its parameter as a query")
    func specQuery() throws {
        let request = try Lookup(parameter: .init(name: "Ada", tags: ["x", "y"])).makeRequest(in: context)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/users/search?name=Ada&tags=x,y")
        #expect(request.name == "Lookup")
    }

    @Test("a Spec with no base URL anywhere is an invalid request, not a crash")
    func specWithoutBase() {
        #expect(throws: TernError.self) {
            try Lookup(parameter: .init(name: "", tags: [])).makeRequest(in: EndpointContext())
        }
    }

    @Test("a Route lowers against the handler's base URL and builders compose")
    func routeAndBuilders() throws {
        let endpoint = UserRouter.user(id: "12").with(
            compose(addQuery(["years": 2015]), addHeaders(["Authorization": "Bearer x"]), set(\.timeout, .seconds(5)))
        )
        let request = try endpoint.makeRequest(in: context)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/users/12?years=2015")
        #expect(request.headers[.authorization] == "Bearer x")
        #expect(request.timeout == .seconds(5))
    }

    @Test(
        "bad URLs and header names are reported as invalid requests",
        arguments: ["not a url", "ftp://x/y", "/relative"])
    func badURL(base: String) {
        struct Bad: TargetGroup {
            let baseURL: String
            var path: String { "/x" }
            var task: TargetTask { TargetTask() }
        }
        #expect {
            try Bad(baseURL: base).makeRequest(in: EndpointContext())
        } throws: { ($0 as? TernError)?.kind == .invalidRequest }
    }

    @Test("session defaults add headers and query without overriding the request's own")
    func sessionDefaults() throws {
        let defaults = SessionDefaults(
            headers: [.accept: "application/json", .userAgent: "tern"], query: ["apiKey": "1234", "verbose": false]
        )
        var request = try UserAPI.user(id: 1).makeRequest(in: context)
        request.headers[.accept] = "text/plain"
        defaults.apply(to: &request)
        #expect(request.headers[.accept] == "text/plain")
        #expect(request.headers[.userAgent] == "tern")
        #expect(request.url.query == "verbose=true&apiKey=1234")
    }

    @Test("multipart forms have a known length equal to their encoded bytes")
    func multipart() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-part-\(UUID()).txt")
        try Data("file contents".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let form = MultipartForm(
            parts: [.field("name", "Ada"), .file("doc", file, contentType: "text/plain")], boundary: "B")
        let encoded = try form.encodedData()
        #expect(form.knownLength == Int64(encoded.count))
        let text = try #require(String(data: encoded, encoding: .utf8))
        #expect(text.hasPrefix("--B\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n"))
        #expect(
            text.contains("filename=\"\(file.lastPathComponent)\"\r\nContent-Type: text/plain\r\n\r\nfile contents\r\n")
        )
        #expect(text.hasSuffix("--B--\r\n"))
    }
}
