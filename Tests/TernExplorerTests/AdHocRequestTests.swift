import Foundation
import TernJSONPath
import TernWorkspace
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

    @Test("--multipart makes a multipart body of fields alone; --json and raw bodies send HTTPie's JSON headers")
    func multipartAndJSONHeaders() throws {
        let multipart = try make("POST", "example.org", ["a=1", "a=2"], style: .multipart)
        #expect(
            multipart.body
                == .multipart(fields: [.init(name: "a", value: "1"), .init(name: "a", value: "2")], files: []))
        var bare = try make(nil, "example.org", [])
        #expect(!bare.spec().headers.contains { $0.name == "Accept" })
        bare.asksForJSON = true
        let headers = bare.spec().headers.map { "\($0.name): \($0.value)" }
        #expect(headers == ["Content-Type: application/json", "Accept: application/json, */*;q=0.5"])
        let raw = try make(nil, "example.org", [], raw: Data("x".utf8)).spec().headers.map(\.name)
        #expect(raw == ["Content-Type", "Accept"])
        let form = try make(nil, "example.org", [], style: .form, raw: Data("a=1".utf8)).spec().headers
        #expect(form.map(\.value) == ["application/x-www-form-urlencoded; charset=utf-8"])
    }
}

/// The headers a typed request's named session keeps, as HTTPie's sessions keep them.
@Suite struct AdHocSessionHeadersTests {
    @Test("typed headers are kept (not Content-*, If-*, Cookie or the JSON Accept) and sent unless typed again")
    func keepingAndApplying() throws {
        let typed = try AdHocRequest.make(
            method: "POST", url: "example.org",
            items: ["X-Team:core", "If-None-Match:abc", "Cookie:a=1", "Authorization:Basic eA==", "n=1"],
            read: { _ in Data() }
        ).spec()
        let kept = AdHocSessionHeaders().keeping(typed)
        #expect(kept.headers.map(\.name) == ["X-Team", "Authorization"])
        let next = try AdHocRequest.make(
            method: "GET", url: "example.org", items: ["X-Team:docs"], read: { _ in Data() })
        let sent = kept.applied(to: next.spec()).headers.map { "\($0.name): \($0.value)" }
        #expect(sent == ["X-Team: docs", "Authorization: Basic eA=="])
        #expect(kept.keeping(next.spec()).headers.map(\.value) == ["Basic eA==", "docs"])
        #expect(AdHocSessionHeaders.isValidName("work-1.2_a"))
        #expect(!AdHocSessionHeaders.isValidName("../etc") && !AdHocSessionHeaders.isValidName(".hidden"))
    }

    @Test("the session file is written owner-only and read back; a bad name is an error")
    func fileRoundTrip() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = AdHocSessionHeaders(headers: [.init(name: "X-A", value: "1")])
        try session.write("work", in: root)
        #expect(try AdHocSessionHeaders.read("work", in: root) == session)
        #expect(try AdHocSessionHeaders.read("other", in: root) == AdHocSessionHeaders())
        let file = root.appendingPathComponent(".tern/sessions/work.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: ExplorerError.self) { try AdHocSessionHeaders.read("a/b", in: root) }
    }
}

/// Many request items: each changes the request in place (the time limit only keeps a return of the
/// quadratic copies from hanging the suite).
@Suite(.timeLimit(.minutes(1))) struct AdHocRequestScaleTests {
    @Test("20,000 items (fields, raw JSON, nested paths, headers, query) make one request")
    func manyItems() throws {
        var items: [String] = []
        for index in 0..<4_000 {
            items += ["f\(index)=v", "n\(index):=\(index)", "user[k\(index)]=x", "H\(index):v", "q\(index)==1"]
        }
        let request = try AdHocRequest.make(method: nil, url: "http://localhost/x", items: items) { _ in Data() }
        #expect(request.method == "POST")
        #expect(request.headers.count == 4_000)
        #expect(request.query.count == 4_000)
        guard case .json(.object(let document))? = request.body, case .object(let user)? = document["user"] else {
            Issue.record("the body is \(String(describing: request.body))")
            return
        }
        #expect(document.count == 8_001)
        #expect(document["n3999"] == .int(3999))
        #expect(user.count == 4_000)
    }
}
