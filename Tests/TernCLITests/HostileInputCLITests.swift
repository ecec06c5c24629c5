import Foundation
import TernTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile files and values through the real `tern` binary: errors with positions, never a crash.
@Suite("tern: hostile input", .serialized)
struct HostileInputCLITests {
    /// A hang detector only: every run here should finish in well under a second.
    let limit = Duration.seconds(60)

    @Test(
        "huge numbers in workspace.yaml and a spec are file:line:col errors (list; send for the spec)",
        arguments: [
            ("workspace.yaml", "timeout: 30", "timeout: 1e10", "'timeout' must be at most 86400 seconds"),
            ("workspace.yaml", "initialDelay: 0.2", "initialDelay: 9300000000", "'initialDelay' must be at most"),
            ("workspace.yaml", "maxDelay: 5", "maxDelay: 1e300", "'maxDelay' must be at most"),
            ("specs/users/get-user.yaml", "validFor: 600", "validFor: 1e300", "'validFor' must be at most"),
        ])
    func hugeNumbers(file: String, original: String, replacement: String, message: String) async throws {
        try await withDemo { demo in
            let url = demo.root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(original))
            try demo.write(file, text.replacingOccurrences(of: original, with: replacement))
            // A broken spec leaves the rest listed (docs/cli.md); sending it reports its error.
            let command = file.hasPrefix("specs/") ? ["send", "get-user"] : ["list"]
            let result = try await Tern.run(demo.arguments(command), limit: limit)
            #expect(result.status == 2, "\(result.stderr)")
            let name = NSRegularExpression.escapedPattern(for: URL(fileURLWithPath: file).lastPathComponent)
            let position = result.stderr.range(of: name + #":\d+:\d+: "#, options: .regularExpression)
            #expect(position != nil, "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test("a port above 65535 is refused with the place it came from: get exits 2, run errors the spec, no trap")
    func portsOutOfRange() async throws {
        try await withDemo { demo in
            for (url, port) in [("http://127.0.0.1:99999/", "99999"), ("http://localhost:70000/x", "70000")] {
                let typed = try await Tern.run(["get", url, "--ignore-stdin"], limit: limit)
                #expect(typed.status == 2, "\(typed.stderr)")
                #expect(typed.stderr.contains("port \(port) is not a TCP port (1 to 65535)"), "\(typed.stderr)")
            }
            let environment = demo.root.appendingPathComponent("environments/local.yaml")
            let text = try String(contentsOf: environment, encoding: .utf8)
            try demo.write(
                "environments/local.yaml",
                text.replacingOccurrences(of: #"baseURL: "{{mock}}""#, with: "baseURL: http://127.0.0.1:99999"))
            let sent = try await Tern.run(demo.arguments(["send", "get-user"]), limit: limit)
            #expect(sent.status == 2, "\(sent.stderr)")
            #expect(sent.stderr.contains("workspace.yaml:"), "the target's baseURL is named: \(sent.stderr)")
            let run = try await Tern.run(demo.arguments(["run"]), limit: limit)
            #expect(run.status == 1, "every spec errors, and the run ends: \(run.stderr)")
            #expect(run.stdout.contains("port 99999 is not a TCP port"), "\(run.stdout)")
        }
    }

    @Test("two links to '.' under specs/ and a body of /dev/zero: tern list answers, the send is refused")
    func loopsAndDevices() async throws {
        try await withDemo { demo in
            let users = demo.root.appendingPathComponent("specs/users")
            for name in ["a", "b"] {
                try FileManager.default.createSymbolicLink(
                    atPath: users.appendingPathComponent(name).path, withDestinationPath: ".")
            }
            let list = try await Tern.run(demo.arguments("list"), limit: limit)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.components(separatedBy: "users/get-user ").count == 2, "listed once: \(list.stdout)")
            #expect(list.stderr.contains("a link to a folder already read"), "\(list.stderr)")
            try demo.write(
                "specs/zero.yaml", "name: Zero\ntarget: api\nmethod: POST\npath: /upload\nbody: {file: /dev/zero}\n")
            let send = try await Tern.run(demo.arguments("send", "zero"), limit: limit)
            #expect(send.status == 2, "\(send.stderr)")
            #expect(send.stderr.contains("the body file '/dev/zero' is a device, not a regular file"), "\(send.stderr)")
        }
    }

    @Test("a FIFO environment and a FIFO tls.caFile stop only what uses them, with their real reason")
    func fifosInAWorkspace() async throws {
        try await withDemo { demo in
            #expect(mkfifo(demo.root.appendingPathComponent("environments/other.yaml").path, 0o644) == 0)
            let send = try await Tern.run(demo.arguments("send", "get-user"), limit: limit)
            #expect(send.status == 0, "another environment's FIFO stops nothing: \(send.stderr)")
            let other = try await Tern.run(demo.arguments("send", "get-user", "--env", "other"), limit: limit)
            #expect(other.status == 2)
            #expect(other.stderr.contains("other.yaml: cannot read the file: it is a FIFO"), "\(other.stderr)")
            #expect(!other.stderr.contains("permission"), "\(other.stderr)")

            let manifest = try String(
                contentsOf: demo.root.appendingPathComponent("workspace.yaml"), encoding: .utf8)
            try demo.write("workspace.yaml", manifest + "\ntls:\n  caFile: ca.pem\n")
            #expect(mkfifo(demo.root.appendingPathComponent("ca.pem").path, 0o644) == 0)
            let plain = try await Tern.run(demo.arguments("send", "get-user"), limit: limit)
            #expect(plain.status == 0, "a plain-http send reads no CA file: \(plain.stderr)")
            let secure = try await Tern.run(
                demo.arguments("get", "https://127.0.0.1:9/x", "--ignore-stdin"), limit: limit)
            #expect(secure.status == 2, "\(secure.stderr)")
            #expect(secure.stderr.contains("ca.pem': it is a FIFO (named pipe)"), "\(secure.stderr)")
        }
    }

    @Test("a spec file named with an escape sequence, a CR and an RTL override reaches the terminal as '?'")
    func hostileNames() async throws {
        try await withDemo { demo in
            let name = "evil\u{1B}]0;pwned\u{07}\r\u{202E}gpj.yaml"
            try demo.write("specs/\(name)", "name: \"x\u{1B}[2J\"\nmethod: GET\npath: /users/1\ntarget: api\n")
            let list = try await Tern.run(demo.arguments("list"), limit: limit)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(!list.stdout.contains("\u{1B}") && !list.stdout.contains("\r") && !list.stdout.contains("\u{202E}"))
            #expect(list.stdout.contains("evil?]0;pwned???gpj"), "\(list.stdout)")
            let missing = try await Tern.run(demo.arguments("send", "evil\u{1B}[31m"), limit: limit)
            #expect(missing.status == 2)
            #expect(!missing.stderr.contains("\u{1B}"), "\(missing.stderr)")

            // tern run prints ids, data rows and what a check got through the same safe path.
            try FileManager.default.removeItem(at: demo.root.appendingPathComponent("specs/\(name)"))
            try demo.write("specs/hostile/\(name)", "method: GET\npath: /users/1\ntarget: api\n")
            try demo.write("rows.csv", "name,n\n\"row\u{1B}]52;c;aGk=\u{07}\",1\n\"\u{1B}[2J\u{202E}two\",2\n")
            try demo.write(
                "specs/hostile/echo.yaml",
                "target: api\nmethod: GET\npath: /echo?v=%1B%5D2%3Btitle%07\n"
                    + "expect:\n  json:\n    $.queryItems[0][1]: x\n"
            )
            let run = try await Tern.run(
                demo.arguments("run", "hostile", "--data", demo.root.appendingPathComponent("rows.csv").path),
                limit: limit)
            for byte in ["\u{1B}", "\u{07}", "\r", "\u{202E}"] {
                #expect(!run.stdout.contains(byte) && !run.stderr.contains(byte), "\(run.stdout)")
            }
            #expect(run.stdout.contains("[row?]52;c;aGk=?]"), "\(run.stdout)\n\(run.stderr)")
            #expect(run.stdout.contains("hostile/evil?]0;pwned???gpj"), "\(run.stdout)")
            #expect(run.stdout.contains(#"got "\u001b]2;title\u0007""#), "the value a check got: \(run.stdout)")
        }
    }

    @Test("an expectation whose pattern backtracks over a 200 KB body is stopped and reported, not a hang")
    func backtrackingPattern() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/tools/big.yaml",
                "name: Big\ntarget: api\nmethod: POST\npath: /echo\nexpect:\n  body: {matches: \"(.*a){25}c\"}\n")
            let body = demo.root.appendingPathComponent("a.txt")
            try Data(String(repeating: "a", count: 200_000).utf8).write(to: body)
            let result = try await Tern.run(
                demo.arguments("send", "big", "--body", "@" + body.path, "--fail"), limit: limit)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains("ran past 2 s on this body and was stopped"), "\(result.stderr)")
        }
    }

    @Test("a HAR entry with 65,535 header fields is skipped by cache import, saying why, not a trap")
    func harWithTooManyHeaders() async throws {
        try await withDemo { demo in
            let headers = (0..<65_535).map { #"{"name":"X-H\#($0)","value":"v"}"# }.joined(separator: ",")
            let request =
                #"{"method":"GET","url":"http://127.0.0.1:1/x","httpVersion":"HTTP/1.1","headers":["# + headers
                + #"],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":0}"#
            let response =
                #"{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[],"cookies":[],"#
                + #""content":{"size":2,"mimeType":"text/plain","text":"ok"},"redirectURL":"","headersSize":-1,"#
                + #""bodySize":2}"#
            let har =
                #"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[{"startedDateTime":"#
                + #""2026-01-01T00:00:00Z","time":1,"request":"# + request + #","response":"# + response
                + #","cache":{},"timings":{"send":0,"wait":0,"receive":0}}]}}"#
            let file = demo.root.appendingPathComponent("big.har")
            try Data(har.utf8).write(to: file)
            let result = try await Tern.run(demo.arguments("cache", "import", file.path), limit: limit)
            #expect(result.status == 0, "\(result.stderr)")
            let output = result.stdout + result.stderr
            #expect(output.contains("it has 65535 header fields, more than the limit of 1000"), "\(output)")
        }
    }

    @Test("a YAML alias bomb is an error naming the alias, not minutes and gigabytes")
    func aliasBomb() async throws {
        var lines = ["method: GET", "path: /x", "body:", "  json:", "    a: &a [x, x, x, x, x, x, x, x, x]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("    \(name): &\(name) [\(aliases)]")
        }
        try await withDemo { demo in
            try demo.write("specs/bomb.yaml", lines.joined(separator: "\n") + "\n")
            let result = try await Tern.run(demo.arguments("send", "bomb"), limit: limit)
            #expect(result.status == 2)
            let found = result.stderr.range(of: #"bomb\.yaml:\d+:\d+: .*alias '\*[a-i]'"#, options: .regularExpression)
            #expect(found != nil, "\(result.stderr)")
        }
    }

    @Test("a variable that repeats itself thousands of times is a templating error, not gigabytes")
    func templateAmplification() async throws {
        let repeated = String(repeating: "{{userId}}", count: 6_000)
        try await withDemo { demo in
            try demo.write("environments/amp.yaml", "baseURL: http://127.0.0.1:9/\nuserId: \"\(repeated)\"\n")
            let result = try await Tern.run(demo.arguments("send", "get-user", "--env", "amp"), limit: limit)
            #expect(result.status == 2)
            #expect(result.stderr.contains("longer than 1048576 bytes"), "\(result.stderr)")
        }
    }

    @Test("brackets in query names: --query, a nested spec query and the REPL's set query")
    func bracketsInQueryNames() async throws {
        try await withDemo { demo in
            try demo.write("specs/tools/echo.yaml", "name: Echo\nmethod: GET\npath: /echo\n")
            try demo.write(
                "specs/tools/nested.yaml", "name: Nested\nmethod: GET\npath: /echo\nquery: {filter: {name: ada}}\n"
            )
            let flag = try await Tern.run(demo.arguments("send", "echo", "--query", "filter[name]=ada"), limit: limit)
            #expect(flag.status == 0, "\(flag.stderr)")
            #expect(flag.stdout.contains(#""query":"filter%5Bname%5D=ada""#), "\(flag.stdout)")
            let nested = try await Tern.run(demo.arguments("send", "nested"), limit: limit)
            #expect(nested.status == 0, "\(nested.stderr)")
            #expect(nested.stdout.contains(#""query":"filter%5Bname%5D=ada""#), "\(nested.stdout)")
            let repl = try await Tern.run(
                demo.arguments("repl"), input: "use echo\nset query filter[name] ada\nset query a]b[c é\nshow\nsend\n",
                limit: limit
            )
            #expect(repl.status == 0, "\(repl.stderr)")
            #expect(repl.stdout.contains("filter%5Bname%5D=ada&a%5Db%5Bc=%C3%A9"), "\(repl.stdout)")
        }
    }

    @Test(
        "hostile Retry-After values from the server end the send normally",
        arguments: [
            ("10000000000", 503), ("inf", 200), ("nan", 200), ("-1", 200),
        ])
    func retryAfter(value: String, status: Int) async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/hostile.yaml",
                "name: Hostile\nmethod: GET\npath: /flaky/h\nquery: {failures: 1, retryAfter: \"\(value)\"}\n"
            )
            let result = try await Tern.run(
                demo.arguments("send", "hostile", "--mode", "live", "--events", "json"), limit: limit
            )
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.events.last?["status"] as? Int == status, "\(result.stdout)")
        }
    }
}
