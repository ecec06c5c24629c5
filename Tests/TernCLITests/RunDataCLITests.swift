import Foundation
import TernTesting
import Testing

/// `tern run --data FILE`: the collection once per row, the row's fields as variables, reports by row,
/// offline replay of the rows, and malformed files said at their line and column.
@Suite("tern run --data")
struct RunDataCLITests {
    /// A `rows` group: a login as the row's user that expects the row's status, and a protected
    /// request that requires it.
    static func writeRows(_ demo: TemporaryWorkspace) throws {
        try demo.write(
            "specs/rows/a-login.yaml",
            "target: api\nmethod: POST\npath: /auth/login\n"
                + "body:\n  json: {username: '{{user}}', password: '{{password}}'}\n"
                + "capture:\n  token: $.token\nexpect:\n  status: '{{status}}'\n")
        try demo.write(
            "specs/rows/b-me.yaml",
            "target: api\nmethod: GET\npath: /echo?u={{user}}\nheaders:\n  Authorization: Bearer {{token}}\n"
                + "requires: [rows/a-login]\nexpect:\n  json:\n    $.queryItems[0][1]: '{{user}}'\n")
    }

    @Test("each row logs in as its user and checks its status; JUnit and JSON reports go by row")
    func rowsAndReports() async throws {
        try await withDemo { demo in
            try Self.writeRows(demo)
            try demo.write(
                "rows.csv", "name,user,password,status\nada,ada,tern,200\n,grace,tern,200\nmallory,mallory,nope,401\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let junit = demo.root.appendingPathComponent("report.xml").path
            let json = demo.root.appendingPathComponent("report.json").path
            let run = try await Tern.run(
                demo.arguments([
                    "run", "rows", "--data", demo.root.appendingPathComponent("rows.csv").path,
                    "--var", "baseURL=\(server.baseURL.absoluteString)", "--report", "junit:\(junit)",
                    "--report", "json:\(json)",
                ]))
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count { $0.hasPrefix("✓ rows/a-login [ada]") } == 1, "\(run.stdout)")
            #expect(lines.count { $0.hasPrefix("✓ rows/b-me [ada]") } == 1, "\(run.stdout)")
            #expect(lines.count { $0.hasPrefix("✓ rows/b-me [row 2]") } == 1, "a row without a name: \(run.stdout)")
            #expect(lines.count { $0.hasPrefix("✓ rows/a-login [mallory]") } == 1, "401 was expected: \(run.stdout)")
            // Mallory's login gave no token, and the earlier rows' tokens are not hers.
            #expect(lines.count { $0.hasPrefix("! rows/b-me [mallory]") } == 1, "\(run.stdout)")
            #expect(run.stdout.contains("rows/a-login, which rows/b-me requires, answered 401 for this row"))
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("2 specs × 3 rows: 5 passed, 0 failed, 1 errored"), "\(run.stderr)")
            #expect(server.requestCount(path: "/auth/login") == 3, "once per row, not again for b-me")

            let schema = RunCommandTests.fixtures.appendingPathComponent("JUnit.xsd").path
            let lint = try await ChildProcess.run("/usr/bin/xmllint", ["--noout", "--schema", schema, junit])
            #expect(lint.status == 0, "\(lint.text)")
            let script = """
                import sys
                from junitparser import JUnitXml
                for suite in JUnitXml.fromfile(sys.argv[1]):
                    for case in suite:
                        print(case.name, ','.join(type(r).__name__ for r in case.result) or 'passed')
                """
            let parsed = try await ChildProcess.run("/usr/bin/python3", ["-c", script, junit])
            #expect(
                parsed.text.split(separator: "\n").map(String.init) == [
                    "rows/a-login [ada] passed", "rows/b-me [ada] passed", "rows/a-login [row 2] passed",
                    "rows/b-me [row 2] passed", "rows/a-login [mallory] passed", "rows/b-me [mallory] Error",
                ], "\(parsed.text)")

            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            let rows = try #require(report["rows"] as? [[String: Any]])
            #expect(rows.map { $0["name"] as? String } == ["ada", "row 2", "mallory"])
            #expect(rows.map { $0["row"] as? Int } == [1, 2, 3])
            #expect(rows.map { $0["errored"] as? Int } == [0, 0, 1])
            #expect(rows.map { ($0["results"] as? [Any])?.count } == [2, 2, 2])
            #expect(report["results"] == nil, "a data run's results are under their rows")
        }
    }

    @Test("rows replay offline with --mode cache; a row never sent is a miss; --var wins over a row's field")
    func offlineRows() async throws {
        try await withDemo { demo in
            try Self.writeRows(demo)
            let data = demo.root.appendingPathComponent("rows.jsonl").path
            try demo.write(
                "rows.jsonl",
                #"{"name": "ada", "user": "ada", "password": "tern", "status": 200}"# + "\n"
                    + #"{"name": "grace", "user": "grace", "password": "tern", "status": "2xx"}"# + "\n")
            let server = try await MockServer.start()
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let live = try await Tern.run(demo.arguments(["run", "rows", "--data", data] + base))
            #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
            try await server.shutdown()

            let offline = try await Tern.run(demo.arguments(["run", "rows", "--data", data, "--mode", "cache"] + base))
            #expect(offline.status == 0, "\(offline.stdout)\(offline.stderr)")
            #expect(offline.stdout.contains("✓ rows/b-me [grace]"), "\(offline.stdout)")
            #expect(offline.stderr.contains("4 answered from the cache"), "\(offline.stderr)")

            try demo.write(
                "rows.jsonl", #"{"name": "zed", "user": "zed", "password": "tern", "status": 200}"# + "\n")
            let miss = try await Tern.run(demo.arguments(["run", "rows", "--data", data, "--mode", "cache"] + base))
            #expect(miss.status == 1, "zed was never sent: \(miss.stdout)")
            #expect(miss.stdout.contains("! rows/a-login [zed]"), "\(miss.stdout)")

            // --var is over the row: every row logs in as ada, whose answers are stored.
            try demo.write("rows.jsonl", #"{"name": "zed", "user": "zed", "password": "tern", "status": 200}"#)
            let pinned = try await Tern.run(
                demo.arguments(["run", "rows", "--data", data, "--mode", "cache", "--var", "user=ada"] + base))
            #expect(pinned.status == 0, "\(pinned.stdout)\(pinned.stderr)")
        }
    }

    @Test("a secret a check compares with is masked in the run's lines and reports")
    func secretInCheck() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/rows/secret.yaml",
                "target: api\nmethod: GET\npath: /users/1\nexpect:\n  json:\n    $.name: '{{env:API_SECRET}}'\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let json = demo.root.appendingPathComponent("report.json").path
            let run = try await Tern.run(
                demo.arguments([
                    "run", "rows/secret", "--var", "baseURL=\(server.baseURL.absoluteString)", "--report",
                    "json:\(json)",
                ]), environment: ["API_SECRET": "s3cr3t-value"])
            #expect(run.status == 4)
            #expect(!run.stdout.contains("s3cr3t-value"), "\(run.stdout)")
            #expect(!(try String(contentsOfFile: json, encoding: .utf8)).contains("s3cr3t-value"))
        }
    }

    @Test("a malformed or missing data file exits 2 with its line and column, before anything is sent")
    func malformed() async throws {
        try await withDemo { demo in
            try Self.writeRows(demo)
            try demo.write("bad.csv", "name,user\nada,ada\ngrace\n")
            let bad = demo.root.appendingPathComponent("bad.csv").path
            let run = try await Tern.run(demo.arguments(["run", "rows", "--data", bad]))
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(bad):3:1: this row has 1 field; the header has 2"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            let missing = try await Tern.run(demo.arguments(["run", "--data", "nope.csv"]))
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("cannot read the data file 'nope.csv': no such file"), "\(missing.stderr)")
        }
    }

    /// An HTTP server (Python's) on 127.0.0.1 that answers every request 200 and counts them in a file; at the
    /// first request it writes `9"` over the `n` field of row 90 of the CSV data file, in place.
    static let rewritingServer = #"""
        import http.server, sys
        data_file, counts = sys.argv[1], sys.argv[2]
        seen = [0]
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def do_GET(self):
                seen[0] += 1
                if seen[0] == 1:
                    with open(data_file, "r+b") as f:
                        text = f.read()
                        f.seek(text.index(b"\nr90,90,") + 5)
                        f.write(b'9"')
                with open(counts, "w") as f: f.write(str(seen[0]))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()
        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    @Test("the rows are read as the run goes: a row that turns malformed mid-run stops the run at its line")
    func streamsRows() async throws {
        try await withDemo { demo in
            try demo.write("specs/rows/hit.yaml", "target: api\nmethod: GET\npath: /hit?n={{n}}\n")
            // 100 rows of about 2 KB: row 90 is far past the first 64 KiB the reader takes.
            let pad = String(repeating: "p", count: 2000)
            let rows = (1...100).map { "r\($0),\($0),\(pad)\n" }.joined()
            try demo.write("big.csv", "name,n,pad\n" + rows)
            let file = demo.root.appendingPathComponent("big.csv").path
            let counts = demo.root.appendingPathComponent("counts.txt").path
            let server = try ChildProcess(
                "/usr/bin/python3", ["-c", Self.rewritingServer, file, counts], output: .pipe, error: .null)
            defer { server.terminate() }
            let port = try #require(await ChildProcess.line(from: server.standardOutput))
            let run = try await Tern.run(
                demo.arguments(["run", "rows/hit", "--data", file, "--var", "baseURL=http://127.0.0.1:\(port)"]))
            // The file was whole when it was checked; row 90 (line 91) was read after row 1 had run.
            #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("big.csv:91:6: a quote inside an unquoted field"), "\(run.stderr)")
            #expect(
                try String(contentsOfFile: counts, encoding: .utf8) == "89", "rows 1 to 89 ran, then the run stopped")
        }
    }
}

