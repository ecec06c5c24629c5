import Foundation
import Tern
import TernExplorer
import TernExplorerStorage
import TernSQLite
import TernTesting
import TernWorkspace
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chaining: captures and dependencies")
struct ChainingTests {
    @Test("a spec that requires the login gets it sent first and uses the captured token")
    func loginThenProtected() async throws {
        try await withFolder { folder in
            let workspace = try ChainWorkspace.make(in: folder, specs: ChainWorkspace.authSpecs())
            try await withMockServer { server in
                let session = try workspace.session(server: server)
                let checked = try await session.sendChecked("auth/protected")
                #expect(checked.dependencies == ["auth/login"])
                #expect(checked.response.statusCode == 200)
                #expect(checked.failures.isEmpty, "\(checked.failures)")
                let captured = await session.capturedValues()
                #expect(captured["token"]?.value == "token-0")
                #expect(captured["token"]?.spec == "auth/login")
                #expect(captured["session"]?.value == "token-0")
                #expect(captured["loginStatus"]?.value == "200")
                #expect(server.requestCount(path: "/auth/login") == 1)
                let file = workspace.root.appendingPathComponent(".tern/captures.json")
                let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
                #expect(mode == 0o600)
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.contains("\"token\""))
            }
        }
    }

    @Test("captured values survive a restart; whenMissing does not send the login again")
    func capturedValuesPersist() async throws {
        try await withFolder { folder in
            let workspace = try ChainWorkspace.make(in: folder, specs: ChainWorkspace.authSpecs())
            try await withMockServer { server in
                _ = try await workspace.session(server: server).sendChecked("auth/protected")
                let restarted = try workspace.session(server: server)
                #expect(await restarted.capturedValues()["token"]?.value == "token-0")
                let checked = try await restarted.sendChecked("auth/protected")
                #expect(checked.dependencies.isEmpty)
                #expect(checked.response.statusCode == 200)
                #expect(server.requestCount(path: "/auth/login") == 1)
            }
        }
    }

    @Test("policies: always resends, never does not, whenExpired resends an expired answer")
    func policies() async throws {
        try await withFolder { folder in
            let always = try ChainWorkspace.make(in: folder, specs: ChainWorkspace.authSpecs(policy: "always"))
            try await withMockServer { server in
                let session = try always.session(server: server)
                _ = try await session.sendChecked("auth/protected")
                let second = try await session.sendChecked("auth/protected")
                #expect(second.dependencies == ["auth/login"])
                #expect(server.requestCount(path: "/auth/login") == 2)
            }
        }
        try await withFolder { folder in
            let never = try ChainWorkspace.make(in: folder, specs: ChainWorkspace.authSpecs(policy: "never"))
            try await withMockServer { server in
                let session = try never.session(server: server)
                await #expect(throws: ExplorerError.self) { _ = try await session.sendChecked("auth/protected") }
                #expect(server.requestCount(path: "/auth/login") == 0)
            }
        }
        try await withFolder { folder in
            let specs = ChainWorkspace.authSpecs(policy: "whenExpired", loginValidFor: "validFor: 0")
            let expiring = try ChainWorkspace.make(in: folder, specs: specs)
            try await withMockServer { server in
                let session = try expiring.session(server: server)
                _ = try await session.sendChecked("auth/protected")
                let second = try await session.sendChecked("auth/protected")
                #expect(second.dependencies == ["auth/login"])
                #expect(server.requestCount(path: "/auth/login") == 2)
            }
        }
    }

    @Test("a refreshed token is captured and wins over the environment's value")
    func refreshRotatesTheToken() async throws {
        try await withFolder { folder in
            var specs = ChainWorkspace.authSpecs()
            specs["auth/refresh.yaml"] = "target: api\nmethod: POST\npath: /auth/refresh\ncapture:\n  token: $.token\n"
            let workspace = try ChainWorkspace.make(in: folder, specs: specs)
            try ChainWorkspace.write(workspace.root, "environments/local.yaml", "baseURL: x\nuser: ada\ntoken: stale\n")
            try await withMockServer { server in
                let session = try workspace.session(server: server)
                _ = try await session.sendChecked("auth/refresh")
                #expect(await session.capturedValues()["token"]?.value == "token-1")
                let checked = try await session.sendChecked("auth/protected")
                #expect(checked.response.statusCode == 200, "the captured token-1 is sent, not the stale one")
            }
        }
    }

    @Test("a 401 after an earlier login sends the login again, once, and the spec with the new token")
    func expiredTokenRenewed() async throws {
        try await withFolder { folder in
            let workspace = try ChainWorkspace.make(in: folder, specs: ChainWorkspace.authSpecs())
            try await withMockServer { server in
                let session = try workspace.session(server: server, mode: .live)
                _ = try await session.sendChecked("auth/protected")
                // The server rotates its token behind the client's back: the captured one is stale.
                var rotate = URLRequest(url: server.baseURL.appendingPathComponent("auth/refresh"))
                rotate.httpMethod = "POST"
                _ = try await URLSession.shared.data(for: rotate)
                let checked = try await session.sendChecked("auth/protected")
                #expect(checked.dependencies == ["auth/login"])
                #expect(checked.response.statusCode == 200)
                #expect(await session.capturedValues()["token"]?.value == "token-1")
                #expect(server.requestCount(path: "/auth/login") == 2)
                #expect(server.requestCount(path: "/auth/protected") == 3, "one 200, one 401, one 200")
            }
        }
    }

    @Test("what a required spec failed to capture is a warning of the send, named with that spec")
    func dependencyCaptureMissesAreSaid() async throws {
        try await withFolder { folder in
            var specs = ChainWorkspace.authSpecs()
            specs["auth/login.yaml"] = specs["auth/login.yaml"]?.replacingOccurrences(
                of: "  loginStatus: status", with: "  loginStatus: status\n  refresh: $.refreshToken")
            let workspace = try ChainWorkspace.make(in: folder, specs: specs)
            try await withMockServer { server in
                let checked = try await workspace.session(server: server).sendChecked("auth/protected")
                #expect(checked.dependencies == ["auth/login"])
                #expect(
                    checked.captureMisses.contains { $0.hasPrefix("auth/login: capture 'refresh': ") },
                    "\(checked.captureMisses)")
                // The REPL's and the TUI's `send` carry them as warnings (a fresh session: login is sent again).
                try FileManager.default.removeItem(at: workspace.root.appendingPathComponent(".tern/captures.json"))
                let output = try await workspace.session(server: server).run(.send("auth/protected"))
                guard case .response(_, _, let warnings) = output else {
                    Issue.record("not a response: \(output)")
                    return
                }
                #expect(warnings.contains { $0.hasPrefix("auth/login: capture 'refresh': ") }, "\(warnings)")
            }
        }
    }

    @Test("a cycle of requires is an error naming the cycle")
    func cycle() async throws {
        try await withFolder { folder in
            let workspace = try ChainWorkspace.make(
                in: folder,
                specs: [
                    "a.yaml": "target: api\nmethod: GET\npath: /status/200\nrequires: [b]\n",
                    "b.yaml": "target: api\nmethod: GET\npath: /status/200\nrequires: [c]\n",
                    "c.yaml": "target: api\nmethod: GET\npath: /status/200\nrequires: [a]\n",
                ])
            try await withMockServer { server in
                let session = try workspace.session(server: server)
                let error = await #expect(throws: ExplorerError.self) { _ = try await session.sendChecked("a") }
                #expect(error?.message.contains("a → b → c → a") == true, "\(String(describing: error))")
                #expect(server.requestCount(path: "/status/200") == 0)
            }
        }
    }

    @Test("a requires chain 100 deep runs in dependency order, and a cycle 90 long is still found")
    func deepChains() async throws {
        try await withFolder { folder in
            var specs: [String: String] = [:]
            for index in 0..<100 {
                let requires = index < 99 ? "requires: [s\(String(format: "%03d", index + 1))]\n" : ""
                specs[String(format: "s%03d.yaml", index)] =
                    "target: api\nmethod: GET\npath: /status/200\n" + requires
            }
            let workspace = try ChainWorkspace.make(in: folder, specs: specs)
            let session = try workspace.session(baseURL: "http://127.0.0.1:9")
            let order = try await session.runOrder([])
            #expect(order == (0..<100).reversed().map { String(format: "s%03d", $0) })

            var looped = specs
            looped["s089.yaml"] = "target: api\nmethod: GET\npath: /status/200\nrequires: [s000]\n"
            let cyclic = try ChainWorkspace.make(in: folder, specs: looped)
            let error = await #expect(throws: ExplorerError.self) {
                _ = try await cyclic.session(baseURL: "http://127.0.0.1:9").runOrder([])
            }
            #expect(error?.message.contains("s000 → s001 → ") == true, "\(String(describing: error))")
            #expect(error?.message.hasSuffix("s089 → s000") == true)
        }
    }

    @Test("offline, a dependency is answered from the cache with no server at all")
    func offlineChain() async throws {
        try await withFolder { folder in
            let workspace = try ChainWorkspace.make(in: folder, specs: ChainWorkspace.authSpecs(policy: "always"))
            let port = try await withMockServer { server in
                _ = try await workspace.session(server: server).sendChecked("auth/protected")
                return server.baseURL.absoluteString
            }
            let offline = try workspace.session(baseURL: port, mode: .cache)
            let checked = try await offline.sendChecked("auth/protected")
            #expect(checked.dependencies == ["auth/login"])
            #expect(checked.response.source == .cache)
            #expect(checked.failures.isEmpty)
        }
    }

    @Test("a captured credential is redacted where the request is recorded and masked by show")
    func capturedSecretsAreRedacted() async throws {
        try await withFolder { folder in
            var specs = ChainWorkspace.authSpecs()
            specs["echo.yaml"] =
                "target: api\nmethod: GET\npath: /echo\nquery:\n  access_token: \"{{token}}\"\nrequires: [auth/login]\n"
            let workspace = try ChainWorkspace.make(in: folder, specs: specs)
            try await withMockServer { server in
                let session = try workspace.session(server: server)
                let checked = try await session.sendChecked("echo")
                #expect(checked.response.statusCode == 200)
                let history = try await SQLiteStorage(path: workspace.root.appendingPathComponent(".tern/cache.sqlite"))
                    .history()
                let echo = try #require(history.first { $0.spec == "echo" })
                #expect(!echo.url.contains("token-0"), "\(echo.url)")
                #expect(echo.request?.url.contains("token-0") == false)
                _ = try await session.run(.use("echo"))
                guard case .request(let shown, _, _) = try await session.run(.show) else {
                    Issue.record("show printed no request")
                    return
                }
                #expect(!shown.url.absoluteString.contains("token-0"), "\(shown.url)")
                let rows = await session.variableRows()
                #expect(rows.first { $0.name == "token" }?.value.contains("token-0") == false)
            }
        }
    }

    @Test("a capture that finds nothing is reported and keeps the old value")
    func captureMiss() async throws {
        try await withFolder { folder in
            let workspace = try ChainWorkspace.make(
                in: folder,
                specs: [
                    "one.yaml":
                        "target: api\nmethod: GET\npath: /users/1\ncapture:\n  name: $.name\n  nope: $.missing\n"
                ]
            )
            try await withMockServer { server in
                let session = try workspace.session(server: server)
                let checked = try await session.sendChecked("one")
                #expect(checked.captured["name"] != nil)
                #expect(checked.captureMisses == ["capture 'nope': $.missing selects nothing"])
            }
        }
    }
}
