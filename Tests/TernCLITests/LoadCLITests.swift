import Foundation
import TernTesting
import Testing

/// `tern load`: open and closed loops against a real server on 127.0.0.1, counted at the server,
/// latency from each request's intended start, reports, baselines, checks, and the REPL and TUI.
@Suite("tern load", .serialized)
struct LoadCLITests {
    static func write(_ demo: TemporaryWorkspace) throws {
        try demo.write("specs/load/slow.yaml", "target: api\nmethod: GET\npath: /delay/100\n")
        try demo.write("specs/load/hop.yaml", "target: api\nmethod: GET\npath: /redirect/1\nexpect:\n  status: 302\n")
        try demo.write(
            "specs/load/wrong.yaml", "target: api\nmethod: GET\npath: /users/1\nexpect:\n  json:\n    $.name: Nobody\n")
    }

    static func report(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test(
        "open loop, either engine: exactly rate × duration requests reach the server; the report says which sent them",
        arguments: ["wire", "handler"])
    func openLoop(engine: String) async throws {
        try await withDemo { demo in
            // Loops of its own: the counts must not wait behind other tests on the shared ones.
            let server = try await MockServer.start(ownEventLoops: 1)
            defer { Task { try? await server.shutdown() } }
            let json = demo.root.appendingPathComponent("load.json").path
            let run = try await Tern.run(
                demo.arguments([
                    "load", "users/get-user", "--rate", "200", "--duration", "2", "--connections", "8",
                    "--check-every", "10", "--report", "json:\(json)", "--var",
                    "baseURL=\(server.baseURL.absoluteString)", "--engine", engine,
                ]))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("load users/get-user: open loop at 200/s for 2 s, at most 8 in flight"))
            #expect(run.stdout.contains("status: 200 × 400"), "\(run.stdout)")
            #expect(run.stdout.contains("checks: 40 answers checked, 0 failed"), "\(run.stdout)")
            #expect(run.stdout.contains("(HTTP/1.1 on SwiftNIO, ") == (engine == "wire"), "\(run.stdout)")
            #expect(server.requestCount(path: "/users/1") == 400, "request i is meant for start + i/200, i < 400")
            let report = try Self.report(json)
            #expect((report["engine"] as? [String: Any])?["name"] as? String == engine)
            #expect(report["completed"] as? Int == 400)
            #expect((report["statuses"] as? [String: Int]) == ["200": 400])
            let latency = try #require(report["latencyMs"] as? [String: Double])
            #expect((latency["p50"] ?? 0) > 0 && (latency["p50"] ?? 0) <= (latency["p99"] ?? 0))
            #expect((latency["p99"] ?? 0) <= (latency["max"] ?? 0))
        }
    }

