import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("curl import mapping")
struct CurlImportTests {
    /// A workspace folder with `sub/` as the source's directory and a file outside both.
    private let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("curl-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("ws/data"), withIntermediateDirectories: true)
        try Data("a=1\r\nb=2\n".utf8).write(to: root.appendingPathComponent("ws/data/form.txt"))
        try Data("{\"x\": 1}".utf8).write(to: root.appendingPathComponent("ws/data/body.json"))
        try Data([0, 1, 2, 255]).write(to: root.appendingPathComponent("outside.bin"))
        try Data("X-From-File: yes\nAccept: text/csv\n".utf8).write(to: root.appendingPathComponent("ws/data/h.txt"))
    }

    private func read(_ text: String, copyFiles: Bool = false) throws -> ImportedCollection {
        try CurlImporter.read(
            ImportSource(
                data: Data(text.utf8), name: "cmd.sh", baseDirectory: root.appendingPathComponent("ws"),
                workspaceRoot: root.appendingPathComponent("ws"), copiesFiles: copyFiles))
    }

    private func spec(_ text: String) throws -> SpecDefinition {
        try #require(try read(text).specs.first).spec
    }

    private func header(_ spec: SpecDefinition, _ name: String) -> String? {
        spec.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test("Method rules are curl's, and -X keeps its case")
    func methods() throws {
        #expect(try spec("curl https://h/x").method == "GET")
        #expect(try spec("curl -d a=1 https://h/x").method == "POST")
        #expect(try spec("curl -G -d a=1 https://h/x").method == "GET")
        #expect(try spec("curl -I https://h/x").method == "HEAD")
        #expect(try spec("curl -T data/body.json https://h/x").method == "PUT")
        #expect(try spec("curl -F a=b https://h/x").method == "POST")
        #expect(try spec("curl -XwHat -d a=1 https://h/x").method == "wHat")
        #expect(try spec("curl --json '{}' https://h/x").method == "POST")
    }

    @Test("Data options join with &, -G moves them to the query, -d @file strips CR and LF")
    func data() throws {
        let joined = try spec("curl https://h/x -d a=1 --data-raw '@b=2' --data-urlencode 'c=d e&f' -d @data/form.txt")
        #expect(joined.body == .text("a=1&@b=2&c=d+e%26f&a=1b=2"))
        #expect(header(joined, "Content-Type") == "application/x-www-form-urlencoded")
        let query = try spec("curl -G https://h/x?z=0 -d a=1 --data-urlencode q=a/b")
        #expect(query.path == "https://h/x?z=0&a=1&q=a%2Fb")
        #expect(query.body == nil)
        let binary = try spec("curl --data-binary @data/form.txt https://h/x")
        #expect(binary.body == .file("data/form.txt"))
        let forms = ["plain", "=lead", "n=v w", "@data/form.txt", "n@data/form.txt"].map { "--data-urlencode '\($0)'" }
        let encoded = try spec("curl https://h " + forms.joined(separator: " "))
        #expect(encoded.body == .text("plain&lead&n=v+w&a%3D1%0D%0Ab%3D2%0A&n=a%3D1%0D%0Ab%3D2%0A"))
    }

    @Test("--json sets JSON headers unless given; the text is sent as written")
    func json() throws {
        let json = try spec(#"curl --json '{"a": 1}' https://h/x -H 'Accept: text/plain'"#)
        #expect(json.body == .text(#"{"a": 1}"#))
        #expect(header(json, "Content-Type") == "application/json")
        #expect(header(json, "Accept") == "text/plain")
        #expect(try spec("curl --json @data/body.json https://h").body == .file("data/body.json"))
    }

    @Test("-F parts: values, @file with type and filename, <file contents")
    func multipart() throws {
        let form = try spec(
            "curl https://h/up -F 'a=b;type=text/x' -F 'f=@data/body.json;filename=up.json' -F 'g=@../outside.bin'"
                + " -F 'c=<data/body.json' --form-string 'd=@raw;type=x'")
        guard case .multipart(let parts) = try #require(form.body) else {
            Issue.record("not multipart")
            return
        }
        #expect(
            parts == [
                MultipartPartDefinition(name: "a", value: "b", contentType: "text/x"),
                MultipartPartDefinition(
                    name: "f", file: "data/body.json", contentType: "application/octet-stream", filename: "up.json"),
                MultipartPartDefinition(
                    name: "g", file: root.appendingPathComponent("outside.bin").path,
                    contentType: "application/octet-stream"),
                MultipartPartDefinition(name: "c", value: "{\"x\": 1}"),
                MultipartPartDefinition(name: "d", value: "@raw;type=x"),
            ])
        let collection = try read("curl https://h -F 'g=@../outside.bin'", copyFiles: true)
        #expect(collection.files.map(\.destination) == ["files/outside.bin"])
        #expect(collection.files.first?.source.lastPathComponent == "outside.bin")
    }

