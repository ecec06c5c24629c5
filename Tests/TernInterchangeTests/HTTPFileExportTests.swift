import Foundation
import HTTPTypes
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// `tern export http` writes what the other tools run, and `tern import http` reads it back into the
/// same requests.
@Suite(".http export")
struct HTTPFileExportTests {
    static let files: [String: String] = [
        "workspace.yaml": "name: shop\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n",
        "environments/local.yaml": "baseURL: https://shop.example\nuserId: 7\n",
        "specs/shop/get-user.yaml":
            "target: api\nmethod: GET\npath: /users/{{userId}}\nquery:\n  tags: [a, b]\n  page: \"2\"\n"
            + "headers:\n  Accept: application/json\n  X-Debug: \"1\"\ndisabled:\n  headers: [X-Debug]\n"
            + "notes: |\n  Needs a fresh token.\n  Then: client.test(...)\n",
        "specs/shop/create-user.yaml":
            "target: api\nmethod: POST\npath: /users\nheaders:\n  X-Home: \"{{env:HOME}}\"\n"
            + "auth: {type: bearer, token: \"{{secret:token}}\"}\nbody:\n  json:\n    name: Ada\n    age: 36\n",
        "specs/shop/login.yaml":
            "target: api\nmethod: POST\npath: /login\nauth: {type: basic, username: ada, password: \"{{secret:pw}}\"}\n"
            + "body:\n  form:\n    remember: \"1\"\n",
        "specs/shop/upload.yaml":
            "target: api\nmethod: POST\npath: /upload\nbody:\n  multipart:\n    - {name: note, value: hi}\n"
            + "    - {name: file, file: files/a.txt, contentType: text/plain}\n",
        "files/a.txt": "hello\n",
        ".tern/secrets.yaml": "token: tok-secret-1\npw: pw-secret-2\n",
    ]

    @Test("the exported file holds no secret, and imported again every spec sends the same request")
    func roundTrip() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in Self.files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let workspace = try Workspace.load(from: root)
        let text = String(decoding: try HTTPFileExport.file(of: workspace, group: "shop"), as: UTF8.self)
        #expect(!text.contains("tok-secret-1") && !text.contains("pw-secret-2"), "\(text)")
        #expect(text.contains("Authorization: Bearer {{token}}"), "\(text)")
        #expect(text.contains("X-Home: {{$processEnv HOME}}"), "\(text)")
        #expect(text.contains("# X-Debug: 1"), "a disabled header is a comment")
        #expect(
            text.contains("# @name get-user\n# Needs a fresh token.\n# Then: client.test(...)\nGET "),
            "notes are comments before the request line: \(text)")

        // Imported into another workspace, with the same environment and secrets, it sends the same.
        let copy = root.appendingPathComponent("again")
        let exported = root.appendingPathComponent("shop.http")
        try Data(text.utf8).write(to: exported)
        // The secrets, where the tools keep theirs: the import moves them to the store again.
        try Data(#"{"local": {"token": "tok-secret-1", "pw": "pw-secret-2"}}"#.utf8)
            .write(to: root.appendingPathComponent("http-client.private.env.json"))
        // The environments, as export http writes them beside the file.
        let environments = try HTTPFileExport.environments(of: workspace)
        let written = String(decoding: environments, as: UTF8.self)
        #expect(written.contains(#""baseURL" : "https://shop.example""#), "\(written)")
        try environments.write(to: root.appendingPathComponent("http-client.env.json"))
        let source = ImportSource(
            data: Data(text.utf8), name: exported.path, baseDirectory: root, workspaceRoot: copy)
        let collection = try HTTPFileImporter.read(source)
        let plan = try ImportPlan(collection, root: copy, group: "shop", overwrite: false, origin: "test")
        try plan.apply()
        #expect(collection.environments.map(\.name) == ["local"])
        let reloaded = try Workspace.load(from: copy)
        func requests(_ workspace: Workspace) throws -> [String] {
            try workspace.specs.map { entry in
                var context = TemplateContext(environment: "local", processEnvironment: ["HOME": "/home/ada"])
                context.secrets = SecretResolver(workspace: workspace.root, processEnvironment: [:])
                var request = try workspace.request(for: entry, context: context)
                // Compared as sent: an auth block is the Authorization header it makes.
                if let authentication = request.authentication {
                    request = AuthenticationInterceptor.applied(authentication, to: request)
                    request.authentication = nil
                }
                var body = ""
                if case .data(let data) = request.body {
                    let json = try? JSONSerialization.jsonObject(with: data)
                    body =
                        json.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: .sortedKeys) }
                        .map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: data, as: UTF8.self)
                }
                let parts = request.body.files.map(\.lastPathComponent).joined(separator: ",")
                let auth = request.authentication.map { "\($0)" } ?? ""
                let headers = request.headers.map { "\($0.name.canonicalName.lowercased())=\($0.value)" }
                    .filter { !$0.hasPrefix("content-type=multipart") }.sorted()
                return [request.method.rawValue, request.url.absoluteString, auth, body, parts]
                    .joined(separator: " ") + " " + headers.joined(separator: ";")
            }.sorted()
        }
        let before = try requests(workspace)
        let after = try requests(reloaded)
        #expect(before.count == 4)
        for request in before {
            #expect(after.contains(request), "\(request)\nnot in\n\(after.joined(separator: "\n"))")
        }
    }
}
