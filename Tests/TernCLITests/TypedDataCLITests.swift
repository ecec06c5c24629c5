import Foundation
import TernTesting
import Testing

/// Typed templates (`{{age:number}}`, `{{admin:boolean}}`, `{{tags:json}}`) through the real binary: a
/// data row's value sent as a JSON number by `run`, `send`, `load` and the exports, an untyped one still a
/// string, and a value that does not convert said at its spec's line.
@Suite("typed data")
struct TypedDataCLITests {
    /// `typed/create` posts the row typed and checks the answer (the mock echoes the object with an id);
    /// `typed/plain` posts `{{age}}` untyped, which stays a string.
    static func writeSpecs(_ demo: TemporaryWorkspace) throws {
        try demo.write(
            "specs/typed/create.yaml",
            "target: api\nmethod: POST\npath: /users\n"
                + "body:\n  json:\n    name: '{{name}}'\n    age: '{{age:number}}'\n"
                + "    admin: '{{ admin : boolean }}'\n"
                + "    tags: '{{tags:json}}'\n    note: 'aged {{age}}'\n"
                + "expect:\n  status: 201\n  json:\n    $.age: '{{age:number}}'\n    $.admin: '{{admin:boolean}}'\n"
                + "    $.tags: '{{tags:json}}'\n    $.note: 'aged {{age}}'\n")
        try demo.write(
            "specs/typed/plain.yaml",
            "target: api\nmethod: POST\npath: /users\nbody:\n  json: {age: '{{age}}'}\n"
                + "expect:\n  json:\n    $.age: {type: string}\n")
    }

    @Test("a CSV row and a JSON row send typed values; untyped stays a string; a bad value names file:line")
    func runData() async throws {
        try await withDemo { demo in
            try Self.writeSpecs(demo)
            try demo.write(
                "rows.csv", "name,age,admin,tags\nada,36,true,\"[\"\"a\"\",\"\"b\"\"]\"\ngrace,-1.5e2,false,{}\n")
            try demo.write(
                "rows.jsonl",
                #"{"name": "ada", "age": 36, "admin": true, "tags": ["a", {"b": null}]}"# + "\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            for file in ["rows.csv", "rows.jsonl"] {
                let data = demo.root.appendingPathComponent(file).path
                let run = try await Tern.run(demo.arguments(["run", "typed", "--data", data] + base))
                #expect(run.status == 0, "\(file): \(run.stdout)\(run.stderr)")
                #expect(run.stdout.contains("✓ typed/create [ada]"), "\(run.stdout)")
                #expect(run.stdout.contains("✓ typed/plain [ada]"), "untyped is still a string: \(run.stdout)")
            }

            // A value that is not a number: the row errors, naming the spec file, line and column.
            try demo.write("bad.csv", "name,age,admin,tags\nzed,thirty,true,[]\n")
            let bad = try await Tern.run(
                demo.arguments(
                    ["run", "typed/create", "--data", demo.root.appendingPathComponent("bad.csv").path] + base))
            #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
            #expect(bad.stdout.contains("! typed/create [zed]"), "\(bad.stdout)")
            #expect(bad.stdout.contains("create.yaml:7:10"), "the line of age: '{{age:number}}': \(bad.stdout)")
            #expect(bad.stdout.contains("'{{age:number}}' is \"thirty\", not a JSON number"), "\(bad.stdout)")
            #expect(server.requestCount(path: "/users") == 6, "nothing sent for zed")

            // A type that is not one reads as a name; the message lists the types.
            try demo.write(
                "specs/typed/wrong.yaml",
                "target: api\nmethod: POST\npath: /users\nbody:\n  json: {age: '{{age:int}}'}\n")
            let wrong = try await Tern.run(demo.arguments(["send", "typed/wrong", "--var", "age=3"] + base))
            #expect(wrong.status == 2, "\(wrong.stderr)")
            #expect(wrong.stderr.contains("'int' is not a type: a reference's type is :number, :boolean or :json"))
        }
    }

