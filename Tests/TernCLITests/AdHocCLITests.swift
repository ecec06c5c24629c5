import Foundation
import TernTesting
import Testing

/// `tern get URL …` as a new user types it: outside any workspace (through the scratch one), replayed
/// offline, inside a workspace with its variables, and its mistakes.
@Suite("tern get|post|… URL [ITEM...]", .serialized)
struct AdHocCLITests {
    /// A folder that is no workspace, and an XDG data folder of its own for the scratch workspace.
    private static func outside() throws -> (folder: URL, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-adhoc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, ["XDG_DATA_HOME": folder.appendingPathComponent("xdg").path])
    }

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("outside a workspace: sent through the scratch workspace, its body alone in a pipe, then replayed offline")
    func scratchAndReplay() async throws {
        let (folder, environment) = try Self.outside()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try await withMockServer { server in
            let url = server.baseURL.appendingPathComponent("users/2").absoluteString
            let sent = try await Tern.run(["get", url], in: folder, environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try Self.json(sent.stdout)["name"] as? String == "Grace Hopper")
            return url
        }
        // The server is gone: the answer stored in the scratch workspace is replayed.
        let replayed = try await Tern.run(["GET", url, "--mode", "cache"], in: folder, environment: environment)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(try Self.json(replayed.stdout)["name"] as? String == "Grace Hopper")
        #expect(replayed.stderr.contains("from CACHE"), "\(replayed.stderr)")
        let scratch = folder.appendingPathComponent("xdg/tern/scratch")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("workspace.yaml").path))
        // Its history, as the REPL (and the TUI's `tern --scratch`) shows it.
        let history = try await Tern.run(
            ["repl", "--workspace", scratch.path], in: folder, environment: environment, input: "history\n")
        #expect(history.stdout.contains("/users/2"), "\(history.stdout)")
        #expect(history.stdout.contains("cache"), "\(history.stdout)")
    }

    @Test("items make the request HTTPie makes: headers, queries, nested JSON, raw JSON, files")
    func itemsReachTheServer() async throws {
        let (folder, environment) = try Self.outside()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Loves maths\n".utf8).write(to: folder.appendingPathComponent("bio.txt"))
        try await withMockServer { server in
            let sent = try await Tern.run(
                [
                    "post", server.baseURL.appendingPathComponent("echo").absoluteString, "X-Trace:abc", "page==2",
                    "user[name]=Ada", "user[age]:=36", "tags[]=math", "bio=@bio.txt",
                ], in: folder, environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            let echo = try Self.json(sent.stdout)
            #expect(echo["method"] as? String == "POST")
            #expect(echo["query"] as? String == "page=2")
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(headers["x-trace"] == "abc")
            #expect(headers["content-type"] == "application/json")
            let body = try Self.json(try #require(echo["body"] as? String))
            #expect((body["user"] as? [String: Any])?["age"] as? Int == 36)
            #expect(body["tags"] as? [String] == ["math"])
            #expect(body["bio"] as? String == "Loves maths\n")
        }
    }

    @Test("a URL with a host name times its lookup apart: dns in the timing line and dnsMs in --events json")
    func lookupTimed() async throws {
        let (folder, environment) = try Self.outside()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMockServer { server in
            let port = try #require(server.baseURL.port)
            let sent = try await Tern.run(
                ["get", "http://localhost:\(port)/users/1", "--print", "m", "--events", "json"], in: folder,
                environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains("timing: dns "), "\(sent.stdout)")
            let response = try #require(
                sent.stderr.split(separator: "\n").first { $0.contains(#""event":"response""#) })
            let timing = try #require(try Self.json(String(response))["timing"] as? [String: Any])
            #expect(timing["dnsMs"] is Double, "\(timing)")
            #expect(timing["connectMs"] is Double, "\(timing)")
            #expect(timing["tlsMs"] is NSNull)
            // An address is not looked up.
            let direct = try await Tern.run(
                [
                    "get", server.baseURL.appendingPathComponent("users/1").absoluteString, "--print", "m",
                ], in: folder, environment: environment)
            #expect(direct.stdout.contains("timing: connect "), "\(direct.stdout)")
        }
    }

    @Test("--offline prints the request and sends nothing; mistakes say what to type")
    func offlineAndMistakes() async throws {
        let (folder, environment) = try Self.outside()
        defer { try? FileManager.default.removeItem(at: folder) }
        let offline = try await Tern.run(
            ["put", ":1/users/1", "name=Ada", "--offline"], in: folder, environment: environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.hasPrefix("PUT http://localhost:1/users/1\n"), "\(offline.stdout)")
        #expect(offline.stdout.contains(#"{"name":"Ada"}"#), "\(offline.stdout)")
        let bad = try await Tern.run(["get", ":1/x", "oops"], in: folder, environment: environment)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Name:Value (header)"), "\(bad.stderr)")
        let typo = try await Tern.run(["get", "htp://example.org"], in: folder, environment: environment)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean http://"), "\(typo.stderr)")
        let dead = try await Tern.run(["get", ":1/x"], in: folder, environment: environment)
        #expect(dead.status == 1)
        #expect(dead.stderr.contains("127.0.0.1:1") || dead.stderr.contains("localhost:1"), "\(dead.stderr)")
    }

    @Test("inside a workspace: the environment's variables fill the URL, and the answer goes to its cache")
    func insideAWorkspace() async throws {
        try await withDemo { workspace in
            let sent = try await Tern.run(
                ["get", "{{baseURL}}/users/1", "--workspace", workspace.root.path, "--env", "local"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains("Ada Lovelace"), "\(sent.stdout)")
            let listed = try await Tern.run(["cache", "list", "--workspace", workspace.root.path])
            #expect(listed.stdout.contains("/users/1"), "\(listed.stdout)")
        }
    }

    @Test("the quick parser and swift-argument-parser read a typed request the same way")
    func bothParsers() async throws {
        let (folder, environment) = try Self.outside()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMockServer { server in
            let echo = server.baseURL.appendingPathComponent("echo").absoluteString
            for line in [["post", echo, "a=1", "b:=2", "X-Trace:1"], ["GET", echo, "q==x"], [echo, "n=1"], [echo]] {
                var outputs: [String] = []
                for parser in ["quick", "full"] {
                    var env = environment
                    env["TERN_PARSER"] = parser
                    let sent = try await Tern.run(line, in: folder, environment: env)
                    #expect(sent.status == 0, "\(parser) \(line): \(sent.stderr)")
                    let echoed = try Self.json(sent.stdout)
                    outputs.append("\(echoed["method"] ?? "") \(echoed["query"] ?? "") \(echoed["body"] ?? "")")
                }
                #expect(outputs[0] == outputs[1], "\(line)")
            }
        }
    }
}

/// A typed request met in the TUI: sent outside a workspace, then `tern --scratch` lists it in the
/// History window and shows the spec `--save` wrote, at 80×24 and 120×40.
@Suite("tern get URL, then tern --scratch", .serialized)
struct AdHocTUITests {
    @Test(
        "the scratch workspace's history and saved spec in the TUI",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func scratchInTheTUI(size: (width: Int, height: Int)) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-adhoc-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_DATA_HOME": folder.appendingPathComponent("xdg").path]
        try await withMockServer { server in
            let url = server.baseURL.appendingPathComponent("users/2").absoluteString
            let typed = try await Tern.run(["get", url, "X-Trace:tui"], in: folder, environment: environment)
            #expect(typed.status == 0, "\(typed.stderr)")
            let saved = try await Tern.run(
                ["get", url, "--save", "people/grace"], in: folder, environment: environment)
            #expect(saved.status == 0, "\(saved.stderr)")

            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "cd '\(folder.path)' && env XDG_DATA_HOME='\(environment["XDG_DATA_HOME"]!)' LANG=C.UTF-8 "
                    + "NCURSES_NO_UTF8_ACS=1 TERM=xterm-256color '\(Tern.binary.path)' --scratch; "
                    + "echo TERN-EXITED:$?; sleep 20", width: size.width, height: size.height)
            // The spec --save wrote is listed; the History window holds both sends: the typed one by
            // its URL, the saved one by its spec.
            let opened = try await tmux.waitFor { $0.contains("grace") }
            #expect(opened.contains("people"), "\(opened)")
            try await tmux.type("H")
            let history = try await tmux.waitFor {
                $0.contains(":\(server.baseURL.port ?? 0)/users/2") && $0.contains("people/grace")
            }
            #expect(history.contains("200 live"), "\(history)")
            #expect(!history.contains("adhoc"), "\(history)")
            try await tmux.type("Escape", "q")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }
}

/// HTTPie's whole command line as a newcomer types it, from a clean HOME: options before the method,
/// a session signed in and reused, `-p hb`, `--check-status`'s exit statuses, `--offline`, `-d`, and the
/// output on a terminal read as HTTPie's.
@Suite("tern with HTTPie's options, from a clean HOME", .serialized)
struct HTTPieOptionsJourneyTests {
    /// A clean HOME with its own XDG data folder; no workspace around.
    private static func home() throws -> (folder: URL, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, ["HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent(".local/share").path])
    }

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("options before the method, a session, -p hb, --check-status, --offline, -d, -h and --help")
    func newcomer() async throws {
        let (folder, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMockServer { server in
            let base = server.baseURL.absoluteString
            func tern(_ words: String...) async throws -> RunResult {
                try await Tern.run(words, in: folder, environment: environment)
            }
            // Options first, as HTTPie takes them.
            let form = try await tern("-f", "POST", base + "/echo", "a=1", "a=2")
            #expect(form.status == 0, "\(form.stderr)")
            #expect(try Self.json(form.stdout)["body"] as? String == "a=1&a=2", "\(form.stdout)")
            let lower = try await tern("--json", "post", base + "/echo", "n:=1")
            #expect(try Self.json(lower.stdout)["method"] as? String == "POST", "\(lower.stderr)")
            let basic = try await tern("-a", "ada:pw", base + "/echo")
            let headers = try #require(try Self.json(basic.stdout)["headers"] as? [String: String])
            #expect(headers["authorization"] == "Basic " + Data("ada:pw".utf8).base64EncodedString())

            // A session signed in once is reused; without it no cookie is kept, as with HTTPie.
            let login = try await tern(
                "--session", "work", "POST", base + "/session/login", "username=ada", "password=tern", "X-Team:core")
            #expect(login.status == 0, "\(login.stderr)")
            let anonymous = try await tern("--check-status", base + "/session/me")
            #expect(anonymous.status == 4, "no cookie outside a session: \(anonymous.stdout)")
            #expect(anonymous.stderr.contains("HTTP 401"), "\(anonymous.stderr)")
            let me = try await tern("--session", "work", "--check-status", base + "/session/me")
            #expect(me.status == 0, "\(me.stderr)")
            #expect(try Self.json(me.stdout)["user"] as? String == "ada")
            let echoed = try await tern("--session=work", base + "/echo")
            let kept = try #require(try Self.json(echoed.stdout)["headers"] as? [String: String])
            #expect(kept["x-team"] == "core", "the session's headers are sent: \(kept)")
            let cookies = try await tern("cookies", "--session", "work")
            #expect(cookies.status == 0, "\(cookies.stderr)")
            #expect(cookies.stdout.contains("session"), "\(cookies.stdout)")
            #expect(cookies.stdout.contains("ada.…"), "values masked: \(cookies.stdout)")
            // A read-only session sends its cookie but keeps what the logout would change.
            let logout = try await tern("--session-read-only", "work", "POST", base + "/session/logout")
            #expect(logout.status == 0, "\(logout.stderr)")
            let still = try await tern("--session", "work", "--check-status", base + "/session/me")
            #expect(still.status == 0, "the read-only session was not changed: \(still.stdout)")

            // -p hb in a pipe: the status line, the headers, then the body.
            let hb = try await tern("-p", "hb", base + "/echo", "q==1")
            #expect(hb.stdout.hasPrefix("HTTP/1.1 200 OK\n"), "\(hb.stdout)")
            let head = try #require(hb.stdout.range(of: "\n\n"))
            #expect(hb.stdout[..<head.lowerBound].lowercased().contains("content-type: application/json"))
            #expect(try Self.json(String(hb.stdout[head.upperBound...]))["query"] as? String == "q=1")
            let onlyHeaders = try await tern("-h", base + "/echo")
            #expect(onlyHeaders.stdout.hasPrefix("HTTP/1.1 200 OK\n") && !onlyHeaders.stdout.contains("{"))
            let help = try await tern("get", "--help")
            #expect(help.status == 0 && help.stdout.contains("--headers"), "\(help.stdout)")

            // --check-status: 3, 4 and 5, as HTTPie's.
            for (code, status) in [(302, Int32(3)), (404, 4), (500, 5), (200, 0)] {
                let checked = try await tern("--check-status", "GET", base + "/status/\(code)")
                #expect(checked.status == status, "\(code): \(checked.stderr)")
            }

            // --offline shows what a live -v shows of the request.
            let offline = try await tern("--offline", "-j", "POST", base + "/echo", "a=1")
            let live = try await tern("-v", "-j", "POST", base + "/echo", "a=1")
            for line in ["Content-Type: application/json", "User-Agent: tern/", "Accept-Encoding: ", #"{"a":"1"}"#] {
                #expect(offline.stdout.contains(line), "--offline: \(line)\n\(offline.stdout)")
                #expect(live.stdout.contains(line), "-v: \(line)\n\(live.stdout)")
            }

            // --timeout: an answer slower than the deadline is no answer (exit 1).
            let slow = try await tern("--timeout", "0.3", base + "/delay/3000")
            #expect(slow.status == 1, "\(slow.stderr)")
            #expect(slow.stderr.contains("did not answer within 300 ms"), "\(slow.stderr)")

            // -d: the body in a file named after the URL, never over an existing one.
            let download = try await tern("-d", base + "/echo")
            #expect(download.status == 0, "\(download.stderr)")
            #expect(download.stdout.isEmpty, "\(download.stdout)")
            let again = try await tern("--download", base + "/echo")
            #expect(again.status == 0, "\(again.stderr)")
            let first = try String(contentsOf: folder.appendingPathComponent("echo.json"), encoding: .utf8)
            #expect(try Self.json(first)["path"] as? String == "/echo")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("echo.json-1").path))
        }
    }

    @Test("--verify, --cert and --cert-key against a server that checks client certificates")
    func tlsOptions() async throws {
        let (folder, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await TLSTestServer(requireClientCertificate: true)
        let client = server.clientCertificate
        let files = [
            "ca.pem": server.authority.caPEM, "client.pem": client.certificatePEM, "client-key.pem": client.keyPEM,
            "both.pem": client.certificatePEM + "\n" + client.keyPEM,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let url = server.baseURL.absoluteString + "/mtls"
        func tern(_ words: String...) async throws -> RunResult {
            try await Tern.run(words, in: folder, environment: environment)
        }
        let signed = try await tern("--verify", "ca.pem", "--cert", "client.pem", "--cert-key", "client-key.pem", url)
        let both = try await tern("--verify=ca.pem", "--cert=both.pem", url)
        let unchecked = try await tern("--verify=no", "--cert", "client.pem", "--cert-key", "client-key.pem", url)
        let untrusted = try await tern("--cert", "client.pem", "--cert-key", "client-key.pem", url)
        let anonymous = try await tern("--verify", "ca.pem", url)
        await server.stop()
        #expect(signed.status == 0 && signed.stdout.contains("/mtls"), "\(signed.stderr)")
        #expect(both.status == 0, "a --cert file holding the key too: \(both.stderr)")
        #expect(unchecked.status == 0, "\(unchecked.stderr)")
        #expect(untrusted.status == 1, "the server's CA is not trusted: \(untrusted.stderr)")
        #expect(anonymous.status == 1, "no client certificate: \(anonymous.stderr)")
    }

    @Test(
        "--proxy PROTOCOL:URL: the proxy of the URL's protocol carries the request, another protocol's does not",
        .enabled(if: TinyProxy.binary != nil, "tinyproxy is not installed (make deps installs it)"))
    func proxyOption() async throws {
        let (folder, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMockServer { server in
            try await TinyProxy.with { proxy in
                let url = server.baseURL.absoluteString + "/echo"
                let address = "http://127.0.0.1:\(proxy.port)"
                let other = try await Tern.run(
                    ["--proxy", "https:" + address, url, "q==direct"], in: folder, environment: environment)
                #expect(other.status == 0, "\(other.stderr)")
                let proxied = try await Tern.run(
                    ["--proxy", "http:" + address, url, "q==proxied"], in: folder, environment: environment)
                #expect(proxied.status == 0, "\(proxied.stderr)")
                // One request went through the proxy (tunnelled): the second.
                let log = proxy.log
                #expect(log.components(separatedBy: "Request (").count == 2, "\(log)")
                #expect(log.contains("CONNECT 127.0.0.1:\(server.baseURL.port ?? 0)"), "\(log)")
            }
        }
    }

    @Test("tern send -v shows the request's body")
    func sendVerboseBody() async throws {
        let (folder, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMockServer { server in
            let saved = try await Tern.run(
                ["post", server.baseURL.absoluteString + "/echo", "name=Ada", "--save", "people/add"], in: folder,
                environment: environment)
            #expect(saved.status == 0, "\(saved.stderr)")
            let scratch = folder.appendingPathComponent(".local/share/tern/scratch").path
            let sent = try await Tern.run(
                ["send", "people/add", "-v", "--workspace", scratch], in: folder, environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stderr.contains("> POST "), "\(sent.stderr)")
            #expect(sent.stderr.contains(#"> {"name":"Ada"}"#), "\(sent.stderr)")
        }
    }

    @Test(
        "on a terminal: the status line, the headers, the body, then the summary and the timing line",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func terminalOrder() async throws {
        let (folder, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMockServer { server in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "cd '\(folder.path)' && env HOME='\(folder.path)' XDG_DATA_HOME='\(environment["XDG_DATA_HOME"]!)' "
                    + "NO_COLOR=1 '\(Tern.binary.path)' '\(server.baseURL.absoluteString)/echo' q==1; "
                    + "echo TERN-EXITED:$?; sleep 20", width: 120, height: 60)
            let screen = try await tmux.waitFor("TERN-EXITED:0")
            let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let status = try #require(lines.firstIndex { $0.hasPrefix("HTTP/1.1 200 OK") }, "\(screen)")
            let header = try #require(lines.firstIndex { $0.hasPrefix("Content-Type:") }, "\(screen)")
            let body = try #require(lines.firstIndex { $0.hasPrefix("\"path\"") }, "\(screen)")
            let summary = try #require(lines.firstIndex { $0.hasPrefix("200 OK · LIVE") }, "\(screen)")
            let timing = try #require(lines.firstIndex { $0.hasPrefix("timing:") }, "\(screen)")
            #expect(lines.firstIndex { !$0.isEmpty } == status, "the status line comes first: \(screen)")
            #expect(status < header && header < body && body < summary && summary < timing, "\(screen)")
            #expect(!lines.contains("HTTP/1.1"), "no lone protocol line: \(screen)")
        }
    }
}
