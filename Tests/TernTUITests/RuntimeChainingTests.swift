import Foundation
import Tern
import TernHTTPClient
import TernScreen
import TernTesting
import TernWorkspace
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The chaining views driven through the runtime against a real session, SQLite cache and the
/// mock server: a run with captures and a failing check, the filter line, the Vars tab, history.
@Suite(.serialized) struct RuntimeChainingTests {
    static func workspace() throws -> URL {
        let files = [
            "workspace.yaml": "name: Chaining\ntargets:\n  api:\n    baseURL: \"{{mock}}\"\n",
            "specs/auth/login.yaml": """
            method: POST
            path: /auth/login
            body: { json: { username: ada, password: tern } }
            capture: { token: $.token }
            expect: { status: 200 }
            """,
            "specs/auth/wrong-name.yaml": """
            method: GET
            path: /users/1
            expect: { status: 2xx, json: { $.name: Grace Hopper } }
            """,
            "specs/users.yaml": "method: GET\npath: /users\n",
        ]
        return try temporaryWorkspace(files)
    }

    @Test func aRunShowsItsResultsOpensResponsesAndFeedsTheVarsTabAndHistory() async throws {
        let server = try await MockServer.start()
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try RuntimeTests.session(root: root, server: server)
        let seen = await UIThread.run { () -> [String: String] in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            var seen: [String: String] = [:]
            func keys(_ keys: [Key]) { for key in keys { runtime.dispatch(.key(key)) } }
            runtime.waitUntil { $0.snapshot != nil }
            keys([.character(":")] + typing("run auth") + [.enter])
            seen["ran"] = String(runtime.waitUntil { $0.runResults != nil && $0.runProgress == nil })
            seen["results"] = terminal.frame?.text
            seen["responses"] = runtime.current.runResults?.responses.keys.sorted().joined(separator: ",")
            // The failing spec is selected; Enter shows the run's response with its checks.
            keys([.enter, .character("[")])
            runtime.waitUntil { $0.responsePane.view?.title == "auth/wrong-name" }
            seen["checks"] = terminal.frame?.text
            keys([.character("]"), .character("f")] + typing("$.name") + [.enter])
            runtime.waitUntil { $0.responsePane.filter?.matches != nil }
            seen["filtered"] = runtime.current.responsePane.filter?.matches?.joined(separator: "|")
            keys([.character(":")] + typing("use auth/login") + [.enter])
            runtime.waitUntil { $0.snapshot?.selected?.id == "auth/login" }
            keys([.character(":")] + typing("vars") + [.enter])
            runtime.waitUntil { $0.requestEditor.variableRows?.contains { $0.name == "token" } == true }
            seen["vars"] = terminal.frame?.text
            keys([.character("H")])
            runtime.waitUntil { $0.history?.isOpen == true }
            seen["history"] = terminal.frame?.text
            keys([.enter])
            runtime.waitUntil { $0.responsePane.view?.title.hasPrefix("history:") == true }
            seen["entry"] = runtime.current.responsePane.view?.requestLines.joined(separator: "\n")
            return seen
        }
        try await server.shutdown()

        #expect(seen["ran"] == "true")
        let results = try #require(seen["results"])
        #expect(results.contains("✓ auth/login"))
        #expect(results.contains("✗ auth/wrong-name"))
        #expect(results.contains("2 specs: 1 passed, 1 failed"))
        #expect(seen["responses"] == "auth/login,auth/wrong-name")
        let checks = try #require(seen["checks"])
        #expect(checks.contains("✗ $.name equals \"Grace Hopper\"") || checks.contains("✗ $.name"))
        #expect(checks.contains("✓ status"))
        #expect(seen["filtered"] == "\"Ada Lovelace\"")
        let vars = try #require(seen["vars"])
        #expect(vars.contains("captured from auth/login"))
        let history = try #require(seen["history"])
        #expect(history.contains("auth/wrong-name") && history.contains("auth/login"))
        let entry = try #require(seen["entry"])
        #expect(entry.hasPrefix("GET http://127.0.0.1:"), "the request as recorded")
        #expect(entry.contains("/users/1"))
        #expect(entry.contains("answer stored under the key"), "the send's own answer, by its cache key")
    }

    @Test func escStopsARunAfterTheSpecBeingSent() async throws {
        let server = try await MockServer.start()
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try "method: GET\npath: /delay/5000\n".write(
            to: root.appendingPathComponent("specs/auth/a-slow.yaml"), atomically: true, encoding: .utf8)
        let session = try RuntimeTests.session(root: root, server: server)
        let outcome = await UIThread.run { () -> (progress: String?, results: [SpecRunResult]?) in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            runtime.waitUntil { $0.snapshot != nil }
            for key in [.character(":")] + typing("run auth") + [.enter] { runtime.dispatch(.key(key)) }
            runtime.waitUntil { $0.runProgress?.current == "auth/a-slow" }
            let progress = runtime.current.status?.text
            runtime.dispatch(.key(.escape))
            runtime.waitUntil { $0.runResults != nil }
            return (progress, runtime.current.runResults?.summary.results)
        }
        try await server.shutdown()
        #expect(outcome.progress == "running 1/3… (auth/a-slow) Esc cancels")
        let results = try #require(outcome.results)
        #expect(results.map(\.id) == ["auth/a-slow"], "the run stops after the spec it was sending")
        #expect(results.first?.outcome == .errored)
    }
}
