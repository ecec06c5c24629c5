import Foundation
import TernTesting
import Testing

/// The login → capture → bearer journey against httpbin (a server nobody here wrote): it passes live,
/// in normal mode with answers from the cache, and replayed offline; the stored login answer holds the
/// real token, and the HAR export does not.
@Suite("httpbin chain", .serialized, .timeLimit(.minutes(2)))
struct HttpbinChainTests {
    static let token = "token-7f3a91c2e5"

    static func workspace(baseURL: String) throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write(
            "workspace.yaml",
            "name: httpbin chain\ndefaultEnvironment: local\ntargets:\n  bin:\n    baseURL: \"{{baseURL}}\"\n")
        try workspace.write("environments/local.yaml", "baseURL: \(baseURL)\n")
        try workspace.write(
            "specs/auth/login.yaml",
            """
            name: Log in
            target: bin
            method: POST
            path: /anything/login
            body: { json: { user: ada, token: \(token) } }
            capture:
              token: $.json.token
            expect:
              status: 200
              json:
                $.json.token: {type: string, matches: "^token-"}

            """)
        try workspace.write(
            "specs/auth/whoami.yaml",
            """
            name: Bearer
            target: bin
            method: GET
            path: /bearer
            headers: { Authorization: "Bearer {{token}}" }
            requires: [auth/login]
            expect:
              status: 200
              json:
                $.authenticated: true
                $.token: {matches: "^token-"}

            """)
        return workspace
    }

    @Test("live, normal from the cache, then --mode cache with httpbin stopped: every check passes each time")
    func chainReplays() async throws {
        guard Httpbin.python != nil else {
            Issue.record("python3-httpbin is not installed (make deps installs it)")
            return
        }
        try await Httpbin.with { server in
            let workspace = try Self.workspace(baseURL: server.baseURL)
            defer { workspace.remove() }

            let live = try await Tern.run(workspace.arguments("run"))
            #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
            #expect(live.stdout.contains("✓ auth/whoami") && live.stdout.contains("(live)"), "\(live.stdout)")

            let normal = try await Tern.run(workspace.arguments("run", "--mode", "normal"))
            #expect(normal.status == 0, "\(normal.stdout)\(normal.stderr)")
            #expect(
                normal.stdout.contains("3/3 checks  (cache)"), "the bearer answer came from the cache: \(normal.stdout)"
            )

            let stored = try await Tern.run(workspace.arguments("cache", "show", "auth/login"))
            #expect(stored.stdout.contains(Self.token), "the stored answer is what httpbin sent: \(stored.stdout)")

            await server.stop()
            let offline = try await Tern.run(workspace.arguments("run", "--mode", "cache"))
            #expect(offline.status == 0, "\(offline.stdout)\(offline.stderr)")
            #expect(offline.stderr.contains("2 answered from the cache"), "\(offline.stderr)")

            let har = workspace.root.appendingPathComponent("chain.har")
            let export = try await Tern.run(workspace.arguments("cache", "export", har.path))
            #expect(export.status == 0, "\(export.stderr)")
            let data = try Data(contentsOf: har)
            #expect(data.range(of: Data(Self.token.utf8)) == nil, "the captured token is masked in the export")
            #expect(String(decoding: data, as: UTF8.self).contains("/anything/login"))
        }
    }

    @Test("a cookie set by httpbin's 302 is kept and sent on; the redirect limit is reported and raised")
    func redirectsWithCookies() async throws {
        guard Httpbin.python != nil else {
            Issue.record("python3-httpbin is not installed (make deps installs it)")
            return
        }
        try await Httpbin.with { server in
            let workspace = try Self.workspace(baseURL: server.baseURL)
            defer { workspace.remove() }
            try workspace.write(
                "specs/cookies/set.yaml",
                "name: Set a cookie\ntarget: bin\nmethod: GET\npath: /cookies/set\nquery: { flavour: oatmeal }\n")
            try workspace.write(
                "specs/hops/seven.yaml", "name: Seven\ntarget: bin\nmethod: GET\npath: /redirect/7\n")
            try workspace.write(
                "specs/hops/twelve.yaml", "name: Twelve\ntarget: bin\nmethod: GET\npath: /redirect/12\n")

            let set = try await Tern.run(workspace.arguments("send", "cookies/set", "--include"))
            #expect(set.status == 0, "\(set.stderr)")
            #expect(set.stdout.contains("302 Found"), "the hop is shown: \(set.stdout)")
            #expect(set.stdout.contains(#""flavour":"oatmeal""#), "the next hop carried the cookie: \(set.stdout)")
            let jar = try await Tern.run(workspace.arguments("cookies"))
            #expect(jar.stdout.contains("flavour"), "the jar kept it: \(jar.stdout)\(jar.stderr)")

            let seven = try await Tern.run(workspace.arguments("send", "hops/seven", "--events", "json"))
            #expect(seven.status == 0, "\(seven.stderr)")
            #expect(seven.events.filter { $0["event"] as? String == "redirect" }.count == 7)

            let twelve = try await Tern.run(workspace.arguments("send", "hops/twelve"))
            #expect(twelve.status == 1)
            #expect(
                twelve.stderr.contains(
                    "gave up after 10 redirects (limit 10; --max-redirects or handler.redirects.max raises it)"),
                "\(twelve.stderr)")
            let raised = try await Tern.run(workspace.arguments("send", "hops/twelve", "--max-redirects", "12"))
            #expect(raised.status == 0, "\(raised.stderr)")
            let raw = try await Tern.run(workspace.arguments("send", "hops/twelve", "--no-follow", "--include"))
            #expect(raw.status == 0, "\(raw.stderr)")
            #expect(raw.stdout.hasPrefix("HTTP/1.1 302"), "\(raw.stdout)")
        }
    }
}
