import Foundation
import Synchronization
import Tern
import TernTesting
import Testing

/// OAuth 2.0 through the REPL on the demo workspace and the mock's provider.
@Suite("REPL: OAuth 2.0")
struct OAuth2REPLTests {
    @Test("auth login signs in, auth status lists the token masked, sends reuse it, auth logout forgets it")
    func clientCredentials() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "mode live", "auth status", "auth login oauth/client-credentials", "auth status",
                "send oauth/client-credentials", "send oauth/client-credentials", "auth logout", "auth status")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("no OAuth 2.0 tokens (environment local)"), "\(run.out)")
            #expect(run.out.contains("signed in: client_credentials tern-demo"), "\(run.out)")
            #expect(run.out.contains("token •••••• · expires in"), "\(run.out)")
            #expect(run.out.contains("forgot 1 OAuth 2.0 token (environment local)"), "\(run.out)")
            #expect(!run.out.contains("at-"), "no token in clear: \(run.out)")
            #expect(demo.server.requestCount(path: "/oauth/token") == 1)
            #expect(demo.server.requestCount(path: "/oauth/userinfo") == 2)
        }
    }

    @Test("device code: the prompt reaches the face, the approval on another device lets the send finish")
    func deviceCode() async throws {
        let prompts = Mutex<[OAuth2Prompt]>([])
        let approve: @Sendable (OAuth2Prompt) async -> Void = { prompt in
            prompts.withLock { $0.append(prompt) }
            guard case .enterCode(_, _, let complete?, _) = prompt else { return }
            // The user opens the complete URL elsewhere (a plain GET approves it on the mock).
            _ = try? await ChildProcess.run(
                "/usr/bin/curl", ["-s", "--max-time", "10", "-o", "/dev/null", complete.absoluteString])
        }
        try await DemoSession.with(onAuthorization: approve) { demo in
            let run = await demo.run("mode live", "send oauth/device-code", "auth status")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("device_code tern-device"), "\(run.out)")
            let shown = prompts.withLock { $0 }
            #expect(shown.first.map { $0.lines.joined().contains("enter the code") } == true, "\(shown)")
            #expect(shown.last == .finished(succeeded: true))
            let file = demo.root.appendingPathComponent(".tern/oauth-tokens.json")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
    }
}
