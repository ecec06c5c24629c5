import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

@Suite struct LoweringTests {
    private let context = TemplateContext(processEnvironment: [:])

    /// The request for `spec` (as `specs/s.yaml` in the demo workspace) and the folder, which must
    /// stay alive while the request's body files are read.
    private func lowered(_ spec: String, files: [String: String] = [:]) throws -> (Request, TemporaryWorkspace) {
        var all = files
        all["specs/s.yaml"] = spec
        let folder = try Fixtures.demo(all)
        let workspace = try folder.load()
        return (try workspace.request(for: workspace.spec(named: "s"), context: context), folder)
    }

    private func request(_ spec: String, files: [String: String] = [:]) throws -> Request {
        try lowered(spec, files: files).0
    }

    private func bodyText(_ request: Request) throws -> String {
        String(decoding: try request.body.collect(), as: UTF8.self)
    }

    @Test(arguments: [
        ("https://a.example/v1", "/users", "https://a.example/v1/users"),
        ("https://a.example/v1/", "/users", "https://a.example/v1/users"),
        ("https://a.example/v1/", "users", "https://a.example/v1/users"),
        ("https://a.example/v1", "users", "https://a.example/v1/users"),
        ("https://a.example/v1", "", "https://a.example/v1"),
        ("https://a.example/v1", "http://other.example/x", "http://other.example/x"),
    ])
    func joinsBaseURLAndPathWithOneSlash(base: String, path: String, expected: String) {
        #expect(URLJoining.join(base: base, path: path) == expected)
    }

