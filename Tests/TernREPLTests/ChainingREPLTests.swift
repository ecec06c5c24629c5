import Foundation
import TernMock
import Testing

/// The REPL's chaining commands: run, vars, filter, history and rerun, on the demo workspace.
@Suite("REPL: run, vars, filter, rerun")
struct ChainingREPLTests {
    @Test("run sends the login first, vars shows the captured token's source, filter reads the last answer")
    func chain() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("run auth/protected", "vars", "send get-user", "filter $.name")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("✓ auth/protected"), "\(run.out)")
            #expect(run.out.contains("1 spec: 1 passed, 0 failed, 0 errored"), "\(run.out)")
            #expect(run.out.contains("captured from auth/login"), "\(run.out)")
            #expect(run.out.contains("environment local"), "\(run.out)")
            #expect(run.out.contains("✓ 5 expectations held"), "\(run.out)")
            #expect(run.out.contains("\n\"Ada Lovelace\"\n"), "\(run.out)")
            #expect(demo.server.requestCount(path: "/auth/login") == 1)
        }
    }

    @Test("a login → bearer chain recorded live replays whole in cache mode, with the server left alone")
    func chainReplaysOffline() async throws {
        try await DemoSession.with { demo in
            let live = await demo.run("mode live", "run auth")
            #expect(live.status == 0, "\(live.out)\(live.err)")
            let logins = demo.server.requestCount(path: "/auth/login")
            let offline = await demo.run("mode cache", "run auth")
            #expect(offline.status == 0, "\(offline.out)\(offline.err)")
            #expect(offline.out.contains("✓ auth/protected"), "\(offline.out)")
            #expect(offline.out.contains("0 failed, 0 errored"), "\(offline.out)")
            #expect(offline.out.contains("answered from the cache"), "\(offline.out)")
            #expect(demo.server.requestCount(path: "/auth/login") == logins, "nothing was sent")
        }
    }

    @Test("a failed expectation is printed after the response; rerun 1 sends the newest history entry again")
    func failuresAndRerun() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("send checks/wrong-name", "history", "rerun 1", "rerun 99")
            #expect(run.out.contains(#"✗ $.name equals "Grace Hopper" — got "Ada Lovelace""#), "\(run.out)")
            #expect(demo.server.requestCount(path: "/users/1") >= 1)
            #expect(run.err.contains("'rerun N' takes 1 to"), "\(run.err)")
            #expect(run.status == 2 || run.status == 1)
        }
    }

    @Test("vars clear forgets the captured values")
    func clear() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("send auth/login", "vars clear", "vars")
            #expect(run.out.contains("forgot the captured values"), "\(run.out)")
            #expect(!run.out.contains("captured from"), "\(run.out)")
        }
    }
}
