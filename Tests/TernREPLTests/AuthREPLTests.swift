import Foundation
import TernMock
import Testing

/// `auth:` through the REPL on the demo workspace: digest against the mock, shown masked, exported for curl,
/// and never written down in clear.
@Suite("REPL: auth blocks")
struct AuthREPLTests {
    @Test("the demo's digest spec authenticates, the next send goes out already answered")
    func demoDigest() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("mode live", "send auth/digest", "send auth/digest")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains(#""authenticated": true"#) || run.out.contains(#""authenticated":true"#))
            // 1 challenge + 1 answer, then 1 request answered in advance with the kept nonce.
            #expect(demo.server.requestCount(path: "/digest-auth/auth/ada/tern/SHA-256") == 3)
        }
    }

    @Test("show gives the scheme with the secret masked; export curl writes --digest -u with a variable")
    func showAndExport() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("use auth/digest", "show", "export curl")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("Authorization: Digest ada:•••••• (answers the server's challenge)"), "\(run.out)")
            #expect(run.out.contains(#"--digest -u 'ada:'"$PASSWORD""#), "\(run.out)")
        }
    }

    @Test("a password from {{env:}} never reaches the cache, the history or the output in clear")
    func envSecretNeverWritten() async throws {
        let secret = "pa55-w0rd-xyz"
        let prepare: (URL) throws -> Void = { root in
            try DemoSession.write(
                root, "specs/tools/env-digest.yaml",
                "target: api\nmethod: GET\npath: /digest-auth/auth/ada/{{env:DIGEST_PASS}}/SHA-256-sess\n"
                    + "auth: {type: digest, username: ada, password: \"{{env:DIGEST_PASS}}\"}\n")
        }
        try await DemoSession.with(processEnvironment: ["DIGEST_PASS": secret], prepare: prepare) { demo in
            let run = await demo.run("send tools/env-digest", "use tools/env-digest", "show", "history")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("authenticated"), "\(run.out)")
            #expect(!run.out.contains(secret) && !run.err.contains(secret))
            let files = FileManager.default.enumerator(
                at: demo.root.appendingPathComponent(".tern"), includingPropertiesForKeys: nil)
            var checked = 0
            while let file = files?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: file) else { continue }
                checked += 1
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent) holds the secret")
            }
            #expect(checked > 0)
        }
    }
}