    @Test func aNameTheSpecRepeatsIsSentEachTimeItsValuesTogether() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "method: GET\npath: /x\n"])
        let workspace = try folder.load()
        var entry = try workspace.spec(named: "s")
        entry.spec.query = [
            (name: "tag", value: .string("a")), (name: "page", value: .int(1)), (name: "tag", value: .string("b")),
        ]
        entry.spec.headers = [(name: "X-Tag", value: "a"), (name: "X-Tag", value: "b")]
        let request = try workspace.request(for: entry, context: context)
        #expect(request.url.query == "tag=a&tag=b&page=1")
        #expect(request.headers[values: try #require(HTTPField.Name("X-Tag"))] == ["a", "b"])
    }

    @Test func lowersTheWholeSpec() throws {
        let request = try request(
            """
            name: Get user
            method: GET
            path: /users/{{userId}}
            query: { verbose: true, tags: [a, "{{traceId}}"], page: 2 }
            transaction: download
            storageKey: user-{{userId}}
            validFor: 60
            """)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "https://api.example.com/v1/users/42?verbose=true&tags=a&tags=abc&page=2")
        #expect(request.transaction == .download)
        #expect(request.storageKey == "user-42")
        #expect(request.validFor == 60)
        #expect(request.name == "s")
        #expect(request.body == .none)
        #expect(request.sample == nil)
    }

    @Test func queryArraysFollowTheSpecEncoding() throws {
        let comma = try request("method: GET\npath: /q\narrayEncoding: comma\nquery: { ids: [1, 2, 3], q: a b }\n")
        #expect(comma.url.query == "ids=1,2,3&q=a%20b")
        let individual = try request("method: GET\npath: /q\nquery: { ids: [1, 2, 3] }\n")
        #expect(individual.url.query == "ids=1&ids=2&ids=3")
    }

    @Test func specHeadersOverrideTargetHeaders() throws {
        let request = try request("method: GET\npath: /h\nheaders: { accept: text/plain, X-Extra: \"{{traceId}}\" }\n")
        let xClient = try #require(HTTPField.Name("X-Client"))
        let xExtra = try #require(HTTPField.Name("X-Extra"))
        #expect(request.headers[.accept] == "text/plain")
        #expect(request.headers[values: .accept] == ["text/plain"])
        #expect(request.headers[xClient] == "tern")
        #expect(request.headers[xExtra] == "abc")
        // The spec's field replaces the target's in place, spelled as the spec spells it.
        #expect(request.headers.map(\.name.rawName) == ["accept", "X-Client", "X-Extra"])
    }

    @Test func jsonBodiesAreTemplatedAndEncoded() throws {
        let request = try request(
            "method: POST\npath: /u\nbody:\n  json: { name: \"{{traceId}}\", id: 1, tags: [\"{{userId}}\"], ok: "
                + "true }\n"
        )
        #expect(request.headers[.contentType] == "application/json")
        #expect(try bodyText(request) == #"{"id":1,"name":"abc","ok":true,"tags":["42"]}"#)
    }

    @Test func formBodiesAreURLEncoded() throws {
        let request = try request(
            "method: POST\npath: /login\nbody: { form: { user: ada lovelace, token: \"{{traceId}}\" } }\n")
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
        #expect(try bodyText(request) == "user=ada%20lovelace&token=abc")
    }

    @Test func textBodiesKeepAGivenContentType() throws {
        let plain = try request("method: POST\npath: /t\nbody: { text: \"hi {{userId}}\" }\n")
        #expect(plain.headers[.contentType] == "text/plain; charset=utf-8")
        #expect(try bodyText(plain) == "hi 42")
        let xml = try request(
            "method: POST\npath: /t\nheaders: { Content-Type: application/xml }\nbody: { text: <a/> }\n")
        #expect(xml.headers[.contentType] == "application/xml")
    }

    @Test func fileBodiesAreRelativeToTheWorkspaceRoot() throws {
        let (request, folder) = try lowered(
            "method: PUT\npath: /f\ntransaction: upload\nbody: { file: \"data/{{userId}}.bin\" }\n",
            files: ["data/42.bin": "bytes"]
        )
        guard case .file(let url) = request.body else {
            Issue.record("not a file body: \(request.body)")
            return
        }
        #expect(url == folder.url("data/42.bin"))
        #expect(try bodyText(request) == "bytes")
        #expect(request.headers[.contentType] == "application/octet-stream")
        #expect(request.transaction == .upload)
    }

    @Test func aMissingBodyFileIsAnError() throws {
        #expect {
            try request("method: PUT\npath: /f\nbody: { file: missing.bin }\n")
        } throws: { error in
            guard let error = error as? WorkspaceError else { return false }
            return error.kind == .invalidRequest
                && error.message.hasPrefix("the body file 'missing.bin' does not exist")
                && error.line == 3
        }
    }

    @Test func multipartBodiesMixValuesAndFiles() throws {
        let (request, folder) = try lowered(
            """
            method: POST
            path: /upload
            body:
              multipart:
                - { name: title, value: "report {{userId}}" }
                - { name: meta, value: "{}", contentType: application/json }
                - { name: file, file: data/report.csv, contentType: text/csv }
            """,
            files: ["data/report.csv": "a,b\n"]
        )
        guard case .multipart(let form) = request.body else {
            Issue.record("not multipart: \(request.body)")
            return
        }
        #expect(request.headers[.contentType] == form.contentType)
        #expect(form.parts.map(\.name) == ["title", "meta", "file"])
        #expect(form.parts[0].content == .data(Data("report 42".utf8)))
        #expect(form.parts[1].contentType == "application/json")
        #expect(form.parts[2].filename == "report.csv")
        #expect(form.parts[2].contentType == "text/csv")
        #expect(form.parts[2].content == .file(folder.url("data/report.csv")))
        let text = try bodyText(request)
        #expect(text.contains("filename=\"report.csv\"\r\nContent-Type: text/csv\r\n\r\na,b\n"))
    }

    @Test func aMultipartFileMayNameItsFilename() throws {
        let (request, folder) = try lowered(
            """
            method: POST
            path: /upload
            body:
              multipart:
                - { name: file, file: data/report.csv, filename: "upload-{{userId}}.csv" }
            """,
            files: ["data/report.csv": "a,b\n"]
        )
        guard case .multipart(let form) = request.body else {
            Issue.record("not multipart: \(request.body)")
            return
        }
        #expect(form.parts.first?.filename == "upload-42.csv")
        #expect(try bodyText(request).contains("filename=\"upload-42.csv\"\r\nContent-Type: application/octet-stream"))
        withExtendedLifetime(folder) {}
    }

    @Test func anOtherMethodIsSentAsWrittenAndAStandardOneInUpperCase() throws {
        #expect(try request("method: wHat\npath: /m\n").method.rawValue == "wHat")
        #expect(try request("method: PROPFIND\npath: /m\n").method.rawValue == "PROPFIND")
        #expect(try request("method: post\npath: /m\n").method.rawValue == "POST")
        #expect(try request("method: Patch\npath: /m\n").method.rawValue == "PATCH")
    }

    @Test func aDisabledContentTypeSuppressesTheBodyDefault() throws {
        let (request, folder) = try lowered(
            "method: PUT\npath: /u\nbody: { file: data/x.bin }\ndisabled: { headers: [Content-Type] }\n",
            files: ["data/x.bin": "x"])
        #expect(request.headers[.contentType] == nil)
        #expect(try bodyText(request) == "x")
        withExtendedLifetime(folder) {}
    }

    @Test func samplesBecomeSampleResponses() throws {
        let json = try request(
            "method: GET\npath: /s\nsample: { status: 201, headers: { X-A: b }, body: { id: 1, name: \"{{raw}}\" } }\n")
        let sample = try #require(json.sample)
        let xA = try #require(HTTPField.Name("X-A"))
        #expect(sample.status == 201)
        #expect(sample.headers[.contentType] == "application/json")
        #expect(sample.headers[xA] == "b")
        #expect(String(decoding: sample.body, as: UTF8.self) == #"{"id":1,"name":"{{raw}}"}"#)

        let text = try request(
            "method: GET\npath: /s\nsample: { headers: { Content-Type: text/plain }, body: hello }\n")
        #expect(text.sample?.status == 200)
        #expect(text.sample?.body == Data("hello".utf8))
        #expect(text.sample?.headers[.contentType] == "text/plain")

        let bare = try request("method: GET\npath: /s\nsample: { body: plain }\n")
        #expect(bare.sample?.headers[.contentType] == nil)
        let list = try request("method: GET\npath: /s\nsample: { body: [1, 2] }\n")
        #expect(list.sample?.body == Data("[1,2]".utf8))
    }

    @Test func anInvalidURLAfterTemplatingNamesTheSpecFile() throws {
        #expect {
            try request("method: GET\npath: /x\n", files: ["environments/local.yaml": "baseURL: not a url\n"])
        } throws: { error in
            guard let error = error as? WorkspaceError else { return false }
            return error.kind == .invalidRequest && error.file?.lastPathComponent == "s.yaml" && error.line == 2
                && error.message
                    == "'not a url/x' is not an absolute http(s) URL (target 'api' baseURL '{{baseURL}}' + path '/x')"
        }
        #expect(throws: WorkspaceError.self) {
            try request(
                "method: GET\npath: /x\n", files: ["environments/local.yaml": "baseURL: ftp://files.example.com\n"])
        }
    }

    @Test func aPortOutOfRangeNamesTheBaseURLOrThePath() throws {
        #expect {
            try request(
                "method: GET\npath: /x\n", files: ["environments/local.yaml": "baseURL: http://127.0.0.1:99999\n"])
        } throws: { error in
            guard let error = error as? WorkspaceError else { return false }
            return error.kind == .invalidRequest && error.file?.lastPathComponent == "workspace.yaml"
                && error.message
                    == "'http://127.0.0.1:99999/x': port 99999 is not a TCP port (1 to 65535)"
                    + " (target 'api' baseURL '{{baseURL}}')"
        }
        #expect {
            try request("method: GET\npath: http://localhost:70000/a\n")
        } throws: { error in
            guard let error = error as? WorkspaceError else { return false }
            return error.file?.lastPathComponent == "s.yaml" && error.line == 2
                && error.message == "'http://localhost:70000/a': port 70000 is not a TCP port (1 to 65535)"
        }
    }

    @Test func withoutTargetsThePathMustBeAFullURL() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": "name: Bare\n",
            "specs/full.yaml": "method: GET\npath: https://example.com/a\n",
            "specs/relative.yaml": "method: GET\npath: /a\n",
        ])
        let workspace = try folder.load()
        #expect(
            try workspace.request(for: workspace.spec(named: "full"), context: context).url.absoluteString
                == "https://example.com/a")
        #expect {
            try workspace.request(for: workspace.spec(named: "relative"), context: context)
        } throws: { error in
            (error as? WorkspaceError)?.message.contains("the workspace has no target") == true
        }
    }

    @Test func programmaticDefinitionsAreLoweredToo() throws {
        let folder = try Fixtures.demo()
        let workspace = try folder.load()
        var spec = SpecDefinition(name: "Made", target: "api", method: "DELETE", path: "items/{{userId}}")
        spec.body = .form([("a", "1"), ("a", "2")])
        let entry = try workspace.makeEntry(id: "made", spec: spec)
        let request = try workspace.request(for: entry, context: context)
        #expect(request.method == .delete)
        #expect(request.url.absoluteString == "https://api.example.com/v1/items/42")
        #expect(try bodyText(request) == "a=1&a=2")
    }
}
