import Foundation
import TernTesting
import Testing

/// `tern cache export|import|promote`: recorded answers shared as HAR 1.2 and turned into samples.
@Suite("Sharing recorded answers")
struct HARShareTests {
    @Test("export writes a HAR 1.2 document with every required field, refuses to overwrite without --force")
    func exportIsValidHAR() async throws {
        try await withDemo { demo in
            for spec in ["get-user", "list-users"] {
                let sent = try await Tern.run(demo.arguments("send", spec))
                #expect(sent.status == 0, "\(sent.stderr)")
            }
            let file = demo.root.appendingPathComponent("out.har")
            let export = try await Tern.run(demo.arguments("cache", "export", file.path))
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stderr.contains("exported 2 entries"), "\(export.stderr)")
            let data = try Data(contentsOf: file)
            let problems = HARCheck.problems(in: data)
            #expect(problems.isEmpty, "\(problems)")
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let log = try #require(root["log"] as? [String: Any])
            #expect(log["version"] as? String == "1.2")
            #expect((log["creator"] as? [String: Any])?["name"] as? String == "tern")
            let entries = try #require(log["entries"] as? [[String: Any]])
            let terns = entries.compactMap { $0["_tern"] as? [String: Any] }
            let user = try #require(terns.first { $0["spec"] as? String == "users/get-user" })
            #expect(user["environment"] as? String == "local")
            #expect(user["storageKey"] as? String == "user-1")
            #expect(user["key"] as? String == "user-1 @local")
            let list = try #require(terns.first { $0["spec"] as? String == "users/list-users" })
            #expect(list["storageKey"] == nil, "a digested key has no storageKey")

            let again = try await Tern.run(demo.arguments("cache", "export", file.path, "users/get-user"))
            #expect(again.status == 2)
            #expect(again.stderr.contains("--force"), "\(again.stderr)")
            #expect(try Data(contentsOf: file) == data, "a refused export leaves the file as it was")
            let forced = try await Tern.run(demo.arguments("cache", "export", file.path, "get-user", "--force"))
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(forced.stderr.contains("exported 1 entry"), "\(forced.stderr)")
            let unknown = try await Tern.run(demo.arguments("cache", "export", file.path, "nope", "--force"))
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("no spec or group 'nope'"), "\(unknown.stderr)")
        }
    }

    @Test("a HAR exported in one copy imports into another (another identity key) and replays in cache mode")
    func roundTrip() async throws {
        try await withDemo { source in
            try await withDemo { target in
                for spec in ["get-user", "list-users"] {
                    #expect(try await Tern.run(source.arguments("send", spec)).status == 0)
                }
                let file = source.root.appendingPathComponent("shared.har")
                #expect(try await Tern.run(source.arguments("cache", "export", file.path)).status == 0)
                let before = try await Tern.run(target.arguments("send", "list-users", "--mode", "cache"))
                #expect(before.status != 0, "nothing is stored in the fresh copy yet")

                let imported = try await Tern.run(target.arguments("cache", "import", file.path))
                #expect(imported.status == 0, "\(imported.stderr)")
                #expect(imported.stderr.contains("imported 2, matched to specs 2, skipped 0"), "\(imported.stderr)")
                for spec in ["get-user", "list-users"] {
                    let replay = try await Tern.run(target.arguments("send", spec, "--mode", "cache"))
                    #expect(replay.status == 0, "\(spec): \(replay.stderr)")
                    #expect(replay.stdout.contains("Ada Lovelace"), "\(spec): \(replay.stdout)")
                }
                let keyFile = { (root: URL) in try Data(contentsOf: root.appendingPathComponent(".tern/identity.key")) }
                #expect(try keyFile(source.root) != keyFile(target.root), "the copies digest with different keys")
            }
        }
    }

    @Test("a HAR imported while another process holds the demo mock's usual port is filed under that port")
    func importFilesUnderTheUsualPort() async throws {
        try await withDemo { source in
            try await withDemo { target in
                #expect(try await Tern.run(source.arguments("send", "list-users")).status == 0)
                let file = source.root.appendingPathComponent("shared.har")
                #expect(try await Tern.run(source.arguments("cache", "export", file.path)).status == 0)
                // The target's usual port, as its cache names it, then an empty cache again.
                #expect(try await Tern.run(target.arguments("send", "list-users")).status == 0)
                let listing = try await Tern.run(target.arguments("cache", "list"))
                let portText = try #require(
                    listing.stdout.firstMatch(of: /127\.0\.0\.1:(\d+)\/users/)?.output.1, "\(listing.stdout)")
                let usual = try #require(Int(portText))
                #expect(try await Tern.run(target.arguments("cache", "clear")).status == 0)
                // Another process holds the usual port (when some other program already does, the same holds).
                let holder = try? await MockServer.start(port: usual)
                let imported = try await Tern.run(target.arguments("cache", "import", file.path))
                try await holder?.shutdown()
                #expect(imported.status == 0, "\(imported.stderr)")
                let replay = try await Tern.run(target.arguments("send", "list-users", "--mode", "cache"))
                #expect(replay.status == 0, "\(replay.stderr)")
                #expect(replay.stdout.contains("Ada Lovelace"), "\(replay.stdout)")
            }
        }
    }

    @Test("an entry without _tern matches a spec by method and path template, binding its variables")
    func templateMatch() async throws {
        try await withDemo { demo in
            let har = """
                \u{FEFF}{"log": {"entries": [
                  {"startedDateTime": "2026-01-02T03:04:05Z",
                   "request": {"method": "GET", "url": "http://127.0.0.1:9/users/2"},
                   "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                                "content": {"text": "{\\"name\\": \\"Grace Hopper\\"}"}}},
                  {"request": {"method": "GET", "url": "http://127.0.0.1:9/nowhere/else"},
                   "response": {"status": 200, "content": {"text": "plain"}}},
                  {"request": {"method": "GET", "url": "http://127.0.0.1:9/users/3"},
                   "response": {"status": 404, "content": {"text": "{}"}}}
                ]}}
                """
            try demo.write("fixtures.har", har)
            let imported = try await Tern.run(demo.arguments("cache", "import", demo.root.path + "/fixtures.har"))
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr.contains("imported 2, matched to specs 1, skipped 1"), "\(imported.stderr)")
            #expect(imported.stderr.contains("status 404"), "\(imported.stderr)")
            let replay = try await Tern.run(demo.arguments("send", "get-user", "--mode", "cache", "--var", "userId=2"))
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.stdout.contains("Grace Hopper"))
        }
    }

    @Test("a token read with {{env:…}} never reaches the HAR")
    func secretsStayOut() async throws {
        try await withDemo { demo in
            let token = "s3cr3t-har-token-4242"
            try demo.write(
                "specs/auth/echo-token.yaml",
                "name: Echo token\ntarget: api\nmethod: GET\npath: /echo\nquery:\n  key: \"{{env:API_TOKEN}}\"\n"
                    + "headers:\n  Authorization: Bearer {{env:API_TOKEN}}\n  X-Token: \"{{env:API_TOKEN}}\"\n"
            )
            let sent = try await Tern.run(demo.arguments("send", "echo-token"), environment: ["API_TOKEN": token])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains(token), "the live answer echoes the token (the test would prove nothing else)")
            let file = demo.root.appendingPathComponent("secret.har")
            let export = try await Tern.run(demo.arguments("cache", "export", file.path, "auth"))
            #expect(export.status == 0, "\(export.stderr)")
            let data = try Data(contentsOf: file)
            #expect(HARCheck.problems(in: data).isEmpty)
            #expect(data.range(of: Data(token.utf8)) == nil, "the token's bytes are not in the HAR")
            #expect(data.range(of: Data(Data(token.utf8).base64EncodedString().utf8)) == nil)
            #expect(String(decoding: data, as: UTF8.self).contains("auth/echo-token"))
        }
    }

    @Test("promote writes sample: into the spec, --mode sample serves it, a different sample needs --force")
    func promote() async throws {
        try await withDemo { demo in
            // Both answers are stored first: once get-user has a sample, the mock serves it for /users/{{userId}}.
            #expect(try await Tern.run(demo.arguments("send", "get-user")).status == 0)
            #expect(try await Tern.run(demo.arguments("send", "get-user", "--var", "userId=2")).status == 0)
            let promoted = try await Tern.run(demo.arguments("cache", "promote", "user-1"))
            #expect(promoted.status == 0, "\(promoted.stderr)")
            let specFile = demo.root.appendingPathComponent("specs/users/get-user.yaml")
            let yaml = try String(contentsOf: specFile, encoding: .utf8)
            #expect(yaml.contains("sample:"), "\(yaml)")
            #expect(yaml.contains("Ada Lovelace"), "\(yaml)")
            let sample = try await Tern.run(demo.arguments("send", "get-user", "--mode", "sample"))
            #expect(sample.status == 0, "\(sample.stderr)")
            #expect(sample.stdout.contains("Ada Lovelace"))

            let refused = try await Tern.run(demo.arguments("cache", "promote", "user-2"))
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("already has a different sample"), "\(refused.stderr)")
            #expect(try String(contentsOf: specFile, encoding: .utf8) == yaml)
            let forced = try await Tern.run(demo.arguments("cache", "promote", "user-2", "--force"))
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(try String(contentsOf: specFile, encoding: .utf8).contains("Grace Hopper"))
        }
    }

    @Test("the REPL exports, imports and promotes with the same language")
    func repl() async throws {
        try await withDemo { demo in
            let file = demo.root.appendingPathComponent("repl.har").path
            let script =
                "send get-user\ncache export '\(file)'\ncache clear\n"
                + "cache import '\(file)'\ncache promote user-1\n"
            let result = try await Tern.run(demo.arguments("repl"), input: script)
            #expect(result.status == 0, "\(result.stderr)")
            let said = result.stdout + result.stderr
            #expect(said.contains("exported 1 entry"), "\(said)")
            #expect(said.contains("imported 1, matched to specs 1, skipped 0"), "\(said)")
            #expect(said.contains("as the sample of users/get-user"), "\(said)")
            let spec = demo.root.appendingPathComponent("specs/users/get-user.yaml")
            let yaml = try String(contentsOf: spec, encoding: .utf8)
            #expect(yaml.contains("sample:"))
        }
    }

    @Test("a malformed HAR exits 2 with a clear message and stores nothing")
    func malformedHAR() async throws {
        try await withDemo { demo in
            let cases = [
                ("broken.har", "{\"log\": {\"entries\": [", "not a valid HAR file"),
                ("no-entries.har", "{\"log\": {}}", "'entries' is missing"),
                (
                    "bad-url.har",
                    """
                    {"log": {"entries": [
                      {"request": {"method": "GET", "url": "http://127.0.0.1:9/users/1"}, "response": {"status": 200}},
                      {"request": {"method": "GET", "url": "not a url"}, "response": {"status": 200}}]}}
                    """,
                    "is not an http(s) URL"
                ),
                (
                    "bad-entry.har",
                    """
                    {"log": {"entries": [
                      {"request": {"method": "GET", "url": "http://127.0.0.1:9/users/1"}, "response": {"status": 200}},
                      {"request": {"method": "GET"}, "response": {"status": 200}}]}}
                    """,
                    "#/log/entries/1/request: 'url' is missing"
                ),
            ]
            for (name, text, message) in cases {
                try demo.write(name, text)
                let run = try await Tern.run(demo.arguments("cache", "import", demo.root.path + "/" + name))
                #expect(run.status == 2, "\(name)")
                #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
            }
            let list = try await Tern.run(demo.arguments("cache", "list", "--json"))
            let entries = try JSONSerialization.jsonObject(with: list.stdoutData) as? [Any]
            #expect(entries?.isEmpty == true, "\(list.stdout)")
        }
    }
}
