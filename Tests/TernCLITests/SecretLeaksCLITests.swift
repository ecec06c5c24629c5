import Foundation
import TernTesting
import Testing

/// Secrets a typed request reads (`X-Key:{{env:…}}`, `{{secret:…}}`) and the values a failed check
/// shows never leave in clear: not on the request side of the cache and history, not in `cache list`,
/// `--offline` or `-v`, not in `send --fail`'s failure lines.
@Suite("Secrets stay masked", .serialized)
struct SecretLeaksCLITests {
    static let envValue = "envV4lue-0123456789"
    static let storeValue = "st0reV4lue-9876543210"

    /// Every file under `folder` but the secret store, as bytes.
    private static func stateFiles(_ folder: URL) -> [(String, Data)] {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return files.filter { $0.lastPathComponent != "secrets.yaml" }.compactMap { file in
            (try? Data(contentsOf: file)).map { (file.lastPathComponent, $0) }
        }
    }

    @Test("a typed request's {{env:…}} and {{secret:…}} items are masked in the cache, history and output")
    func typedRequestItems() async throws {
        try await withDemo { workspace in
            try await withMockServer { server in
                let environment = ["ADHOC_KEY": Self.envValue]
                let kept = try await Tern.run(
                    workspace.arguments("secrets", "set", "adhocSecret", Self.storeValue), environment: environment)
                #expect(kept.status == 0, "\(kept.stderr)")
                let url = server.baseURL.appendingPathComponent("status/200").absoluteString
                let items = ["X-Key:{{env:ADHOC_KEY}}", "X-Other:{{secret:adhocSecret}}", "q=={{secret:adhocSecret}}"]
                let verbose = try await Tern.run(
                    workspace.arguments(["get", url] + items + ["-v"]), environment: environment)
                #expect(verbose.status == 0, "\(verbose.stderr)")
                let offline = try await Tern.run(
                    workspace.arguments(["get", url] + items + ["--offline"]), environment: environment)
                #expect(offline.status == 0, "\(offline.stderr)")
                let list = try await Tern.run(workspace.arguments("cache", "list"), environment: environment)
                #expect(list.status == 0, "\(list.stderr)")
                for (what, text) in [
                    ("-v", verbose.stdout + verbose.stderr), ("--offline", offline.stdout + offline.stderr),
                    ("cache list", list.stdout + list.stderr),
                ] {
                    for value in [Self.envValue, Self.storeValue] {
                        #expect(!text.contains(value), "\(what) shows \(value): \(text)")
                    }
                }
                #expect(verbose.stdout.contains("••••••") || verbose.stderr.contains("••••••"))
                // The cache and the history (the status route echoes nothing, so no answer holds them).
                let state = Self.stateFiles(workspace.root.appendingPathComponent(".tern"))
                #expect(state.contains { $0.0.hasPrefix("cache") }, "\(state.map(\.0))")
                for (name, data) in state {
                    for value in [Self.envValue, Self.storeValue] {
                        #expect(data.range(of: Data(value.utf8)) == nil, "\(name) holds \(value)")
                    }
                }
            }
        }
    }

    @Test("send --fail: a failed check on a secret value prints it masked")
    func failedCheck() async throws {
        try await withDemo { workspace in
            try workspace.write(
                "specs/checked-secret.yaml",
                """
                method: GET
                path: "{{mock}}/echo"
                headers:
                  X-Token: "{{secret:failToken}}"
                expect:
                  json:
                    "$.headers['x-token']": not-the-token
                """)
            let sent = try await Tern.run(
                workspace.arguments("send", "checked-secret", "--fail", "--mode", "live"),
                environment: ["failToken": Self.storeValue])
            #expect(sent.status == 4, "\(sent.stderr)")
            #expect(sent.stderr.contains("✗"), "\(sent.stderr)")
            #expect(!sent.stderr.contains(Self.storeValue), "\(sent.stderr)")
            #expect(sent.stderr.contains("••••••"), "\(sent.stderr)")
        }
    }
}
