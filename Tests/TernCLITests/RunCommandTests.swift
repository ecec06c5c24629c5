import Foundation
import TernTesting
import Testing

/// `tern run`: a collection in dependency order, expectations, exit codes and reports CI reads.
@Suite("tern run")
struct RunCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TernExplorerTests/Fixtures/junit")

    /// A `chain` group: a login, a protected request that requires it, and a check that fails on purpose.
    static func writeChain(_ demo: TemporaryWorkspace) throws {
        try demo.write(
            "specs/chain/a-protected.yaml",
            "target: api\nmethod: GET\npath: /auth/protected\nheaders:\n  Authorization: Bearer {{token}}\n"
                + "requires: [chain/login]\nexpect:\n  status: 200\n  json:\n    $.ok: true\n")
        try demo.write(
            "specs/chain/login.yaml",
            "target: api\nmethod: POST\npath: /auth/login\nbody:\n  json: {username: ada, password: tern}\n"
                + "capture:\n  token: $.token\nexpect:\n  status: 200\n")
        try demo.write(
            "specs/chain/wrong.yaml",
            "target: api\nmethod: GET\npath: /users/1\nexpect:\n  status: 2xx\n  json:\n    $.name: Nobody\n"
                + "    $.id: {type: integer}\n")
    }

    @Test("dependencies run first; a failed expectation exits 4; the JUnit report is valid and parses")
    func runWithReports() async throws {
        try await withDemo { demo in
            try Self.writeChain(demo)
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let junit = demo.root.appendingPathComponent("report.xml").path
            let json = demo.root.appendingPathComponent("report.json").path
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let run = try await Tern.run(
                demo.arguments(["run", "chain", "--report", "junit:\(junit)", "--report", "json:\(json)"] + base))
            #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("✓ chain/login") == true, "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("✓ chain/a-protected") }, "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("✗ chain/wrong") }, "\(run.stdout)")
            #expect(run.stdout.contains(#"✗ $.name equals "Nobody" — got "#), "\(run.stdout)")
            #expect(run.stderr.contains("3 specs: 2 passed, 1 failed, 0 errored"), "\(run.stderr)")
            #expect(server.requestCount(path: "/auth/login") == 1)

            let schema = Self.fixtures.appendingPathComponent("JUnit.xsd").path
            let lint = try await ChildProcess.run("/usr/bin/xmllint", ["--noout", "--schema", schema, junit])
            #expect(lint.status == 0, "\(lint.text)")
            let script = """
                import sys
                from junitparser import JUnitXml
                xml = JUnitXml.fromfile(sys.argv[1])
                for suite in xml:
                    for case in suite:
                        results = [type(r).__name__ + ':' + (r.message or '') for r in case.result]
                        print(suite.name, case.name, ','.join(results) or 'passed')
                """
            let parsed = try await ChildProcess.run("/usr/bin/python3", ["-c", script, junit])
            #expect(parsed.status == 0, "\(parsed.text)")
            let rows = Set(parsed.text.split(separator: "\n").map(String.init))
            #expect(rows.contains("chain chain/login passed"), "\(parsed.text)")
            #expect(rows.contains("chain chain/a-protected passed"), "\(parsed.text)")
            #expect(rows.contains(#"chain chain/wrong Failure:$.name equals "Nobody""#), "\(parsed.text)")

            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
            let summary = try #require((report as? [String: Any])?["summary"] as? [String: Any])
            #expect(summary["passed"] as? Int == 2 && summary["failed"] as? Int == 1)
        }
    }

    @Test("offline, --mode cache replays the whole collection with no server")
    func offlineRun() async throws {
        try await withDemo { demo in
            try Self.writeChain(demo)
            let server = try await MockServer.start()
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let live = try await Tern.run(demo.arguments(["run", "chain/login", "chain/a-protected"] + base))
            #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
            try await server.shutdown()
            let offline = try await Tern.run(
                demo.arguments(["run", "chain/login", "chain/a-protected", "--mode", "cache"] + base))
            #expect(offline.status == 0, "\(offline.stdout)\(offline.stderr)")
            #expect(offline.stdout.contains("(cache)"), "\(offline.stdout)")
            let missing = try await Tern.run(demo.arguments(["run", "chain/wrong", "--mode", "cache"] + base))
            #expect(missing.status == 1, "nothing stored for it: no response\n\(missing.stdout)\(missing.stderr)")
            #expect(missing.stdout.hasPrefix("! chain/wrong"), "\(missing.stdout)")
        }
    }

    @Test("--bail stops at the first failure; --repeat runs the collection again; usage errors exit 2")
    func bailRepeatUsage() async throws {
        try await withDemo { demo in
            try Self.writeChain(demo)
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            try demo.write("specs/chain/b-fails.yaml", "target: api\nmethod: GET\npath: /status/500\n")
            let bail = try await Tern.run(demo.arguments(["run", "chain", "--bail"] + base))
            #expect(bail.status == 4)
            #expect(bail.stdout.contains("✗ status below 400 — got 500"), "\(bail.stdout)")
            #expect(!bail.stdout.contains("chain/wrong"), "the run stopped before it: \(bail.stdout)")
            #expect(bail.stderr.contains("3 specs: 2 passed, 1 failed"), "\(bail.stderr)")
            let repeated = try await Tern.run(demo.arguments(["run", "chain/login", "--repeat", "3"] + base))
            #expect(repeated.status == 0)
            #expect(server.requestCount(path: "/auth/login") == 4, "once for the bailed run, three times here")
            for arguments in [["--report", "xml:out"], ["--repeat", "0"], ["nosuchspec"]] {
                let usage = try await Tern.run(demo.arguments(["run"] + arguments + base))
                #expect(usage.status == 2, "\(arguments): \(usage.stderr)")
            }
        }
    }
}
