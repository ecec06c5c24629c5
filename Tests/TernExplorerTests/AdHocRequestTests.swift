import Foundation
import TernJSONPath
import Testing

@testable import TernExplorer

/// A command-line request, built as HTTPie 3.2 builds it (`http --offline` gave each expectation).
@Suite struct AdHocRequestTests {
    private let files = ["bio.txt": "Loves maths\n", "meta.json": #"{"v":2}"#, "token.txt": "abc\n"]

    private func make(
        _ method: String?, _ url: String, _ items: [String], style: AdHocRequest.Style = .json, raw: Data? = nil
    ) throws -> AdHocRequest {
        try AdHocRequest.make(method: method, url: url, items: items, style: style, raw: raw) { path in
            guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return Data(text.utf8)
        }
    }

    @Test("HTTPie's URL shorthands")
    func urls() throws {
        #expect(try AdHocRequest.url(":3000/users").absoluteString == "http://localhost:3000/users")
        #expect(try AdHocRequest.url(":/users").absoluteString == "http://localhost/users")
        #expect(try AdHocRequest.url("localhost:8080/x").absoluteString == "http://localhost:8080/x")
        #expect(try AdHocRequest.url("example.org").absoluteString == "http://example.org")
        #expect(try AdHocRequest.url("https://example.org/a?b=c").absoluteString == "https://example.org/a?b=c")
        #expect(throws: AdHocRequest.Failure.self) { try AdHocRequest.url("ftp://example.org") }
        #expect(throws: AdHocRequest.Failure.self) { try AdHocRequest.url("http://") }
        let typo = #expect(throws: AdHocRequest.Failure.self) { try AdHocRequest.url("htps://example.org") }
        #expect(typo?.description.contains("did you mean https://?") == true)
        let slash = #expect(throws: AdHocRequest.Failure.self) { try AdHocRequest.url("http:/example.org") }
        #expect(slash?.description.contains("did you mean http://example.org?") == true)
        // A templated URL is left for the workspace's environment to fill in.
        #expect(try make(nil, "{{baseURL}}/users", []).url == "{{baseURL}}/users")
    }

    @Test("no method: GET, or POST when there is data; any case; unknown methods named")
    func methods() throws {
        #expect(try make(nil, "example.org", ["a==1"]).method == "GET")
        #expect(try make(nil, "example.org", ["a=1"]).method == "POST")
        #expect(try make("patch", "example.org", ["a=1"]).method == "PATCH")
        #expect(try make(nil, "example.org", [], raw: Data("x".utf8)).method == "POST")
        #expect(throws: AdHocRequest.Failure.self) { try make("FETCH", "example.org", []) }
    }

    @Test("headers, omitted headers, queries and a JSON body with nested and raw fields")
    func jsonRequest() throws {
        let request = try make(
            "POST", ":3000/users",
            [
                "X-Token:@token.txt", "Accept:", "User-Agent;", "page==2", "name=Ada", "age:=36", "bio=@bio.txt",
                "meta:=@meta.json", "tags[]=math",
            ])
        #expect(request.url == "http://localhost:3000/users")
        #expect(request.headers == [.init(name: "X-Token", value: "abc"), .init(name: "User-Agent", value: "")])
        #expect(request.omittedHeaders == ["Accept"])
        #expect(request.query == [.init(name: "page", value: "2")])
        guard case .json(let document)? = request.body else {
            Issue.record("no JSON body: \(String(describing: request.body))")
            return
        }
        #expect(
            document.jsonText == #"{"name":"Ada","age":36,"bio":"Loves maths\n","meta":{"v":2},"tags":["math"]}"#)
    }

    @Test("--form: a URL-encoded form, multipart once a file is uploaded; JSON-only items refused")
    func forms() throws {
        #expect(
            try make(nil, "example.org", ["a=1", "b=2"], style: .form).body
                == .form([.init(name: "a", value: "1"), .init(name: "b", value: "2")]))
        let upload = try make(nil, "example.org", ["name=cv", "file@cv.pdf;type=application/pdf"], style: .form)
        #expect(
            upload.body
                == .multipart(
                    fields: [.init(name: "name", value: "cv")],
                    files: [.init(field: "file", path: "cv.pdf", type: "application/pdf")]))
        #expect(throws: AdHocRequest.Failure.self) { try make(nil, "example.org", ["a:=1"], style: .form) }
        #expect(throws: AdHocRequest.Failure.self) { try make(nil, "example.org", ["file@cv.pdf"]) }
    }

    @Test("mistakes are sentences: bad items, bad JSON, unreadable files, raw and data together")
    func mistakes() throws {
        for items in [["oops"], ["n:={"], ["x=@missing.txt"]] {
            #expect(throws: AdHocRequest.Failure.self) { try make(nil, "example.org", items) }
        }
        let mixed = #expect(throws: AdHocRequest.Failure.self) {
            try make(nil, "example.org", ["a=1"], raw: Data("x".utf8))
        }
        #expect(mixed?.description.contains("cannot be mixed") == true)
    }
}
