import Foundation
import TernTesting
import Testing

/// `tern import` and `tern export` as a user runs them: exit statuses, what is written, the JSON contract.
@Suite("tern import and export", .serialized)
struct ImportExportCLITests {
    static let fixtures = Tern.packageRoot.appendingPathComponent("Tests/TernInterchangeTests/Fixtures")

    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tern-import-cli-\(UUID().uuidString)")
    }

    @Test("A new folder becomes a workspace; --json is one object; the second import changes nothing")
    func openAPIIntoNewWorkspace() async throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = Self.fixtures.appendingPathComponent("openapi/v3.0-petstore.yaml").path
        let first = try await Tern.run(["import", "auto", source, "--workspace", root.path, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: first.stdoutData) as? [String: Any])
        #expect(Set(report.keys) == ["created", "updated", "unchanged", "skipped", "warnings", "files", "secrets"])
        let created = try #require(report["created"] as? [String])
        #expect(created.contains("swagger-petstore/pets/list-pets"))
        let list = try await Tern.run(["list", "--json", "--workspace", root.path])
        #expect(list.status == 0)
        #expect(list.stdout.contains("swagger-petstore/pets/show-pet-by-id"))
        let ignore = try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.contains(".tern/"))

        let again = try await Tern.run(["import", "openapi", source, "--workspace", root.path, "--json"])
        let second = try #require(try JSONSerialization.jsonObject(with: again.stdoutData) as? [String: Any])
        #expect((second["created"] as? [String])?.isEmpty == true)
        #expect((second["unchanged"] as? [String])?.sorted() == created.sorted())
    }

    @Test("A wrong explicit format names the right one; a broken source exits 2 with a location and writes nothing")
    func errors() async throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let postman = Self.fixtures.appendingPathComponent("postman/v2.1.0-httpbin.json").path
        let wrong = try await Tern.run(["import", "openapi", postman, "--workspace", root.path])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("this is a Postman collection v2.1, not openapi: use `tern import postman`"))

        let broken = try await Tern.run(
            ["import", "openapi", "-", "--workspace", root.path], input: "openapi: 3.0.0\ninfo: [unclosed\n")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("<stdin>:"), "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.path), "nothing is written on exit 2")

        let wrongType = try await Tern.run(
            ["import", "openapi", "-", "--workspace", root.path],
            input: "openapi: 3.0.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      responses: 3\n")
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr.contains("<stdin>#/paths/~1a/get/responses: "), "\(wrongType.stderr)")

        let unknown = try await Tern.run(["import", "yaml", postman, "--workspace", root.path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("auto|curl|openapi|postman|insomnia|har"))
    }

    @Test("--dry-run writes nothing; curl from stdin; export curl sends the same command back")
    func curlRoundTrip() async throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let command = "curl -X PUT 'https://api.example/items/7?force=1' -H 'X-Trace: abc' -d 'name=x'\n"
        let dry = try await Tern.run(
            ["import", "curl", "-", "--workspace", root.path, "--into", "items", "--dry-run"], input: command)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("would import 1 spec into items/"))
        #expect(!FileManager.default.fileExists(atPath: root.path))

        let real = try await Tern.run(
            ["import", "curl", "-", "--workspace", root.path, "--into", "items"], input: command)
        #expect(real.status == 0, "\(real.stderr)")
        let list = try await Tern.run(["list", "--workspace", root.path])
        let id = try #require(list.stdout.split(separator: " ").first { $0.hasPrefix("items/") }.map(String.init))
        let exported = try await Tern.run(["export", "curl", id, "--workspace", root.path])
        #expect(exported.status == 0)
        #expect(exported.stdout.hasPrefix("curl "))
        #expect(exported.stdout.contains("-X PUT"))
        #expect(exported.stdout.contains("'https://api.example/items/7?force=1'"))
        #expect(exported.stdout.contains("X-Trace: abc"))
        #expect(exported.stdout.contains("name=x"))
    }

    @Test(
        "Copy as cURL, replay it: the pasted secrets go to .tern/secrets.yaml, never the spec, and the first send works"
    )
    func pastedSecretsSendAtOnce() async throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try await withMockServer { server in
            let url = server.baseURL.appendingPathComponent("echo").absoluteString
            let command =
                "curl '\(url)?api_key=k-123&page=2' -H 'Authorization: Bearer tok-456' "
                + "-b 'theme=dark; sessionid=s-789' -H 'X-Trace: 1'\n"
            let imported = try await Tern.run(
                ["import", "curl", "-", "--workspace", root.path, "--into", "pasted"], input: command)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("secret TOKEN") || imported.stderr.contains("secret TOKEN"))
            let specs = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("specs").path)
            let spec = try #require(specs.first { $0.hasSuffix(".yaml") })
            let text = try String(contentsOf: root.appendingPathComponent("specs/" + spec), encoding: .utf8)
            for secret in ["k-123", "tok-456", "s-789"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
            let store = root.appendingPathComponent(".tern/secrets.yaml")
            let mode = try #require(FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int)
            #expect(mode & 0o777 == 0o600)

            let sent = try await Tern.run(
                [
                    "send", "pasted/" + String(spec.dropLast(5).split(separator: "/").last ?? ""), "--workspace",
                    root.path, "--mode", "live", "-v",
                ])
            #expect(sent.status == 0, "\(sent.stderr)")
            let echo = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(headers["authorization"] == "Bearer tok-456")
            #expect(headers["cookie"] == "theme=dark; sessionid=s-789")
            #expect(echo["query"] as? String == "api_key=k-123&page=2")
            for secret in ["k-123", "tok-456", "s-789"] { #expect(!sent.stderr.contains(secret), "-v masks \(secret)") }

            // Importing again changes nothing, the store included.
            let again = try await Tern.run(
                ["import", "curl", "-", "--workspace", root.path, "--into", "pasted"], input: command)
            #expect(again.status == 0, "\(again.stderr)")
            #expect((again.stdout + again.stderr).contains("already in .tern/secrets.yaml"))
        }
    }

    @Test("A .http file imports with auto and its requests send: variables, headers, a JSON body, a private secret")
    func httpFileThenSend() async throws {
        let root = folder()
        let source = folder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: source)
        }
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try await withMockServer { server in
            try Data(
                """
                @base = \(server.baseURL.absoluteString)
                ### Create a user
                # @name create-user
                POST {{ base }}/echo
                    ?dry=1 HTTP/1.1
                Content-Type: application/json
                X-Token: {{token}}

                {"name": "Ada"}

                > {%
                  client.global.set("id", response.body.id);
                %}
                """.utf8
            ).write(to: source.appendingPathComponent("users.http"))
            try Data(#"{"dev": {"token": "t-123"}}"#.utf8)
                .write(to: source.appendingPathComponent("http-client.private.env.json"))
            let imported = try await Tern.run(
                ["import", "auto", source.appendingPathComponent("users.http").path, "--workspace", root.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            let summary = imported.stdout + imported.stderr
            #expect(summary.contains("created users/create-user"), "\(summary)")
            #expect(!summary.contains("response handler script is not run"), "the handler maps: \(summary)")
            let sent = try await Tern.run(["send", "users/create-user", "--workspace", root.path, "--mode", "live"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let echo = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
            #expect(echo["method"] as? String == "POST")
            #expect(echo["query"] as? String == "dry=1")
            #expect(echo["body"] as? String == #"{"name": "Ada"}"#)
            #expect((echo["headers"] as? [String: String])?["x-token"] == "t-123")
            // The handler is the spec's capture.
            let spec = try String(
                contentsOf: root.appendingPathComponent("specs/users/create-user.yaml"), encoding: .utf8)
            #expect(spec.contains("capture:\n  id: $.id") && !spec.contains("notes:"), "\(spec)")

            // Exported (with its environments) and imported into another workspace, with the secret
            // where the tools keep theirs: it sends the same request.
            let out = source.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let exported = try await Tern.run(
                [
                    "export", "http", "users", "-o", out.appendingPathComponent("users.http").path, "--workspace",
                    root.path,
                ])
            #expect(exported.status == 0 && exported.stderr.contains("its environments"), "\(exported.stderr)")
            try Data(#"{"users": {"token": "t-123"}}"#.utf8)
                .write(to: out.appendingPathComponent("http-client.private.env.json"))
            let second = folder()
            defer { try? FileManager.default.removeItem(at: second) }
            let again = try await Tern.run(
                ["import", "auto", out.appendingPathComponent("users.http").path, "--workspace", second.path])
            #expect(again.status == 0, "\(again.stderr)")
            let resent = try await Tern.run(
                ["send", "users/create-user", "--workspace", second.path, "--mode", "live"])
            #expect(resent.status == 0, "\(resent.stderr) \(again.stdout)")
            let echoed = try JSONSerialization.jsonObject(with: Data(resent.stdout.utf8)) as? [String: Any]
            #expect(echoed?["query"] as? String == "dry=1")
            #expect(echoed?["body"] as? String == #"{"name": "Ada"}"#, "\(resent.stdout)")
            #expect((echoed?["headers"] as? [String: String])?["x-token"] == "t-123")
        }
    }

    @Test("A folder of .http files imports file by file, each its own group; --json is one object; again, unchanged")
    func httpFolder() async throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = Self.fixtures.appendingPathComponent("http-corpus/Huachao+vscode-restclient").path
        let imported = try await Tern.run(["import", "http", corpus, "--workspace", root.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.components(separatedBy: "\nimported ").count + 1 >= 27, "\(imported.stdout)")
        let again = try await Tern.run(["import", "auto", corpus, "--workspace", root.path, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect((report["created"] as? [Any])?.isEmpty == true)
        #expect((report["unchanged"] as? [Any])?.count == 34)
        #expect(report["secrets"] is [Any])
        let empty = folder()
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try await Tern.run(["import", "http", empty.path, "--workspace", root.path])
        #expect(none.status == 2 && none.stderr.contains("holds no .http or .rest file"), "\(none.stderr)")
    }

    @Test("export http writes the demo's users as a .http file; the file is not replaced without --force")
    func exportHTTP() async throws {
        try await withDemo { demo in
            let printed = try await Tern.run(demo.arguments("export", "http", "users"))
            #expect(printed.status == 0, "\(printed.stderr)")
            // The target's base URL is the environment's {{baseURL}} itself: no file variable in between.
            #expect(printed.stdout.contains("### Get user\n# @name get-user\n"), "\(printed.stdout)")
            #expect(printed.stdout.contains("\nGET {{baseURL}}/users/{{userId}}\n"), "\(printed.stdout)")
            // Its expectations are the handler the tools run; the schema, which none says, a comment.
            #expect(
                printed.stdout.contains(#"client.assert(Number.isInteger(response.body.id), "$.id is an integer");"#))
            #expect(
                printed.stdout.contains("# expect: the body against a JSON Schema (Tern checks it; no handler says it)")
            )
            #expect(!printed.stdout.contains("@api ="))
            let folder = demo.root.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("users.http").path
            let written = try await Tern.run(demo.arguments("export", "http", "users", "-o", file))
            #expect(written.status == 0 && written.stderr.contains("wrote a .http file"), "\(written.stderr)")
            // Beside it, the environments the tools read its {{variables}} from.
            let environments = folder.appendingPathComponent("http-client.env.json")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: environments)) as? [String: Any]
            let local = object?["local"] as? [String: String]
            #expect(local?["baseURL"] == "{{mock}}" && local?["userId"] == "1", "\(String(describing: object))")
            let again = try await Tern.run(demo.arguments("export", "http", "users", "-o", file))
            #expect(again.status == 2, "\(again.stderr)")
            // An environments file the user has is kept unless --force.
            try Data("{}".utf8).write(to: environments)
            let other = folder.appendingPathComponent("other.http").path
            let kept = try await Tern.run(demo.arguments("export", "http", "users", "-o", other))
            #expect(kept.status == 0 && kept.stderr.contains("kept the existing"), "\(kept.stderr)")
            #expect(try Data(contentsOf: environments) == Data("{}".utf8))
        }
    }

    @Test("export postman writes a v2.1 collection of a group; an existing file needs --force")
    func exportPostman() async throws {
        try await withDemo { demo in
            let out = demo.root.appendingPathComponent("users.postman.json")
            let first = try await Tern.run(demo.arguments("export", "postman", "users", "-o", out.path))
            #expect(first.status == 0, "\(first.stderr)")
            let collection = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
            let info = try #require(collection["info"] as? [String: Any])
            #expect((info["schema"] as? String)?.contains("v2.1.0") == true)
            #expect(((collection["item"] as? [Any])?.count ?? 0) > 0)
            let again = try await Tern.run(demo.arguments("export", "postman", "users", "-o", out.path))
            #expect(again.status == 2)
            #expect(again.stderr.contains("--force"))
            let nope = try await Tern.run(demo.arguments("export", "postman", "nope"))
            #expect(nope.status == 2)
            #expect(nope.stderr.contains("no group 'nope'"))
        }
    }

    @Test("A HAR imported --into-cache replays offline")
    func harIntoCache() async throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [
              {"startedDateTime": "2024-05-01T10:00:00Z", "time": 1,
               "request": {"method": "GET", "url": "https://api.example/users/1", "httpVersion": "HTTP/1.1",
                           "headers": [{"name": "Accept", "value": "application/json"}], "queryString": [],
                           "cookies": [], "headersSize": -1, "bodySize": 0},
               "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                            "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
                            "content": {"size": 22, "mimeType": "application/json",
                                        "text": "{\\"name\\": \\"Ada (HAR)\\"}"},
                            "redirectURL": "", "headersSize": -1, "bodySize": 22},
               "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
            """
        let imported = try await Tern.run(
            ["import", "har", "-", "--workspace", root.path, "--into-cache"], input: har)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("stored 1 recorded response in the cache"))
        let list = try await Tern.run(["list", "--workspace", root.path])
        let id = try #require(list.stdout.split(separator: " ").first { $0.contains("/") }.map(String.init))
        let replay = try await Tern.run(["send", id, "--mode", "cache", "--workspace", root.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("Ada (HAR)"))
    }

    @Test("export curl on the demo points {{mock}} at 'tern mock --port 8787' and says so")
    func exportCurlOfTheDemo() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("export", "curl", "users/get-user"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("curl 'http://127.0.0.1:8787/users/1'"))
            #expect(result.stdout.contains("User-Agent: tern-demo"))
            #expect(result.stderr.contains("tern mock --port 8787"))
            let chosen = try await Tern.run(
                demo.arguments("export", "curl", "users/get-user", "--var", "mock=http://127.0.0.1:9999"))
            #expect(chosen.stdout.hasPrefix("curl 'http://127.0.0.1:9999/users/1'"))
            #expect(chosen.stderr.isEmpty)
        }
    }
}
