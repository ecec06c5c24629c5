import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("curl import corpus and hostile inputs")
struct CurlCorpusTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/curl")

    private static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".sh") }.sorted()
    }

    private func read(_ name: String) throws -> ImportedCollection {
        let url = Self.folder.appendingPathComponent(name)
        return try CurlImporter.read(
            ImportSource(
                data: try Data(contentsOf: url), name: name, baseDirectory: Self.folder,
                workspaceRoot: FileManager.default.temporaryDirectory.appendingPathComponent("ws")))
    }

    private func source(_ text: String) -> ImportSource {
        ImportSource(
            data: Data(text.utf8), name: "h.sh", baseDirectory: FileManager.default.temporaryDirectory,
            workspaceRoot: FileManager.default.temporaryDirectory)
    }

    @Test("The corpus holds about thirty commands")
    func corpusIsThere() {
        #expect(Self.fixtureNames.count >= 30)
    }

    @Test("Every corpus command imports", arguments: fixtureNames)
    func importsEvery(name: String) throws {
        let collection = try read(name)
        #expect(!collection.specs.isEmpty || !collection.skipped.isEmpty)
        for spec in collection.specs {
            #expect(spec.spec.path.hasPrefix("http://localhost:28139"), "\(name): \(spec.spec.path)")
        }
    }

    @Test("Corpus commands map to the values curl sends")
    func mappedValues() throws {
        let strange = try #require(try read("strange_http_method.sh").specs.first).spec
        #expect(strange.method == "wHat")
        let several = try read("multiple_commands.sh")
        #expect(
            several.specs.map(\.spec.path) == [
                "http://localhost:28139", "http://localhost:28139/second", "http://localhost:28139/third",
            ])
        #expect(several.specs.last?.spec.method == "PUT")
        let env = try #require(try read("get_with_env_var.sh").specs.first).spec
        #expect(env.headers.first { $0.name == "Authorization" }?.value == "Bearer {{env:DO_API_TOKEN}}")
        #expect(env.path == "http://localhost:28139/v2/images")
        #expect(env.query.map(\.name) == ["type"] && env.query.first?.value == .string("distribution"))
        let form = try #require(try read("get_with_form.sh").specs.first).spec
        guard case .multipart(let parts) = try #require(form.body) else {
            Issue.record("not multipart")
            return
        }
        #expect(parts.map(\.name) == ["from", "to", "subject", "text"])
        #expect(parts.first?.value == "test@tester.com")
        let quotes = try #require(try read("post_escaped_single_quotes_in_double_quotes.sh").specs.first).spec
        #expect(quotes.body == .text(#"foo=\'bar\'"#))
        let basic = try read("get_basic_auth.sh")
        #expect(basic.specs.first?.spec.auth == .basic(username: "some_username", password: "{{secret:PASSWORD}}"))
        let noUser = try read("get_basic_auth_no_user.sh")
        #expect(noUser.specs.first?.spec.auth == .basic(username: "", password: "{{secret:PASSWORD}}"))
        #expect(!basic.warnings.joined().contains("some_password"))
        let insecure = try read("get_insecure_full.sh")
        #expect(insecure.warnings.contains { $0.contains("--insecure") })
    }

    @Test("An unterminated quote is an error with line and column")
    func unterminated() {
        #expect(throws: ImportError("this single quote is never closed", at: "h.sh:3:9")) {
            try CurlImporter.read(source("curl a\n\ncurl -H 'X: 1 https://h\n"))
        }
    }

    @Test("NUL bytes, no command and a missing value are errors with a location")
    func otherErrors() {
        #expect(throws: ImportError.self) { try CurlImporter.read(source("curl 'a\0b'")) }
        #expect(throws: ImportError("h.sh holds no curl command", at: "h.sh:1:1")) {
            try CurlImporter.read(source("echo hello"))
        }
        #expect(throws: ImportError("-H needs a value", at: "h.sh:1:16")) {
            try CurlImporter.read(source("curl https://h -H"))
        }
    }

    @Test("A 2 MB argument and 10,000 flags import without hanging")
    func huge() throws {
        let big = String(repeating: "x", count: 2_000_000)
        let collection = try CurlImporter.read(source("curl https://h -d '\(big)'"))
        #expect(collection.specs.first?.spec.body == .text(big))
        let flags = String(repeating: " -H 'A: b'", count: 10_000)
        let many = try CurlImporter.read(source("curl https://h" + flags))
        #expect(many.specs.first?.spec.headers.count == 1)
        let unknown = String(repeating: " --what", count: 10_000)
        #expect(try CurlImporter.read(source("curl https://h" + unknown)).warnings.count == 10_000)
    }

    @Test("A source over 64 MiB is refused before parsing")
    func tooLarge() {
        let data = Data(count: CurlImporter.maximumSourceBytes + 1)
        #expect(throws: ImportError.self) {
            try CurlImporter.read(
                ImportSource(
                    data: data, name: "big", baseDirectory: URL(fileURLWithPath: "/"),
                    workspaceRoot: URL(fileURLWithPath: "/")))
        }
    }
}