    @Test("-T sends the file with no Content-Type and names the URL after it")
    func upload() throws {
        let upload = try spec("curl -T data/body.json https://h/dir/")
        #expect(upload.path == "https://h/dir/body.json")
        #expect(upload.body == .file("data/body.json"))
        #expect(upload.disabled.headers == ["Content-Type"])
    }

    @Test("Credentials move to the secret store, the values with them, none in the warnings")
    func credentials() throws {
        let collection = try read(
            "curl -u alice:s3cret 'https://h/x?api_key=K1&page=2' -H 'Authorization: Bearer abc' "
                + "-b 'theme=dark; sessionid=S1' -H 'X-Api-Key: K2'")
        let spec = try #require(collection.specs.first).spec
        // A plain query becomes rows (the credential among them a secret); one with %XX stays in the URL.
        #expect(spec.path == "https://h/x")
        #expect(spec.query.map(\.name) == ["api_key", "page"])
        #expect(spec.query.map(\.value) == [.string("{{secret:API_KEY}}"), .string("2")])
        #expect(header(spec, "Authorization") == "Bearer {{secret:TOKEN}}")
        #expect(header(spec, "Cookie") == "theme=dark; sessionid={{secret:SESSIONID}}")
        #expect(header(spec, "X-Api-Key") == "{{secret:X_API_KEY}}")
        let text = collection.warnings.joined(separator: "\n")
        // The Authorization header wins over -u, as in curl: no password is kept.
        #expect(
            Set(collection.secrets.map { "\($0.name)=\($0.value ?? "-")" }) == [
                "API_KEY=K1", "TOKEN=abc", "SESSIONID=S1", "X_API_KEY=K2",
            ])
        for secret in ["s3cret", "K1", "abc", "S1", "K2", "YWxpY2U6czNjcmV0"] { #expect(!text.contains(secret)) }
        let basic = try self.spec("curl https://bob:pw@h/x")
        #expect(basic.path == "https://h/x")
        #expect(basic.auth == .basic(username: "bob", password: "{{secret:PASSWORD}}"))
        #expect(header(basic, "Authorization") == nil)
    }

    @Test("Spaces after a line-continuation backslash keep the command whole, with a warning; -r is a Range header")
    func spacedContinuationAndRange() throws {
        let collection = try read("curl https://h/up \\  \n  -F 'a=1' \\\t\r\n  -F 'b=2' -r 0-99\n")
        let spec = try #require(collection.specs.first).spec
        #expect(spec.body == .multipart([.init(name: "a", value: "1"), .init(name: "b", value: "2")]))
        #expect(header(spec, "Range") == "bytes=0-99")
        #expect(collection.warnings.filter { $0.contains("spaces after the '\\'") }.count == 2)
        #expect(!collection.warnings.contains { $0.contains("is not a curl command") })
    }

    @Test("Headers, agent, referer, cookie strings vs files, -H @file and removals")
    func headers() throws {
        let collection = try read(
            "curl -A 'Agent/1' -e 'https://r/;auto' -b a=1 -b b=2 -b jar.txt -H @data/h.txt -H 'Accept:' "
                + "-H 'X-Empty;' https://h")
        let spec = try #require(collection.specs.first).spec
        #expect(header(spec, "User-Agent") == "Agent/1")
        #expect(header(spec, "Referer") == "https://r/")
        #expect(header(spec, "Cookie") == "a=1;b=2")
        #expect(header(spec, "X-From-File") == "yes")
        #expect(header(spec, "X-Empty") == "")
        #expect(spec.disabled.headers == ["Accept"])
        #expect(collection.warnings.contains { $0.contains("-b jar.txt") })
    }

    @Test("Options with no spec equivalent and unknown options are warnings naming them")
    func warnings() throws {
        let collection = try read(
            "curl -sSLk --compressed -x http://p:1 --max-time 5 --connect-timeout 2 -o out --frobnicate https://h")
        let text = collection.warnings.joined(separator: "\n")
        for flag in ["-k", "--compressed", "-x", "--max-time", "--connect-timeout", "--frobnicate"] {
            #expect(text.contains(flag), "no warning for \(flag)")
        }
        #expect(!text.contains("-s:") && !text.contains("-L") && !text.contains("-o"))
    }

    @Test("Several commands give one spec each; title, names and prompts")
    func severalCommands() throws {
        let collection = try read(
            "$ curl https://api.example.com/v1/users\n\ncurl -X DELETE api.example.com/v1/users/7")
        #expect(collection.title == "api.example.com")
        #expect(collection.specs.map(\.fileName) == ["get-users", "delete-7"])
        #expect(
            collection.specs.map(\.spec.path) == [
                "https://api.example.com/v1/users", "http://api.example.com/v1/users/7",
            ])
        #expect(collection.specs.allSatisfy { $0.spec.target == nil })
    }
}
