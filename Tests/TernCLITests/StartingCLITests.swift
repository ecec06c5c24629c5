import Foundation
import Testing

/// Issue 16, "Starting": finding the workspace, `tern init`, misspelt commands and broken spec files,
/// through the built `tern` binary.
@Suite("tern: starting a workspace", .serialized)
struct StartingCLITests {
    /// An empty temporary folder, removed afterwards.
    private func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = try TemporaryWorkspace(copyingDemo: false)
        defer { folder.remove() }
        return try await body(folder.root.standardizedFileURL)
    }

    @Test("a misspelt command is named with a suggestion instead of the TUI's usage")
    func misspeltCommand() async throws {
        let result = try await Tern.run(["sned", "get-user"])
        #expect(result.status == 2)
        #expect(result.stderr == "tern: error: unknown command 'sned' (did you mean 'send'?)\n")
        let after = try await Tern.run(["--workspace", "somewhere", "lsit"])
        #expect(after.stderr.contains("unknown command 'lsit' (did you mean 'list'?)"), "\(after.stderr)")
        let far = try await Tern.run(["frobnicate"])
        #expect(far.status == 2)
        #expect(far.stderr.contains("unknown command 'frobnicate'; the commands are"))
        #expect(far.stderr.contains("'send'") && far.stderr.contains("'init'"))
        let help = try await Tern.run(["help", "send"])
        #expect(help.status == 0, "help is a command")
    }

    @Test("tern init writes a workspace whose example sends against the mock, found from a subfolder")
    func initThenSend() async throws {
        try await withFolder { folder in
            let created = try await Tern.run(["init", "api"], in: folder)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.contains("created the workspace api"))
            let root = folder.appendingPathComponent("api")
            for file in ["workspace.yaml", "environments/local.yaml", "specs/example/get-user.yaml", ".gitignore"] {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file)")
            }
            // The environment's comment says how to keep a secret; doing as it says works.
            let local = try String(
                contentsOf: root.appendingPathComponent("environments/local.yaml"), encoding: .utf8)
            #expect(local.contains("{{secret:API_TOKEN}}") && local.contains("tern secrets set API_TOKEN"), "\(local)")
            let kept = try await Tern.run(["secrets", "set", "API_TOKEN", "t0ken-value"], in: root)
            #expect(kept.status == 0, "\(kept.stderr)")
            let secrets = try await Tern.run(["secrets"], in: root)
            #expect(secrets.stdout.contains("API_TOKEN") && !secrets.stdout.contains("t0ken-value"), "\(secrets)")
            let sent = try await Tern.run(["send", "get-user", "--fail"], in: root)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains("\"id\""), "\(sent.stdout)")
            #expect(!sent.stderr.contains("using the workspace"), "the current folder needs no note")

            let deep = root.appendingPathComponent("specs/example")
            let listed = try await Tern.run(["list"], in: deep)
            #expect(listed.status == 0)
            #expect(listed.stdout.contains("example/get-user"))
            #expect(listed.stderr.contains("tern: using the workspace in \(root.path)"), "\(listed.stderr)")

            let again = try await Tern.run(["init", "api"], in: folder)
            #expect(again.status == 2)
            #expect(again.stderr.contains("api/workspace.yaml already exists"), "\(again.stderr)")
        }
    }

    @Test("tern init --from hands the source to the importer")
    func initFromCurl() async throws {
        try await withFolder { folder in
            let source = folder.appendingPathComponent("calls.sh")
            try Data("curl -H 'Accept: application/json' https://api.example.com/v1/users/7\n".utf8).write(to: source)
            let created = try await Tern.run(["init", "imported", "--from", "calls.sh"], in: folder)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.contains("created the workspace imported"), "\(created.stdout)")
            let root = folder.appendingPathComponent("imported")
            let listed = try await Tern.run(["list", "--json"], in: root)
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("/users/7") || listed.stdout.contains("users"), "\(listed.stdout)")
            let ignore = try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8)
            #expect(ignore.contains(".tern/"))
        }
    }

    @Test("no workspace anywhere: the error names --workspace, TERN_WORKSPACE and tern init")
    func noWorkspace() async throws {
        try await withFolder { folder in
            let result = try await Tern.run(["list"], in: folder)
            #expect(result.status == 2)
            for word in ["--workspace", "TERN_WORKSPACE", "tern init"] {
                #expect(result.stderr.contains(word), "\(result.stderr)")
            }
            let named = try await Tern.run(["list", "--workspace", folder.path], in: folder)
            #expect(named.status == 2)
            #expect(named.stderr.contains("(named by --workspace); create one with 'tern init DIR'"), "\(named.stderr)")
        }
    }

    @Test("inside the repository, with no workspace found, the demo is used and said so")
    func demoFallback() async throws {
        let sources = Tern.packageRoot.appendingPathComponent("Sources")
        let result = try await Tern.run(["list"], in: sources)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("users/get-user"))
        #expect(result.stderr.contains("using the demo workspace"), "\(result.stderr)")
        let variable = try await Tern.run(
            ["list"], in: sources, environment: ["TERN_WORKSPACE": Tern.packageRoot.path + "/workspaces/demo"])
        #expect(!variable.stderr.contains("using"), "the variable is obvious enough")
    }

    @Test("a broken spec file is listed with its error, the rest still works, and sending it reports it")
    func brokenSpec() async throws {
        try await withDemo { demo in
            try demo.write("specs/users/broken.yaml", "name: Broken\nmethod: GET\npath: {{baseURL}}/x\n")
            let list = try await Tern.run(demo.arguments("list"))
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("users/get-user"))
            let line = try #require(list.stdout.split(separator: "\n").first { $0.contains("users/broken") })
            #expect(line.hasPrefix("!"))
            #expect(line.contains("broken.yaml:3:"), "\(line)")
            #expect(line.contains(#"must be quoted: path: "{{baseURL}}/x""#), "\(line)")

            let json = try await Tern.run(demo.arguments("list", "--json"))
            #expect(json.stdout.contains(#""id":"users/broken""#) && json.stdout.contains(#""error":"#))

            let good = try await Tern.run(demo.arguments("send", "get-user"))
            #expect(good.status == 0, "\(good.stderr)")
            let bad = try await Tern.run(demo.arguments("send", "broken"))
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("broken.yaml:3:"), "\(bad.stderr)")
        }
    }
}
