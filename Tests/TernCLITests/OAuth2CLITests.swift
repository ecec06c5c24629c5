import Foundation
import Testing

/// OAuth 2.0 through the `tern` binary on a copy of the demo workspace and its embedded mock provider.
@Suite("tern send and tern auth with OAuth 2.0")
struct OAuth2CLITests {
    @Test("client credentials: the send signs in, the token is kept owner-only and never printed; auth status/logout")
    func clientCredentials() async throws {
        try await withDemo { demo in
            let send = try await Tern.run(
                demo.arguments("send", "oauth/client-credentials", "--mode", "live", "--verbose"))
            #expect(send.status == 0, "\(send.stderr)")
            #expect(send.stdout.contains(#""sub":"tern-demo""#), "\(send.stdout)")
            #expect(send.stderr.contains("> Authorization: Bearer ••••••"), "\(send.stderr)")
            #expect(send.stderr.contains("> User-Agent: tern-demo"), "\(send.stderr)")
            #expect(!send.stderr.contains("Bearer at-"), "\(send.stderr)")

            let file = demo.root.appendingPathComponent(".tern/oauth-tokens.json")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let stored = try String(contentsOf: file, encoding: .utf8)
            #expect(stored.contains("client_credentials tern-demo"), "\(stored)")
            #expect(!stored.contains("demo-secret"), "the client secret is not stored: \(stored)")

            let status = try await Tern.run(demo.arguments("auth", "status"))
            #expect(status.status == 0, "\(status.stderr)")
            #expect(status.stdout.contains("client_credentials tern-demo → http://127.0.0.1:"), "\(status.stdout)")
            #expect(status.stdout.contains("token •••••• · expires in"), "\(status.stdout)")
            #expect(!status.stdout.contains("at-"), "\(status.stdout)")

            // A second send reuses the kept token: the printed token is the one stored.
            let token = try await Tern.run(demo.arguments("auth", "token", "oauth/client-credentials"))
            #expect(token.status == 0, "\(token.stderr)")
            let printed = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(printed.hasPrefix("at-") && stored.contains(printed), "\(printed)")

            let logout = try await Tern.run(demo.arguments("auth", "logout"))
            #expect(logout.stderr.contains("forgot 1 OAuth 2.0 token (environment local)"), "\(logout.stderr)")
            let after = try await Tern.run(demo.arguments("auth", "status"))
            #expect(after.stderr.contains("no OAuth 2.0 tokens (environment local)"), "\(after.stderr)")
        }
    }

    @Test("export curl names the token as a variable and says how to get one")
    func exportCurl() async throws {
        try await withDemo { demo in
            let curl = try await Tern.run(demo.arguments("export", "curl", "oauth/client-credentials"))
            #expect(curl.status == 0, "\(curl.stderr)")
            #expect(curl.stdout.contains(#"--oauth2-bearer "$TERN_OAUTH2_TOKEN""#), "\(curl.stdout)")
        }
    }
}
