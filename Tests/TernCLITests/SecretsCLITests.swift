import Foundation
import TernTesting
import Testing

/// `tern secrets` and `tern get URL … --save NAME` as a user meets them: secrets kept out of specs,
/// read at send time, and a saved request that `tern send NAME` sends again byte for byte.
@Suite("tern secrets and --save", .serialized)
struct SecretsCLITests {
    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("set (argument, standard input, command), list masked, unset; a spec reads {{secret:NAME}} at send time")
    func setListUnsetAndSend() async throws {
        try await withDemo { workspace in
            // The approval 'set --command' records goes to a state folder of the test's own.
            let state = workspace.root.appendingPathComponent(".test-state").path
            let environment = ["PATH": "/usr/bin:/bin", "XDG_STATE_HOME": state]
            let byArgument = try await Tern.run(
                workspace.arguments("secrets", "set", "apiToken", "t0k3n"), environment: environment)
            #expect(byArgument.status == 0, "\(byArgument.stderr)")
            let byInput = try await Tern.run(
                workspace.arguments("secrets", "set", "password"), environment: environment, input: "hunter2\n")
            #expect(byInput.status == 0, "\(byInput.stderr)")
            let byCommand = try await Tern.run(
                workspace.arguments("secrets", "set", "printed", "--command", "printf 'from a command\\n'"),
                environment: environment)
            #expect(byCommand.status == 0, "\(byCommand.stderr)")
            let file = workspace.root.appendingPathComponent(".tern/secrets.yaml")
            let mode = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
            #expect(mode & 0o777 == 0o600)

            try workspace.write(
                "specs/secret-echo.yaml",
                """
                method: POST
                path: "{{mock}}/echo"
                headers:
                  Authorization: "Bearer {{secret:apiToken}}"
                  X-Printed: "{{secret:printed}}"
                body:
                  form:
                    password: "{{secret:password}}"
                    missing: "{{secret:notSet}}"
                """)
            let list = try await Tern.run(workspace.arguments("secrets", "list"), environment: environment)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(!list.stdout.contains("t0k3n") && !list.stdout.contains("hunter2"), "\(list.stdout)")
            #expect(list.stdout.contains("command: printf"), "\(list.stdout)")
            #expect(list.stdout.contains("notSet") && list.stdout.contains("MISSING"), "\(list.stdout)")
            let revealed = try await Tern.run(
                workspace.arguments("secrets", "list", "--reveal"), environment: environment)
            #expect(revealed.stdout.contains("t0k3n"), "\(revealed.stdout)")

            let missing = try await Tern.run(workspace.arguments("send", "secret-echo"), environment: environment)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("secret-echo.yaml:9:"), "\(missing.stderr)")
            #expect(missing.stderr.contains("tern secrets set notSet"), "\(missing.stderr)")

            // The environment wins over the store.
            let sent = try await Tern.run(
                workspace.arguments("send", "secret-echo", "--mode", "live", "-v"),
                environment: environment.merging(["notSet": "from-env", "password": "env-pass"]) { $1 })
            #expect(sent.status == 0, "\(sent.stderr)")
            let echo = try Self.json(sent.stdout)
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(headers["authorization"] == "Bearer t0k3n")
            #expect(headers["x-printed"] == "from a command")
            #expect(echo["body"] as? String == "password=env-pass&missing=from-env")
            // -v shows the request with every secret masked, the command's value too.
            #expect(!sent.stderr.contains("t0k3n") && !sent.stderr.contains("from a command"), "\(sent.stderr)")

            let unset = try await Tern.run(
                workspace.arguments("secrets", "unset", "apiTokn"), environment: environment)
            #expect(unset.status == 2)
            #expect(unset.stderr.contains("did you mean 'apiToken'?"), "\(unset.stderr)")
            let removed = try await Tern.run(
                workspace.arguments("secrets", "unset", "apiToken"), environment: environment)
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("t0k3n"))
        }
    }

    @Test("tern post URL ITEM... --save NAME: credentials go to the store, and tern send NAME sends the same request")
    func saveThenSend() async throws {
        try await withDemo { workspace in
            try await withMockServer { server in
                let url = server.baseURL.appendingPathComponent("echo").absoluteString + "?sig=a%2Fb&page=1"
                let typed = try await Tern.run(
                    workspace.arguments(
                        "post", url, "username=ada", #"password=hun"ter2"#, "api_key==abc123", "limit==5",
                        "Authorization:Bearer tok-123", "Cookie:theme=dark; sessionid=s1", "X-Plain:1",
                        "--save", "saved/login"))
                #expect(typed.status == 0, "\(typed.stderr)")
                #expect(typed.stderr.contains("saved saved/login"), "\(typed.stderr)")
                let spec = try String(
                    contentsOf: workspace.root.appendingPathComponent("specs/saved/login.yaml"), encoding: .utf8)
                for secret in ["a%2Fb", "hun", "abc123", "tok-123", "s1"] {
                    #expect(!spec.contains(secret), "\(secret) in \(spec)")
                }
                #expect(spec.contains("{{secret:SAVED_LOGIN_PASSWORD}}"), "\(spec)")
                #expect(spec.contains("theme=dark"), "\(spec)")

                let again = try await Tern.run(workspace.arguments("send", "saved/login", "--mode", "live"))
                #expect(again.status == 0, "\(again.stderr)")
                let first = try Self.json(typed.stdout)
                let second = try Self.json(again.stdout)
                for field in ["method", "path", "query", "body"] {
                    #expect("\(first[field] ?? "-")" == "\(second[field] ?? "-")", "\(field)")
                }
                let firstHeaders = try #require(first["headers"] as? [String: String])
                let secondHeaders = try #require(second["headers"] as? [String: String])
                #expect(firstHeaders == secondHeaders)
                #expect(first["body"] as? String == #"{"username":"ada","password":"hun\"ter2"}"#)
                // The typed send was the saved spec's first send: it replays offline under its name.
                let replayed = try await Tern.run(workspace.arguments("send", "saved/login", "--mode", "cache"))
                #expect(replayed.status == 0, "\(replayed.stderr)")
                #expect("\(try Self.json(replayed.stdout)["body"] ?? "-")" == "\(first["body"] ?? "-")")

                // --auth becomes the spec's auth, its password a secret; a name in use is never replaced.
                let basic = try await Tern.run(
                    workspace.arguments("get", url, "--auth", "ada:pw", "--save", "saved/basic"))
                #expect(basic.status == 0, "\(basic.stderr)")
                let basicSpec = try String(
                    contentsOf: workspace.root.appendingPathComponent("specs/saved/basic.yaml"), encoding: .utf8)
                #expect(basicSpec.contains("type: basic") && !basicSpec.contains(": pw"), "\(basicSpec)")
                let basicAgain = try await Tern.run(workspace.arguments("send", "saved/basic", "--mode", "live"))
                #expect(
                    (try Self.json(basicAgain.stdout)["headers"] as? [String: String])?["authorization"]
                        == "Basic YWRhOnB3")
                let taken = try await Tern.run(workspace.arguments("get", url, "--save", "saved/login"))
                #expect(taken.status == 2)
                #expect(taken.stderr.contains("exists already"), "\(taken.stderr)")
                let unchanged = try String(
                    contentsOf: workspace.root.appendingPathComponent("specs/saved/login.yaml"), encoding: .utf8)
                #expect(unchanged == spec)
            }
        }
    }
}

