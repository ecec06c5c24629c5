import Foundation
import Tern
import TernExplorer
import TernHTTPClient
import TernTesting
import TernWorkspace
import Testing

/// The explorer's cookie jars on a copy of the demo workspace: `.tern/cookies.json`, environments,
/// the switches that turn the jar off, the cache identity, and the `cookies` command in the REPL.
@Suite("Cookies in the explorer")
struct CookieSessionTests {
    /// A second session on the same workspace folder (a new process, as far as the jar knows).
    static func reopened(_ demo: DemoSession, usesCookies: Bool = true) throws -> ExplorerSession {
        let workspace = try Workspace.load(from: demo.root)
        var options = ExplorerSession.Options(variables: ["mock": demo.server.baseURL.absoluteString])
        options.usesCookies = usesCookies
        return ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: nil, options: options)
    }

    @Test("signing in keeps the session cookie in .tern/cookies.json (0600) and a new session sends it")
    func persistence() async throws {
        try await DemoSession.with { demo in
            #expect(try await demo.session.send("session/me").statusCode == 401)
            #expect(try await demo.session.send("session/sign-in").statusCode == 200)
            #expect(try await demo.session.send("session/me").statusCode == 200)
            let file = demo.root.appendingPathComponent(".tern/cookies.json")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("\"local\"") && text.contains("\"session\""), "\(text)")
            let again = try Self.reopened(demo)
            #expect(try await again.send("session/me").statusCode == 200)
            #expect(try await again.send("session/sign-out").statusCode == 200)
            #expect(try await Self.reopened(demo).send("session/me").statusCode == 401)
        }
    }

    @Test("each environment has its own jar, whichever is in force at each send")
    func perEnvironment() async throws {
        try await DemoSession.with { demo in
            _ = try await demo.session.send("session/sign-in")
            _ = try await demo.session.run(line: "env shared")
            _ = try await demo.session.run(line: "set var baseURL \(demo.server.baseURL.absoluteString)")
            #expect(try await demo.session.send("session/me").statusCode == 401)
            guard case .cookies(let rows, let environment) = try await demo.session.run(line: "cookies") else {
                Issue.record("cookies gave another output")
                return
            }
            #expect(rows.isEmpty && environment == "shared")
            _ = try await demo.session.run(line: "env local")
            #expect(try await demo.session.send("session/me").statusCode == 200)
        }
    }

    @Test("--no-cookies (Options.usesCookies) and a spec's cookies: false leave the jar alone")
    func switches() async throws {
        try await DemoSession.with(prepare: { root in
            try DemoSession.write(
                root, "specs/session/me-without.yaml", "target: api\nmethod: GET\npath: /session/me\ncookies: false\n")
        }) { demo in
            let off = try Self.reopened(demo, usesCookies: false)
            #expect(try await off.send("session/sign-in").statusCode == 200)
            let file = demo.root.appendingPathComponent(".tern/cookies.json")
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(try await demo.session.send("session/me").statusCode == 401)
            _ = try await demo.session.send("session/sign-in")
            #expect(try await demo.session.send("session/me").statusCode == 200)
            #expect(try await demo.session.send("session/me-without").statusCode == 401)
            #expect(try await off.send("session/me").statusCode == 401)
        }
    }

    @Test("the jar's cookies are not in the storage key: cache mode replays whatever the jar holds")
    func cacheIdentity() async throws {
        // A copy of session/me that is stored (the demo's has validFor: 0, which stores nothing).
        try await DemoSession.with(prepare: { root in
            try DemoSession.write(
                root, "specs/session/me-stored.yaml", "target: api\nmethod: GET\npath: /session/me\nvalidFor: 600\n")
        }) { demo in
            _ = try await demo.session.send("session/sign-in")
            let signedIn = try await demo.session.send("session/me-stored")
            #expect(signedIn.statusCode == 200 && signedIn.source == .live)
            _ = try await demo.session.run(line: "cookies clear")
            _ = try await demo.session.run(line: "mode live")
            let signedOut = try await demo.session.send("session/me-stored")
            #expect(signedOut.statusCode == 401 && signedOut.source == .live, "the server sees no cookie now")
            _ = try await demo.session.run(line: "mode cache")
            let replayed = try await demo.session.send("session/me-stored")
            #expect(replayed.statusCode == 200 && replayed.source == .cache, "the recorded answer, jar or not")
        }
    }

    @Test("the REPL lists cookies with masked values, deletes one and clears them")
    func replCommand() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "send session/sign-in", "cookies", "cookies delete nothere", "cookies delete session", "cookies",
                "send session/sign-in", "cookies clear 127.0.0.1", "cookies list")
            #expect(run.out.contains("NAME") && run.out.contains("session"), "\(run.out)")
            #expect(run.out.contains("ada.…") && run.out.contains("HttpOnly SameSite=Lax"), "\(run.out)")
            #expect(run.out.range(of: #"ada\.[0-9a-f]{16}"#, options: .regularExpression) == nil, "value masked")
            #expect(run.err.contains("no cookie named 'nothere'"), "\(run.err)")
            #expect(run.out.contains("deleted 1 cookie named session (environment local)"), "\(run.out)")
            #expect(run.out.contains("no cookies (environment local)"), "\(run.out)")
            #expect(run.out.contains("cleared 1 cookie (environment local)"), "\(run.out)")
        }
    }
}
