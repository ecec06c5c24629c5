import Foundation
import TernTesting
import Testing

/// A `.http` file with a chain, as a user takes it through the real `tern`: imported, then run in order
/// against the mock server, each request getting what the one before it answered.
@Suite("tern import http: a file's chain runs", .serialized)
struct HTTPFileJourneyCLITests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tern-http-journey-\(UUID().uuidString)")
    }

    /// Whether the specs `shop/NAME` appear in `output` in the order of `names`.
    private static func order(_ names: [String], in output: String) -> Bool {
        let places = names.compactMap { output.range(of: "shop/\($0) ")?.lowerBound }
        return places.count == names.count && places == places.sorted()
    }

    @Test(
        "import, run in the file's order with its chain, export into a new folder with its secrets, import, run again")
    func chainRuns() async throws {
        let root = folder()
        let source = folder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: source)
        }
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try await withMockServer { server in
            let file = source.appendingPathComponent("shop.http")
            try Data(
                """
                @base = \(server.baseURL.absoluteString)

                ### Protected first
                GET {{base}}/auth/protected
                Authorization: Bearer {{auth}}

                ?? status == 200

                ### Log in
                # @name login
                POST {{base}}/auth/login
                Content-Type: application/json
                X-Api-Key: {{apiKey}}

                {"username": "ada", "password": "tern"}

                > {%
                    client.global.set("auth", response.body.token);
                    client.test("logged in", function() {
                        client.assert(response.status === 200, "not 200");
                    });
                %}

                ### Protected, with the login's answer (REST Client)
                # @name again
                GET {{base}}/auth/protected
                Authorization: Bearer {{login.response.body.$.token}}

                > {% client.assert(response.body.ok === true, "not ok") %}

                ###
                POST {{base}}/echo?from=file
                """.utf8
            ).write(to: file)
            try Data(#"{"dev": {"apiKey": "k-42"}}"#.utf8)
                .write(to: source.appendingPathComponent("http-client.private.env.json"))
            let imported = try await Tern.run(["import", "http", file.path, "--workspace", root.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(!(imported.stdout + imported.stderr).contains("not run"), "everything maps: \(imported.stdout)")
            let spec = try String(contentsOf: root.appendingPathComponent("specs/shop/again.yaml"), encoding: .utf8)
            #expect(spec.contains("requires:") && spec.contains("shop/login"), "\(spec)")
            #expect(spec.contains("Bearer {{login_token}}"), "\(spec)")

            // A request without a name is named by its method and path alone.
            #expect(
                FileManager.default.fileExists(atPath: root.appendingPathComponent("specs/shop/post-echo.yaml").path))

            // The run follows the file's order; the first request needs the login's token, so the login goes
            // first; every check passes.
            let run = try await Tern.run(["run", "shop", "--workspace", root.path, "--mode", "live"])
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            #expect(run.stderr.contains("4 passed"), "\(run.stderr)")
            #expect(!run.stdout.contains("undefined variable"), "\(run.stdout)")
            #expect(Self.order(["login", "protected-first", "again", "post-echo"], in: run.stdout), "\(run.stdout)")

            // Exported into a folder that does not exist yet: the file, its secrets beside it (owner-only,
            // ignored by git), and imported again it runs the same way.
            let out = source.appendingPathComponent("out/shop")
            let exported = try await Tern.run(
                [
                    "export", "http", "shop", "-o", out.appendingPathComponent("shop.http").path, "--workspace",
                    root.path,
                ])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stderr.contains("the secrets it reads"), "\(exported.stderr)")
            let text = try String(contentsOf: out.appendingPathComponent("shop.http"), encoding: .utf8)
            #expect(text.contains("# @name login\n") && text.contains("client.global.set(\"auth\""), "\(text)")
            #expect(!text.contains("k-42"), "no secret in the .http file")
            let secrets = out.appendingPathComponent("http-client.private.env.json")
            #expect(try String(contentsOf: secrets, encoding: .utf8).contains(#""apiKey" : "k-42""#))
            let mode = try FileManager.default.attributesOfItem(atPath: secrets.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let ignore = try String(contentsOf: out.appendingPathComponent(".gitignore"), encoding: .utf8)
            #expect(ignore.contains("http-client.private.env.json"))
            let second = folder()
            defer { try? FileManager.default.removeItem(at: second) }
            let again = try await Tern.run(
                ["import", "http", out.appendingPathComponent("shop.http").path, "--workspace", second.path])
            #expect(again.status == 0, "\(again.stderr)")
            let rerun = try await Tern.run(["run", "shop", "--workspace", second.path, "--mode", "live"])
            #expect(rerun.status == 0, "\(rerun.stdout)\n\(rerun.stderr)")
            #expect(rerun.stderr.contains("4 passed"), "\(rerun.stderr)")
            #expect(
                Self.order(["login", "protected-first", "again", "post-echo"], in: rerun.stdout), "\(rerun.stdout)")
        }
    }
}
