import Foundation
import TernTesting
import Testing

/// `tern send` keeps cookies between runs in `.tern/cookies.json`; `--no-cookies`; `tern cookies`.
@Suite("tern: cookies")
struct CookiesCLITests {
    @Test("send session/sign-in, then session/me in another process is signed in; --no-cookies is not")
    func signInThenMe() async throws {
        try await withDemo { demo in
            let before = try await Tern.run(demo.arguments("send", "session/me", "--fail"))
            #expect(before.status == 4, "\(before.stdout)")
            let signIn = try await Tern.run(demo.arguments("send", "session/sign-in", "--fail"))
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let me = try await Tern.run(demo.arguments("send", "session/me", "--fail", "--mode", "live"))
            #expect(me.status == 0, "\(me.stderr)")
            #expect(me.stdout.contains("\"ada\""), "\(me.stdout)")
            let without = try await Tern.run(
                demo.arguments("send", "session/me", "--fail", "--mode", "live", "--no-cookies"))
            #expect(without.status == 4, "\(without.stdout)")
            let file = demo.root.appendingPathComponent(".tern/cookies.json")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test("tern cookies lists (values masked), deletes and clears the environment's jar")
    func cookiesCommand() async throws {
        try await withDemo { demo in
            _ = try await Tern.run(demo.arguments("send", "session/sign-in"))
            let list = try await Tern.run(demo.arguments("cookies"))
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("session") && list.stdout.contains("127.0.0.1"), "\(list.stdout)")
            #expect(list.stdout.contains("ada.…") && !list.stdout.contains("ada.0"), "\(list.stdout)")
            let missing = try await Tern.run(demo.arguments("cookies", "delete", "nothere"))
            #expect(missing.status == 2 && missing.stderr.contains("no cookie named 'nothere'"), "\(missing.stderr)")
            let delete = try await Tern.run(demo.arguments("cookies", "delete", "session"))
            #expect(delete.status == 0 && delete.stderr.contains("deleted 1 cookie"), "\(delete.stderr)")
            let empty = try await Tern.run(demo.arguments("cookies", "list"))
            #expect(empty.stdout.isEmpty && empty.stderr.contains("no cookies (environment local)"), "\(empty.stderr)")
            _ = try await Tern.run(demo.arguments("send", "session/sign-in"))
            let clear = try await Tern.run(demo.arguments("cookies", "clear"))
            #expect(clear.stderr.contains("cleared 1 cookie"), "\(clear.stderr)")
            let unknown = try await Tern.run(demo.arguments("cookies", "--env", "nowhere"))
            #expect(unknown.status == 2)
        }
    }

    @Test("tern cookies --scratch is the scratch workspace's jar, as tern secrets --scratch is its store")
    func scratchJar() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let clean = ["HOME": home.path, "XDG_DATA_HOME": ""]
        try await withMockServer { server in
            // The scratch workspace is made on first use; a spec in it signs in and keeps the cookie there.
            let made = try await Tern.run(["cookies", "--scratch"], in: home, environment: clean)
            #expect(made.status == 0 && made.stderr.contains("no cookies"), "\(made.stderr)")
            let scratch = home.appendingPathComponent(".local/share/tern/scratch")
            let spec = [
                "name: sign-in", "method: POST", "path: \"\(server.baseURL.absoluteString)/session/login\"",
                "body: {json: {username: ada, password: tern}}", "",
            ]
            try Data(spec.joined(separator: "\n").utf8).write(to: scratch.appendingPathComponent("specs/sign-in.yaml"))
            let signIn = try await Tern.run(
                ["send", "sign-in", "--workspace", scratch.path], in: home, environment: clean)
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let list = try await Tern.run(["cookies", "--scratch"], in: home, environment: clean)
            #expect(list.status == 0 && list.stdout.contains("session") && list.stdout.contains("127.0.0.1"), "\(list)")
            let clear = try await Tern.run(["cookies", "clear", "--scratch"], in: home, environment: clean)
            #expect(clear.stderr.contains("cleared 1 cookie"), "\(clear.stderr)")
            let both = try await Tern.run(
                ["cookies", "--scratch", "--workspace", home.path], in: home, environment: clean)
            #expect(both.status == 2 && both.stderr.contains("leave out --workspace"), "\(both.stderr)")
        }
    }
}