    @Test("send, curl and HAR exports and the locustfile carry the typed value")
    func sendAndExports() async throws {
        try await withDemo { demo in
            try Self.writeSpecs(demo)
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let values = [
                "--var", "baseURL=\(server.baseURL.absoluteString)", "--var", "name=ada", "--var", "age=36", "--var",
                "admin=false", "--var", "tags=[1,2]",
            ]
            let send = try await Tern.run(demo.arguments(["send", "typed/create", "--fail"] + values))
            #expect(send.status == 0, "\(send.stdout)\(send.stderr)")
            let answer = try #require(
                try JSONSerialization.jsonObject(with: send.stdoutData) as? [String: Any], "\(send.stdout)")
            #expect(answer["age"] as? Int == 36 && answer["admin"] as? Bool == false, "\(send.stdout)")
            #expect(answer["tags"] as? [Int] == [1, 2] && answer["note"] as? String == "aged 36")

            let curl = try await Tern.run(demo.arguments(["export", "curl", "typed/create"] + values))
            #expect(curl.status == 0, "\(curl.stderr)")
            #expect(curl.stdout.contains(#""age":36"#) && curl.stdout.contains(#""admin":false"#), "\(curl.stdout)")
            #expect(curl.stdout.contains(#""tags":[1,2]"#), "\(curl.stdout)")

            let har = demo.root.appendingPathComponent("sent.har").path
            let exported = try await Tern.run(demo.arguments(["export", "har", "typed/create", "-o", har]))
            #expect(exported.status == 0, "\(exported.stderr)")
            let harText = try String(contentsOfFile: har, encoding: .utf8)
            #expect(harText.contains(#"\"age\":36"#), "\(harText)")

            // The locustfile renders the types itself; Locust sends them and checks the answer (no failure).
            let file = demo.root.appendingPathComponent("locustfile.py").path
            let locustExport = try await Tern.run(demo.arguments(["export", "locust", "typed", "-o", file]))
            #expect(locustExport.status == 0, "\(locustExport.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("scope, False)"), "a body keeps untyped strings: \(text)")
            guard let locust = LocustExportTests.locust else { return }
            var environment = ProcessInfo.processInfo.environment
            for (name, value) in [
                ("baseURL", server.baseURL.absoluteString), ("name", "ada"), ("age", "36"), ("admin", "true"),
                ("tags", #"["x"]"#),
            ] {
                environment["TERN_VAR_" + name] = value
            }
            let csv = demo.root.appendingPathComponent("stats").path
            // Locust's run time is timed from gevent's cached clock, which is as old as Locust's start-up:
            // on a loaded machine a start-up of 6 s left a 6 s run no time at all (0 requests). 20 s leaves
            // the run its requests whatever the start-up took, up to 14 s.
            let outcome = try await ChildProcess.run(
                locust, ["-f", file, "--headless", "-u", "1", "-r", "1", "-t", "20s", "--csv", csv, "--only-summary"],
                environment: environment, timeout: 120)
            let stats = try String(contentsOfFile: csv + "_stats.csv", encoding: .utf8)
            var rows: [String: (requests: Int, failures: Int)] = [:]
            for line in stats.split(whereSeparator: \.isNewline).dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields.count > 3, let requests = Int(fields[2]), let failures = Int(fields[3]) else { continue }
                rows[fields[1]] = (requests, failures)
            }
            let created = try #require(rows["typed/create"], "\(stats)\n\(outcome.text)")
            let plain = try #require(rows["typed/plain"], "\(stats)")
            #expect(created.requests > 0 && created.failures == 0, "typed values sent and compared: \(stats)")
            #expect(plain.requests > 0 && plain.failures == 0, "an untyped value stays a string: \(stats)")
        }
    }

    @Test("tern load --data: each row's request takes its turn; a malformed file is refused before sending")
    func loadData() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/load/row-user.yaml",
                "target: api\nmethod: GET\npath: /users/{{id}}\nexpect:\n  json:\n    $.id: '{{id:number}}'\n"
                    + "    $.name: '{{who}}'\n")
            try demo.write(
                "users.csv", "name,id,who\nada,1,Ada Lovelace\ngrace,2,Grace Hopper\nalan,3,Alan Turing\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let json = demo.root.appendingPathComponent("load.json").path
            let data = demo.root.appendingPathComponent("users.csv").path
            let run = try await Tern.run(
                demo.arguments([
                    "load", "load/row-user", "--data", data, "--rate", "30", "--duration", "1", "--connections", "4",
                    "--check-every", "1", "--report", "json:\(json)", "--var",
                    "baseURL=\(server.baseURL.absoluteString)",
                ]))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("load load/row-user × 3 rows of \(data): open loop at 30/s"), "\(run.stdout)")
            #expect(run.stdout.contains("checks: 30 answers checked, 0 failed"), "\(run.stdout)")
            for path in ["/users/1", "/users/2", "/users/3"] {
                #expect(server.requestCount(path: path) == 10, "\(path): the rows take turns")
            }
            let report = try LoadCLITests.report(json)
            #expect((report["data"] as? [String: Any])?["rows"] as? Int == 3)
            #expect(report["specs"] as? [String] == ["load/row-user"])

            // A wrong row fails its checks, named by its row.
            try demo.write("users.csv", "name,id,who\nada,1,Ada Lovelace\nmallory,2,Ada Lovelace\n")
            let checked = try await Tern.run(
                demo.arguments([
                    "load", "load/row-user", "--data", data, "--rate", "10", "--duration", "1", "--check-every", "1",
                    "--var", "baseURL=\(server.baseURL.absoluteString)",
                ]))
            #expect(checked.status == 4, "\(checked.stdout)\(checked.stderr)")
            #expect(checked.stdout.contains("load/row-user [mallory]: $.name equals"), "\(checked.stdout)")

            // A typed JSON body under load: the mock echoes it, and each row's number is checked on every answer
            // (the string "36" would not equal 36).
            try demo.write(
                "ages.csv", "name,id,who,age\nada,1,Ada,36\ngrace,2,Grace,85\n")
            try demo.write(
                "specs/load/typed-age.yaml",
                "target: api\nmethod: POST\npath: /users\nbody:\n  json: {age: '{{age:number}}'}\n"
                    + "expect:\n  json:\n    $.age: '{{age:number}}'\n")
            let typed = try await Tern.run(
                demo.arguments([
                    "load", "load/typed-age", "--data", demo.root.appendingPathComponent("ages.csv").path, "--rate",
                    "10", "--duration", "1", "--check-every", "1", "--var", "baseURL=\(server.baseURL.absoluteString)",
                ]))
            #expect(typed.status == 0, "\(typed.stdout)\(typed.stderr)")
            #expect(typed.stdout.contains("checks: 10 answers checked, 0 failed"), "\(typed.stdout)")

            let before = server.totalRequestCount
            try demo.write("broken.csv", "name,id\nada\n")
            let broken = try await Tern.run(
                demo.arguments([
                    "load", "load/row-user", "--data", demo.root.appendingPathComponent("broken.csv").path,
                    "--var", "baseURL=\(server.baseURL.absoluteString)",
                ]))
            #expect(broken.status == 2, "\(broken.stderr)")
            #expect(
                broken.stderr.contains("broken.csv:2:1: this row has 1 field; the header has 2"), "\(broken.stderr)")
            #expect(server.totalRequestCount == before, "nothing sent")
        }
    }

    @Test("export locust warns about variables nothing defines, naming them and the specs")
    func locustUndefined() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/typed/ghost.yaml",
                "target: api\nmethod: GET\npath: /users/{{userid}}\nheaders:\n  X-Trace: '{{trace}}'\n")
            let file = demo.root.appendingPathComponent("locustfile.py").path
            let run = try await Tern.run(demo.arguments(["export", "locust", "typed/ghost", "-o", file]))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "warning: undefined variable 'userid' (did you mean 'user'?) in typed/ghost: environment "
                        + "'local' does not define it"), "\(run.stderr)")
            #expect(run.stderr.contains("warning: undefined variable 'trace' in typed/ghost"), "\(run.stderr)")
            #expect(run.stderr.contains("set TERN_VAR_trace where Locust runs"), "\(run.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("# note: undefined variable 'trace' in typed/ghost"), "\(text)")
            // Captured by an exported spec, or defined by the environment: no warning.
            let clean = try await Tern.run(demo.arguments(["export", "locust", "auth", "-o", file, "--force"]))
            #expect(clean.status == 0 && !clean.stderr.contains("warning"), "\(clean.stderr)")
        }
    }

    @Test("long spec ids keep the columns of tern run aligned")
    func longIds() async throws {
        try await withDemo { demo in
            let long = "typed/" + String(repeating: "a-very-long-name-", count: 5) + "end"
            try demo.write("specs/\(long).yaml", "target: api\nmethod: GET\npath: /users/1\n")
            try demo.write("specs/typed/short.yaml", "target: api\nmethod: GET\npath: /users/2\n")
            try demo.write("rows.csv", "name\nada\nsomeone-with-a-long-name\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let run = try await Tern.run(
                demo.arguments([
                    "run", "typed", "--data", demo.root.appendingPathComponent("rows.csv").path, "--var",
                    "baseURL=\(server.baseURL.absoluteString)",
                ]))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("✓") }
            #expect(lines.count == 4, "\(run.stdout)")
            let columns = Set(
                lines.map { line in
                    line.range(of: " 200  ").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
                })
            #expect(columns.count == 1, "the status column lines up: \(run.stdout)")
            #expect(
                lines.contains { $0.contains("…") && $0.contains("end [someone-with-a-long-name]") }, "\(run.stdout)")
        }
    }
}
