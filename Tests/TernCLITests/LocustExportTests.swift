import Foundation
import TernTesting
import Testing

/// `tern export locust`: the collection as a locustfile, run here by Locust from PyPI with one master
/// and two workers, headless on 127.0.0.1, against a real server that counts what reached it.
@Suite("tern export locust", .serialized)
struct LocustExportTests {
    /// `locust` on PATH (pip's; `make deps` installs it), or nil.
    static var locust: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/locust" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("the file carries no secret, names the order, and parses as Python")
    func file() async throws {
        try await withDemo { demo in
            let file = demo.root.appendingPathComponent("locustfile.py").path
            let run = try await Tern.run(demo.arguments(["export", "locust", "auth", "users/get-user", "-o", file]))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("wrote a locustfile of 5 specs"), "\(run.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("\"password\": \"tern\""), "a credential in the environment stays home")
            #expect(!text.contains("demo-secret"))
            let login = try #require(text.range(of: "def task_auth_login"))
            let protected = try #require(text.range(of: "def task_auth_protected"))
            #expect(login.lowerBound < protected.lowerBound, "a spec after the spec it requires")
            let parsed = try await ChildProcess.run(
                "/usr/bin/python3", ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", file])
            #expect(parsed.status == 0, "\(parsed.text)")
            let again = try await Tern.run(demo.arguments(["export", "locust", "-o", file]))
            #expect(again.status == 2, "an existing file is kept without --force")
            // Names Python keeps for itself, an API key in the query, and a spec whose login is not named.
            try demo.write("specs/import.yaml", "target: api\nmethod: GET\npath: /echo\n")
            try demo.write(
                "specs/user.yaml",
                "target: api\nmethod: GET\npath: /echo\n"
                    + "auth: {type: apiKey, name: key, value: '{{secret:KEY}}', in: query}\n"
                    + "expect:\n  status: '{{code}}'\n  json:\n    $.path: {matches: '^/{{segment}}'}\n")
            let odd = try await Tern.run(
                demo.arguments(["export", "locust", "import", "user", "auth/protected", "-o", file, "--force"]))
            #expect(odd.status == 0, "\(odd.stderr)")
            let oddText = try String(contentsOfFile: file, encoding: .utf8)
            #expect(oddText.contains("def task_auth_login"), "auth/protected requires it: \(oddText)")
            #expect(oddText.contains("def task_import") && oddText.contains("def task_user"))
            let reparsed = try await ChildProcess.run(
                "/usr/bin/python3", ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", file])
            #expect(reparsed.status == 0, "\(reparsed.text)")
        }
    }

    @Test(
        "one master and two workers send the collection: login, then the bearer request, checks as failures",
        .enabled(if: locust != nil, "locust is not installed (make deps installs it with pip)"),
        .timeLimit(.minutes(2)))
    func distributed() async throws {
        let locust = try #require(Self.locust)
        try await withDemo { demo in
            let file = demo.root.appendingPathComponent("locustfile.py").path
            let exported = try await Tern.run(
                demo.arguments([
                    "export", "locust", "auth/login", "auth/protected", "users/get-user", "checks", "-o", file,
                ]))
            #expect(exported.status == 0, "\(exported.stderr)")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            var environment = ProcessInfo.processInfo.environment
            environment["TERN_VAR_baseURL"] = server.baseURL.absoluteString
            environment["TERN_VAR_password"] = "tern"
            let port = try FreePort.onLoopback()
            let csv = demo.root.appendingPathComponent("stats").path
            let log = demo.root.appendingPathComponent("master.log").path
            // No run time: on a loaded machine the workers' first answers can take many seconds (a CI run
            // of 8 s counted none). The master runs until its CSV, written every 2 s from the workers'
            // reports, counts answers for every spec; then SIGTERM, on which it writes its final figures.
            let master = try ChildProcess(
                locust,
                [
                    "-f", file, "--master", "--headless", "-u", "4", "-r", "4", "--expect-workers", "2",
                    "--master-bind-host", "127.0.0.1", "--master-bind-port", String(port), "--csv", csv,
                    "--only-summary", "--logfile", log,
                ], environment: environment)
            let names = ["auth/login", "auth/protected", "users/get-user", "checks/wrong-name"]
            var workers: [ChildProcess] = []
            var counted = false
            if await FreePort.waitUntilListening(port, seconds: 30) {
                for _ in 0..<2 {
                    workers.append(
                        try ChildProcess(
                            locust,
                            ["-f", file, "--worker", "--master-host", "127.0.0.1", "--master-port", String(port)],
                            environment: environment))
                }
                let deadline = ContinuousClock.now + .seconds(75)
                while !counted, ContinuousClock.now < deadline, master.isRunning {
                    let rows = Self.rows(try? String(contentsOfFile: csv + "_stats.csv", encoding: .utf8))
                    counted = names.allSatisfy { (rows[$0]?.requests ?? 0) > 0 }
                    if !counted { try await Task.sleep(for: .milliseconds(200)) }
                }
            }
            // Time for its shutdown to write the final CSV before a SIGKILL could cut it short.
            _ = await master.stop(grace: .seconds(30))
            for worker in workers { _ = await worker.stop() }
            let stats = try String(contentsOfFile: csv + "_stats.csv", encoding: .utf8)
            let outcome = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(counted, "\(stats)\n\(outcome)")
            let rows = Self.rows(stats)
            let login = try #require(rows["auth/login"], "\(stats)\n\(outcome)")
            let protected = try #require(rows["auth/protected"], "\(stats)")
            let user = try #require(rows["users/get-user"], "\(stats)")
            let wrong = try #require(rows["checks/wrong-name"], "\(stats)")
            #expect(login.requests > 0 && login.failures == 0, "\(stats)")
            #expect(protected.requests > 0 && protected.failures == 0, "the captured token was sent: \(stats)")
            #expect(user.requests > 0 && user.failures == 0, "\(stats)")
            #expect(
                wrong.requests > 0 && wrong.failures == wrong.requests, "its expectation fails every time: \(stats)")
            // What Locust counted reached the server. Not the other way round: a worker sends its figures to
            // the master every few seconds, and on a loaded machine the last report of a worker can arrive
            // after the master has written its summary, so the server may have seen more than Locust counted.
            for (path, counted) in [
                ("/auth/login", login.requests), ("/auth/protected", protected.requests),
                ("/users/1", user.requests + wrong.requests),
            ] {
                let reached = server.requestCount(path: path)
                #expect(reached >= counted, "\(path): \(reached) reached, \(counted) counted")
            }
        }
    }

    /// The request and failure counts of each row of a Locust `_stats.csv`, by name.
    static func rows(_ stats: String?) -> [String: (requests: Int, failures: Int)] {
        var rows: [String: (requests: Int, failures: Int)] = [:]
        for line in (stats ?? "").split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 3, let requests = Int(fields[2]), let failures = Int(fields[3]) else { continue }
            rows[fields[1]] = (requests, failures)
        }
        return rows
    }
}
