import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

/// Credentials an imported request carries beyond its credential headers (a session cookie, a query
/// `api_key`, a form's `password`, a JSON body's `token`) move to the secret store too, and none
/// stays in a spec, its name or its file name.
@Suite("Imported credentials")
struct ImportCredentialTests {
    private static let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "import-credentials-\(UUID().uuidString)")

    private static func source(_ text: String, name: String) -> ImportSource {
        ImportSource(
            data: Data(text.utf8), name: root.appendingPathComponent(name).path, baseDirectory: root,
            workspaceRoot: root.appendingPathComponent("ws"))
    }

    /// Everything the import would write about its specs: names, file names, definitions.
    private static func written(_ collection: ImportedCollection) -> String {
        collection.specs.map { "\($0.fileName) \($0.spec)" }.joined(separator: "\n")
    }

    @Test(".http: a session cookie and a query api_key go to the store, and out of the name and file name")
    func httpCookieAndQuery() throws {
        let collection = try HTTPFileImporter.read(
            Self.source(
                """
                ### GET /items?api_key=k3yV4lue99
                GET https://api.example/items?api_key=k3yV4lue99&page=2
                Cookie: theme=dark; sessionid=s3ss10nV4lue

                ###
                GET https://api.example/other?token=a%2Fb0t0k3n&x=1
                """, name: "api.http"))
        let text = Self.written(collection)
        for secret in ["k3yV4lue99", "s3ss10nV4lue", "a%2Fb0t0k3n"] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
        #expect(text.contains("theme=dark"), "\(text)")
        let values = Set(collection.secrets.compactMap(\.value))
        #expect(values.isSuperset(of: ["k3yV4lue99", "s3ss10nV4lue", "a%2Fb0t0k3n"]), "\(values)")
    }

    @Test("curl: -d password=… and --json '{\"token\": …}' go to the store; the body sent is the same")
    func curlBodies() throws {
        let form = try CurlImporter.read(
            Self.source("curl https://api.example/login -d 'user=ada&password=hunt3rTw0'", name: "form.sh"))
        let formSpec = try #require(form.specs.first).spec
        #expect(!Self.written(form).contains("hunt3rTw0"), "\(Self.written(form))")
        let formName = try #require(form.secrets.first { $0.value == "hunt3rTw0" }).name
        #expect(formSpec.body == .text("user=ada&password={{secret:\(formName)}}"))

        let json = try CurlImporter.read(
            Self.source(
                #"curl https://api.example/session --json '{"name": "ada", "auth": {"token": "t0k3nV4lue"}, "n": 1}'"#,
                name: "json.sh"))
        let jsonSpec = try #require(json.specs.first).spec
        #expect(!Self.written(json).contains("t0k3nV4lue"), "\(Self.written(json))")
        let jsonName = try #require(json.secrets.first { $0.value == "t0k3nV4lue" }).name
        #expect(
            jsonSpec.body == .text(#"{"name": "ada", "auth": {"token": "{{secret:\#(jsonName)}}"}, "n": 1}"#))
    }

    @Test("the JSON scan replaces credential members only, escapes and all")
    func jsonScan() {
        var moved: [String] = []
        let text = #"{"password": "a\"b", "list": ["token", "x"], "api_key": 5, "secret": "", "k": {"sid": "s"}}"#
        let result = CredentialText.json(text) { value, label in
            moved.append("\(label)=\(value)")
            return "{{secret:\(label)}}"
        }
        #expect(
            result
                == #"{"password": "{{secret:password}}", "list": ["token", "x"], "api_key": 5, "secret": "", "#
                + #""k": {"sid": "{{secret:sid}}"}}"#
        )
        #expect(moved == [#"password=a\"b"#, "sid=s"])
    }
}