/// The TUI's data runs: `D` on a group in the tree opens `:run GROUP --data `, for the file's name.
@Suite("A data run in the TUI", .serialized)
struct RunDataTUITests {
    @Test(
        "D on a group, a file's name, Enter: the results list each spec per row, Enter opens a row's answer",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func dataRunInTheTUI(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            try RunDataCLITests.writeRows(workspace)
            try workspace.write("rows.csv", "name,user,password,status\nada,ada,tern,200\ngrace,grace,tern,200\n")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type("/", "rows", "Enter", "h", "D")
            try await tmux.waitFor(":run rows --data")
            try await tmux.type(workspace.root.appendingPathComponent("rows.csv").path, "Enter")
            let lines = ["✓ rows/a-login [ada]", "✓ rows/b-me [ada]", "✓ rows/a-login [grace]", "✓ rows/b-me [grace]"]
            try await tmux.waitFor { screen in
                screen.contains("2 specs × 2 rows: 4 passed, 0 failed, 0 errored") && lines.allSatisfy(screen.contains)
            }
            try await tmux.type("j", "j", "j", "Enter")
            let answer = try await tmux.waitFor { $0.contains("rows/b-me [grace]") && !$0.contains("Run —") }
            #expect(answer.contains("u=grace"), "the answer of grace's row: \(answer)")
            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }
}