    @Test("queueing counts: with one connection for 20/s of 100 ms answers, latency grows from the intended start")
    func noCoordinatedOmission() async throws {
        try await withDemo { demo in
            try Self.write(demo)
            // Loops of its own: the counts must not wait behind other tests on the shared ones.
            let server = try await MockServer.start(ownEventLoops: 1)
            defer { Task { try? await server.shutdown() } }
            let json = demo.root.appendingPathComponent("load.json").path
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)", "--report", "json:\(json)"]
            let run = try await Tern.run(
                demo.arguments(["load", "load/slow", "--rate", "20", "--connections", "1", "--duration", "1"] + base))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(server.requestCount(path: "/delay/100") == 20)
            // Request k is meant for k × 50 ms but cannot end before (k + 1) × 100 ms on one connection:
            // its latency is at least 100 + 50k ms, whatever the machine. The 20th: at least 1050 ms.
            let latency = try #require(try Self.report(json)["latencyMs"] as? [String: Double])
            #expect((latency["max"] ?? 0) >= 1000, "\(latency)")
            #expect((latency["p50"] ?? 0) >= 500, "\(latency)")
        }
    }

    @Test("closed loop with checks; a failed check exits 4; redirects are answers, never followed")
    func closedLoopChecksRedirects() async throws {
        try await withDemo { demo in
            try Self.write(demo)
            // Loops of its own: the counts must not wait behind other tests on the shared ones.
            let server = try await MockServer.start(ownEventLoops: 1)
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)", "--duration", "1"]
            let wrong = try await Tern.run(
                demo.arguments(["load", "load/wrong", "--concurrency", "2", "--check-every", "1"] + base))
            #expect(wrong.status == 4, "\(wrong.stdout)\(wrong.stderr)")
            #expect(wrong.stdout.contains(#"first: load/wrong: $.name equals "Nobody" — got "Ada Lovelace""#))
            let hop = try await Tern.run(demo.arguments(["load", "load/hop", "--concurrency", "2"] + base))
            #expect(hop.status == 0, "\(hop.stdout)\(hop.stderr)")
            #expect(hop.stdout.contains("status: 302 × "), "\(hop.stdout)")
            #expect(server.requestCount(path: "/echo") == 0, "the redirect's target was not named, so not asked")
            #expect(server.requestCount(path: "/redirect/0") == 0)
        }
    }

    @Test("--baseline: worse than --max-regression exits 4 and says where; within it exits 0")
    func baseline() async throws {
        try await withDemo { demo in
            // Loops of its own: the counts must not wait behind other tests on the shared ones.
            let server = try await MockServer.start(ownEventLoops: 1)
            defer { Task { try? await server.shutdown() } }
            try demo.write(
                "fast.json", #"{"rate": 1000000.0, "latencyMs": {"p50": 0.001, "p90": 0.001, "p99": 0.001}}"#)
            try demo.write(
                "slow.json", #"{"rate": 1.0, "latencyMs": {"p50": 60000.0, "p90": 60000.0, "p99": 60000.0}}"#)
            let base = [
                "load", "users/get-user", "--concurrency", "2", "--duration", "1",
                "--var", "baseURL=\(server.baseURL.absoluteString)", "--baseline",
            ]
            let worse = try await Tern.run(demo.arguments(base + [demo.root.appendingPathComponent("fast.json").path]))
            #expect(worse.status == 4, "\(worse.stdout)\(worse.stderr)")
            #expect(worse.stdout.contains("✗ p99 "), "\(worse.stdout)")
            #expect(worse.stdout.contains("below the baseline's 1000000.0/s"), "\(worse.stdout)")
            let within = try await Tern.run(demo.arguments(base + [demo.root.appendingPathComponent("slow.json").path]))
            #expect(within.status == 0, "\(within.stdout)\(within.stderr)")
            #expect(within.stdout.contains("✓ within 10% of the baseline"))
            try demo.write("bad.json", "[]")
            let bad = try await Tern.run(demo.arguments(base + [demo.root.appendingPathComponent("bad.json").path]))
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("is not a load report"), "\(bad.stderr)")
        }
    }

    /// An HTTP/1.1 server (Python's, threaded) on 127.0.0.1 that holds each request until `want` are in flight at
    /// once (each for 2 s at most), then answers every one at once: it prints its port, and after each request
    /// writes `CONNECTIONS PEAK` (connections that carried a request, most requests in flight at once) to a file.
    static let holdingServer = #"""
        import http.server, os, sys, threading, time
        want, stats = int(sys.argv[1]), sys.argv[2]
        lock = threading.Condition()
        state = {"connections": 0, "inflight": 0, "peak": 0, "released": False}
        def save():
            with open(stats + ".new", "w") as f: f.write("%d %d" % (state["connections"], state["peak"]))
            os.replace(stats + ".new", stats)
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            counted = False
            def log_message(self, *args): pass
            def do_GET(self):
                with lock:
                    if not self.counted:
                        self.counted = True
                        state["connections"] += 1
                    state["inflight"] += 1
                    state["peak"] = max(state["peak"], state["inflight"])
                    if state["inflight"] >= want: state["released"] = True
                    lock.notify_all()
                    deadline = time.monotonic() + 2
                    while not state["released"] and time.monotonic() < deadline:
                        lock.wait(deadline - time.monotonic())
                    state["inflight"] -= 1
                    save()
                body = b'{"id": 1}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        class Server(http.server.ThreadingHTTPServer):
            request_queue_size = 128
            daemon_threads = True
        server = Server(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    @Test("the server sees the connections asked for: 20 clients hold 20 requests in flight on 20 connections")
    func connectionsAsked() async throws {
        try await withDemo { demo in
            let stats = demo.root.appendingPathComponent("stats.txt").path
            let server = try ChildProcess(
                "/usr/bin/python3", ["-c", Self.holdingServer, "20", stats], output: .pipe, error: .null)
            defer { server.terminate() }
            let port = try #require(await ChildProcess.line(from: server.standardOutput))
            let json = demo.root.appendingPathComponent("load.json").path
            let run = try await Tern.run(
                demo.arguments([
                    "load", "users/get-user", "--concurrency", "20", "--duration", "1",
                    "--var", "baseURL=http://127.0.0.1:\(port)", "--report", "json:\(json)",
                ]))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            // Every client's first request is held until 20 are in flight: a pool of fewer connections
            // never gets there, and its requests are answered only after the server's 2 s.
            let seen = try String(contentsOfFile: stats, encoding: .utf8).split(separator: " ")
            #expect(seen == ["20", "20"], "connections that carried a request, most requests in flight at once")
            #expect(run.stdout.contains("connections: 20 opened, at most 20 open at once"), "\(run.stdout)")
            let connections = try #require(try Self.report(json)["connections"] as? [String: Int])
            #expect(connections == ["opened": 20, "mostOpen": 20])
        }
    }

    @Test("usage: no spec, both loops, a bad rate or a WebSocket spec exit 2 before anything is sent")
    func usage() async throws {
        try await withDemo { demo in
            for arguments in [
                ["load"], ["load", "users/get-user", "--rate", "5", "--concurrency", "2"],
                ["load", "users/get-user", "--rate", "0"], ["load", "users/get-user", "--connections", "4"],
                ["load", "users/get-user", "--report", "xml:x"], ["load", "nosuch"],
                ["load", "users/get-user", "--rate", "1e-21"], ["load", "users/get-user", "--engine", "fast"],
            ] {
                let run = try await Tern.run(demo.arguments(arguments))
                #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
            }
        }
    }

    @Test("the REPL's load prints the same report")
    func repl() async throws {
        try await withDemo { demo in
            let run = try await Tern.run(
                demo.arguments("repl"), input: "load users/get-user --concurrency 2 --duration 1\n")
            #expect(run.stdout.contains("load users/get-user: closed loop, 2 clients, for 1 s"), "\(run.stdout)")
            #expect(run.stdout.contains("status: 200 × "), "\(run.stdout)")
        }
    }

    @Test(
        ":load in the TUI shows live figures on the status line, then the report",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func tui(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type(":", "load users/get-user --concurrency 2 --duration 3", "Enter")
            let live = try await tmux.waitFor("load: ")
            #expect(live.contains("/s  p50 "), "the live line: \(live)")
            try await tmux.waitFor { $0.contains("status: 200 × ") && $0.contains("p99.9") }
            try await tmux.type("Escape", "q")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }
}
