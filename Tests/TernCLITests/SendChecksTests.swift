import Foundation
import TernTesting
import Testing

/// `tern send` with chaining: dependencies, failed expectations on stderr, `--fail`, `--filter`.
@Suite("tern send: expectations and filters")
struct SendChecksTests {
    @Test("a failed expectation is printed on stderr; with --fail it exits 4")
    func expectationFailure() async throws {
        try await withDemo { demo in
            try RunCommandTests.writeChain(demo)
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let plain = try await Tern.run(demo.arguments(["send", "chain/wrong"] + base))
            #expect(plain.status == 0)
            #expect(plain.stderr.contains(#"tern: ✗ $.name equals "Nobody" — got "#), "\(plain.stderr)")
            let failing = try await Tern.run(demo.arguments(["send", "chain/wrong", "--fail"] + base))
            #expect(failing.status == 4)
            let chained = try await Tern.run(demo.arguments(["send", "chain/a-protected", "--fail"] + base))
            #expect(chained.status == 0, "the login is sent first: \(chained.stderr)")
            #expect(chained.stdout.contains("\"ok\""), "\(chained.stdout)")
        }
    }

    @Test("--filter prints each selected node as a JSON line; a bad expression exits 2")
    func filter() async throws {
        try await withDemo { demo in
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let list = try await Tern.run(demo.arguments(["send", "list-users", "--filter", "$[*].id"] + base))
            #expect(list.status == 0, "\(list.stderr)")
            let lines = list.stdout.split(separator: "\n").map(String.init)
            #expect(!lines.isEmpty && lines.allSatisfy { Int($0) != nil }, "\(list.stdout)")
            let name = try await Tern.run(demo.arguments(["send", "get-user", "--filter", "$.name"] + base))
            #expect(name.stdout.hasPrefix("\""), "\(name.stdout)")
            let bad = try await Tern.run(demo.arguments(["send", "get-user", "--filter", "$.[oops"] + base))
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--filter"), "\(bad.stderr)")
        }
    }

    @Test(
        "expect.timing: a kept budget passes, a broken one exits 4 naming the phase; offline, budgets are not judged"
    )
    func timingBudgets() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/timed/quick.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  status: 200\n"
                    + "  timing: {totalMs: {lt: 60000}, firstByteMs: {gte: 0}, tlsMs: 60000}\n")
            try demo.write(
                "specs/timed/slow.yaml",
                "target: api\nmethod: GET\npath: /users/2\nexpect:\n  timing:\n    totalMs: {gt: 60000}\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let quick = try await Tern.run(demo.arguments(["send", "timed/quick", "--fail"] + base))
            #expect(quick.status == 0, "\(quick.stderr)")
            let slow = try await Tern.run(demo.arguments(["send", "timed/slow", "--fail"] + base))
            #expect(slow.status == 4, "\(slow.stderr)")
            #expect(slow.stderr.contains("tern: ✗ totalMs > 60000 ms — got "), "\(slow.stderr)")
            // The same chain from the cache, the server gone: answered, not timed, and it passes.
            try await server.shutdown()
            let junit = demo.root.appendingPathComponent("timed.xml").path
            let replay = try await Tern.run(
                demo.arguments(["run", "timed", "--mode", "cache", "--report", "junit:\(junit)"] + base))
            #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
            let report = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(report.contains("failures=\"0\""), "\(report)")
        }
    }
}
