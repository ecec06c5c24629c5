import Foundation
import HTTPTypes
import Tern
import TernInterchange
import Testing

@Suite("curl export command")
struct CurlCommandTests {
    private let root = URL(fileURLWithPath: "/work/ws")

    private func request(_ method: String, _ url: String = "https://h.example/p?q=1") throws -> Request {
        Request(method: try #require(HTTPMethod(method)), url: try #require(URL(string: url)))
    }

    @Test("The method is kept as written; HEAD is -I; a bodiless GET and a POST with a body need no -X")
    func methods() throws {
        #expect(CurlCommand.make(from: try request("wHat")) == "curl -X wHat 'https://h.example/p?q=1'")
        #expect(CurlCommand.make(from: try request("HEAD")) == "curl -I 'https://h.example/p?q=1'")
        #expect(CurlCommand.make(from: try request("GET")) == "curl 'https://h.example/p?q=1'")
        var post = try request("POST")
        try post.setBody(.text("a'b"))
        #expect(
            CurlCommand.make(from: post)
                == #"curl 'https://h.example/p?q=1' -H 'Content-Type: text/plain; charset=utf-8' --data-raw 'a'\''b'"#)
    }

    @Test("A GraphQL body is the GraphQL-over-HTTP JSON document, keys sorted, with its Accept")
    func graphQL() throws {
        var post = try request("POST", "https://h.example/graphql")
        post.headers[.accept] = HTTPBody.graphQLAccept
        let query = "query U($id: ID!) { user(id: $id) { name } }"
        try post.setBody(.graphQL(query, operationName: "U", variables: ["id": "1"]))
        #expect(
            CurlCommand.make(from: post)
                == "curl 'https://h.example/graphql' -H 'Accept: application/graphql-response+json, application/json'"
                + " -H 'Content-Type: application/json' --data-raw "
                + #"'{"operationName":"U","query":"query U($id: ID!) { user(id: $id) { name } }","#
                + #""variables":{"id":"1"}}'"#)
    }

    @Test("Secrets are written as shell variables, never in clear")
    func secrets() throws {
        var get = try request("GET", "https://h.example/p?key=K-123")
        get.headers[.authorization] = "Bearer tok-456"
        get.headers.append(HTTPField(name: .cookie, value: "a=1"))
        get.headers.append(HTTPField(name: .cookie, value: "s=tok-456"))
        let command = CurlCommand.make(
            from: get, secrets: [.init(name: "TOKEN", value: "tok-456"), .init(name: "KEY", value: "K-123")])
        #expect(
            command
                == #"curl 'https://h.example/p?key='"$KEY" -H 'Authorization: Bearer '"$TOKEN""#
                + #" -H 'Cookie: a=1; s='"$TOKEN""#)
    }

    @Test(
        "File bodies are @file with absolute paths; multipart is -F; a missing Content-Type is removed"
    )
    func bodies() throws {
        var put = try request("PUT")
        try put.setBody(.file(root.appendingPathComponent("files/up.bin")))
        put.headers[.contentType] = nil
        let upload = CurlCommand.make(from: put)
        #expect(upload.hasSuffix("-H 'Content-Type:' --data-binary '@\(root.standardizedFileURL.path)/files/up.bin'"))
        var form = try request("POST")
        var field = MultipartForm.Part.field("t", "hello")
        field.contentType = "text/x"
        try form.setBody(
            .multipart([
                field, .field("v", "@not-a-file"),
                .file("f", URL(fileURLWithPath: "/elsewhere/a.png"), filename: "b.png", contentType: "image/png"),
            ]))
        let command = CurlCommand.make(from: form)
        #expect(!command.contains("Content-Type: multipart"))
        #expect(
            command.hasSuffix(
                "-F 't=hello;type=text/x' --form-string 'v=@not-a-file' "
                    + "-F 'f=@/elsewhere/a.png;type=image/png;filename=b.png'"))
        var binary = try request("POST")
        try binary.setBody(.data(Data([0, 255]), contentType: "application/octet-stream"))
        #expect(CurlCommand.make(from: binary).hasSuffix("--data-binary @<(printf %s 'AP8=' | base64 -d)"))
    }
}