/// The TUI asks for a secret a send needs, keeps it, and sends again, at 80×24.
@Suite("The TUI asks for a missing secret", .serialized)
struct SecretPromptTUITests {
    @Test(
        "a send that needs {{secret:NAME}} opens a masked prompt; Enter keeps it in .tern/secrets.yaml and sends",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func promptKeepsAndSends() async throws {
        try await Self.promptForSecret { workspace, tmux in
            try await tmux.waitFor("Secret apiToken")
            try await tmux.type("s3cr3t-typed")
            let masked = try await tmux.waitFor("••••••••••••")
            #expect(!masked.contains("s3cr3t-typed"), "\(masked)")
            try await tmux.type("Enter")
            try await tmux.waitFor("secret-echo: 200 OK")
            let store = try String(
                contentsOf: workspace.root.appendingPathComponent(".tern/secrets.yaml"), encoding: .utf8)
            #expect(store.contains("apiToken: s3cr3t-typed"), "\(store)")
            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:0")
            // The server saw the secret: the answer it echoed is replayed from the cache.
            let replayed = try await Tern.run(workspace.arguments("send", "secret-echo", "--mode", "cache"))
            #expect(replayed.stdout.contains("s3cr3t-typed"), "\(replayed.stdout) \(replayed.stderr)")
        }
    }

    @Test(
        "Tab in the secret prompt uses the value for this session only: sent, never written",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func promptThisSessionOnly() async throws {
        try await Self.promptForSecret { workspace, tmux in
            try await tmux.waitFor("Tab: this session only")
            try await tmux.type("only-this-run-7Q", "Tab")
            try await tmux.waitFor("Enter: use this session only (not written)")
            try await tmux.type("Enter")
            try await tmux.waitFor("secret-echo: 200 OK")
            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:0")
            let store = workspace.root.appendingPathComponent(".tern/secrets.yaml")
            let kept = (try? String(contentsOf: store, encoding: .utf8)) ?? ""
            #expect(!kept.contains("only-this-run-7Q") && !kept.contains("apiToken"), "\(kept)")
            // The next process has no value: the send says how to give one.
            let again = try await Tern.run(workspace.arguments("send", "secret-echo", "--mode", "live"))
            #expect(again.status != 0)
            #expect(again.stderr.contains("undefined secret 'apiToken'"), "\(again.stderr)")
        }
    }

    /// The demo with a spec that needs `{{secret:apiToken}}`, the TUI at 80×24 sending it: `body` sees the prompt.
    static func promptForSecret(_ body: (TemporaryWorkspace, TmuxSession) async throws -> Void) async throws {
        try await withDemo { workspace in
            try workspace.write(
                "specs/secret-echo.yaml",
                """
                method: GET
                path: "{{mock}}/echo"
                headers:
                  X-Token: "{{secret:apiToken}}"
                """)
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: 80, height: 24)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type(":", "send secret-echo", "Enter")
            try await body(workspace, tmux)
        }
    }
}
