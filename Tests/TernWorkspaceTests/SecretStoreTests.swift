import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

/// `.tern/secrets.yaml` and `{{secret:NAME}}`: the file as written and read back, what a send renders,
/// and the commands that print a value at send time.
@Suite("The secret store")
struct SecretStoreTests {
    @Test("a store is written owner-only, ignored by git, and reads back the same")
    func roundTrip() throws {
        let folder = try TemporaryWorkspace()
        var store = SecretStore()
        store.set("apiToken", to: .value("s3cr3t: with a colon"))
        store.set("multi", to: .value("line one\nline two"))
        store.set("github", to: .command("gh auth token", timeout: 5))
        store.set("pass", to: .command("pass show api", timeout: SecretStore.defaultTimeout))
        try store.save(workspace: folder.root)

        let file = SecretStore.file(inWorkspace: folder.root)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        #expect(try folder.read(".tern/.gitignore").contains("\n*\n"))
        #expect(try SecretStore.load(workspace: folder.root) == store)

        store.set("apiToken", to: .value("rotated"))
        let removed = store.unset("multi")
        #expect(removed)
        let removedTwice = store.unset("multi")
        #expect(!removedTwice)
        try store.save(workspace: folder.root)
        let again = try SecretStore.load(workspace: folder.root)
        #expect(again.entries.map(\.name) == ["apiToken", "github", "pass"])
        #expect(again.source(of: "apiToken") == .value("rotated"))
    }

    @Test("no file is an empty store; a broken one is an error at its line and column")
    func brokenFiles() throws {
        let folder = try TemporaryWorkspace()
        #expect(try SecretStore.load(workspace: folder.root).entries.isEmpty)
        let cases: [(String, String)] = [
            ("ok: 1\n\"bad name\": x\n", "2:1"),
            ("gh:\n  command: x\n  timeout: 900\n", "3:12"),
            ("gh:\n  timeout: 3\n", "2:3"),
            ("- a\n- b\n", "1:1"),
            ("a: [1\n", "2:1"),
        ]
        for (text, position) in cases {
            try folder.write(".tern/secrets.yaml", text)
            #expect {
                _ = try SecretStore.load(workspace: folder.root)
            } throws: { error in
                "\(error)".contains("secrets.yaml:\(position):")
            }
        }
    }

    @Test("{{secret:NAME}} reads the environment first, then the store; a missing one says how to set it")
    func rendering() throws {
        let folder = try Fixtures.demo([
            "specs/me.yaml":
                "method: GET\npath: /me\nheaders:\n  Authorization: \"Bearer {{secret:apiToken}}\"\n"
                + "  X-Other: \"{{ secret: other }}\"\n"
        ])
        var store = SecretStore()
        store.set("apiToken", to: .value("from-store"))
        store.set("other", to: .value("x"))
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "me")
        func context(_ environment: [String: String], _ store: SecretStore) -> TemplateContext {
            var context = TemplateContext(processEnvironment: environment)
            context.secrets = SecretResolver(
                store: store, file: folder.url(".tern/secrets.yaml"), processEnvironment: environment)
            return context
        }
        let stored = try workspace.request(for: entry, context: context([:], store))
        #expect(stored.headers[.authorization] == "Bearer from-store")
        let exported = try workspace.request(for: entry, context: context(["apiToken": "from-env"], store))
        #expect(exported.headers[.authorization] == "Bearer from-env")

        var partial = SecretStore()
        partial.set("apiTokn", to: .value("typo"))
        partial.set("other", to: .value("x"))
        #expect {
            _ = try workspace.request(for: entry, context: context([:], partial))
        } throws: { error in
            let text = "\(error)"
            return text.contains("me.yaml:4:")
                && text.contains("undefined secret 'apiToken' (did you mean 'apiTokn'?)")
                && text.contains("tern secrets set apiToken")
        }
        // Without a store at all, the environment still answers.
        let bare = try workspace.request(
            for: entry, context: TemplateContext(processEnvironment: ["apiToken": "e", "other": "o"]))
        #expect(bare.headers[.authorization] == "Bearer e")
    }

    @Test("a command's output is the value, once per resolver; failures say why")
    func commands() throws {
        let file = URL(fileURLWithPath: "/nowhere/.tern/secrets.yaml")
        var store = SecretStore()
        let counter = FileManager.default.temporaryDirectory.appendingPathComponent("tern-count-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: counter) }
        store.set("token", to: .command("echo run >> '\(counter.path)'; printf 'tok\\n'", timeout: 5))
        store.set("failing", to: .command("echo 'not logged in' >&2; exit 3", timeout: 5))
        store.set("silent", to: .command("true", timeout: 5))
        store.set("slow", to: .command("sleep 20", timeout: 0.3))
        store.set("huge", to: .command("head -c 200000 /dev/zero", timeout: 5))
        store.set("fromEnvironment", to: .command("printf %s \"$SOURCE\"", timeout: 5))
        let resolver = SecretResolver(
            store: store, file: file, processEnvironment: ["SOURCE": "env", "PATH": "/usr/bin:/bin"])

        #expect(try resolver.value(of: "token") == "tok")
        #expect(try resolver.value(of: "token") == "tok")
        #expect(try String(contentsOf: counter, encoding: .utf8) == "run\n")
        #expect(resolver.knownValues(of: ["token", "failing"]).map(\.value) == ["tok"])
        #expect(try resolver.value(of: "fromEnvironment") == "env")

        let failures: [(String, String)] = [
            ("failing", "failed with exit status 3: not logged in"),
            ("silent", "printed nothing"),
            ("slow", "did not finish within 0.3 s"),
            ("huge", "printed more than 64 KiB"),
        ]
        for (name, reason) in failures {
            #expect {
                _ = try resolver.value(of: name)
            } throws: { error in
                "\(error)".contains("secret '\(name)' has no value") && "\(error)".contains(reason)
            }
        }
    }
}
