import Foundation
import TernTesting
import Testing

/// `tern get ws://…`, `tern repl` and the conversation's output against servers that misbehave on
/// purpose: one that never answers Tern's close, one whose messages and close reason carry terminal
/// escapes; and stdin lines longer than a message may be.
@Suite("WebSocket in the CLI against hostile servers and input", .serialized, .timeLimit(.minutes(3)))
struct WebSocketHostileCLITests {
    /// Escapes a server may send: OSC 52 (writes the clipboard), a window title, a cleared screen,
    /// a carriage return over the line, a right-to-left override.
    static let messages = ["\u{1B}]52;c;aGk=\u{07}pwned", "\u{1B}[2J\u{1B}]0;title\u{07}x\r\u{202E}evil"]
    static let reason = "\u{1B}]52;c;Zm9v\u{07}bye"
    /// What a terminal would act on in them.
    static let acted = ["\u{1B}]52", "\u{1B}[2J", "\u{1B}]0;", "\u{202E}", "\u{07}"]

    /// Runs `body` with a home folder of its own (no user state read or written).
    func withHome(_ body: (URL, [String: String]) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try await body(home, ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_CACHE_HOME": ""])
    }

    @Test("tern get ws:// with stdin closed ends after the close timeout when the server never answers the close")
    func unansweredClose() async throws {
        let server = try HostileServer(.webSocket(messages: ["hi"], closeCode: nil))
        defer { server.stop() }
        try await withHome { home, environment in
            // The limit only keeps a hang from holding the suite: the close timeout is 5 s.
            let run = try await Tern.run(
                ["get", "ws://127.0.0.1:\(server.port)/deaf"], in: home, environment: environment,
                limit: .seconds(60))
            #expect(run.stdout == "hi\n", "\(run)")
            #expect(run.status == 1, "\(run)")
            #expect(
                run.stderr.contains(
                    "closed 1006 abnormal closure by Tern: 127.0.0.1:\(server.port) did not answer Tern's close "
                        + "(1000 normal closure) within 5 s (the close timeout): Tern dropped the connection"),
                "\(run.stderr)")
        }
    }

    @Test("into a pipe the messages go as they came; the close reason on stderr is made safe")
    func escapesIntoAPipe() async throws {
        let server = try HostileServer(.webSocket(messages: Self.messages, closeCode: 4000, reason: Self.reason))
        defer { server.stop() }
        try await withHome { home, environment in
            let run = try await Tern.run(
                ["get", "ws://127.0.0.1:\(server.port)/evil"], in: home, environment: environment)
            #expect(run.stdout == Self.messages.joined(separator: "\n") + "\n", "\(run)")
            #expect(run.stderr.contains("closed 4000 by the server: ?]52;c;Zm9v?bye"), "\(run.stderr)")
            for sequence in Self.acted { #expect(!run.stderr.contains(sequence), "\(run.stderr)") }
        }
    }

    @Test("on a terminal the messages and the close reason show their escapes as ?")
    func escapesOnATerminal() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("script(1) is not installed (util-linux)")
            return
        }
        let server = try HostileServer(.webSocket(messages: Self.messages, closeCode: 4000, reason: Self.reason))
        defer { server.stop() }
        try await withHome { home, environment in
            // script(1) runs tern on a pseudo-terminal and copies what it wrote, byte for byte.
            let command = "'\(Tern.binary.path)' get ws://127.0.0.1:\(server.port)/evil < /dev/null"
            var variables = ProcessInfo.processInfo.environment
            variables["TERN_WORKSPACE"] = nil
            variables["NO_COLOR"] = "1"
            for (name, value) in environment { variables[name] = value }
            let outcome = try await ChildProcess.run(
                "/usr/bin/script", ["-qec", command, "/dev/null"], in: home.path, environment: variables,
                joinErrors: true, timeout: 60)
            let shown = outcome.text
            #expect(shown.contains("?]52;c;aGk=?pwned"), "\(shown.debugDescription)")
            #expect(shown.contains("?[2J?]0;title?x??evil"), "\(shown.debugDescription)")
            #expect(shown.contains("closed 4000 by the server: ?]52;c;Zm9v?bye"), "\(shown.debugDescription)")
            for sequence in Self.acted { #expect(!shown.contains(sequence), "\(shown.debugDescription)") }
        }
    }

    @Test("the REPL's recv and close show a server's escapes as ?")
    func escapesInTheREPL() async throws {
        let server = try HostileServer(.webSocket(messages: Self.messages, closeCode: 4000, reason: Self.reason))
        defer { server.stop() }
        try await withDemo { workspace in
            try workspace.write("specs/live/evil.yaml", "path: ws://127.0.0.1:\(server.port)/evil\nwebsocket: {}\n")
            let run = try await Tern.run(workspace.arguments("repl"), input: "connect live/evil\nrecv 5\n")
            #expect(run.stdout.contains("← ?]52;c;aGk=?pwned"), "\(run)")
            #expect(run.stdout.contains("← ?[2J?]0;title?x??evil"), "\(run)")
            #expect(run.stdout.contains("closed 4000 by the server: ?]52;c;Zm9v?bye"), "\(run)")
            for sequence in Self.acted + ["\r"] { #expect(!run.stdout.contains(sequence), "\(run)") }
        }
    }

    @Test("a stdin line over 1 MiB is not sent and stderr says so; one with no newline at all is read past")
    func longStdinLines() async throws {
        guard WebSocketServer.python != nil else {
            Issue.record("python3-websockets is not installed (make deps installs it)")
            return
        }
        try await WebSocketServer.with { server in
            try await withHome { home, environment in
                let url = "\(server.baseURL)/echo"
                let long = String(repeating: "b", count: 3 << 19)
                let mixed = try await Tern.run(
                    ["get", url], in: home, environment: environment, input: long + "\nhello\n")
                #expect(mixed.stdout == "hello\n", "\(mixed.stdout.prefix(200))")
                #expect(
                    mixed.stderr.contains(
                        "tern: stdin line 1 is longer than 1 MiB, the most a line sent as a message may be: it was "
                            + "not sent"),
                    "\(mixed.stderr.prefix(500))")
                let endless = try await Tern.run(
                    ["get", url], in: home, environment: environment, input: String(repeating: "c", count: 4 << 20))
                #expect(endless.stdout.isEmpty, "\(endless.stdout.prefix(200))")
                #expect(
                    endless.stderr.contains("tern: stdin line 1 is longer than 1 MiB"), "\(endless.stderr.prefix(500))")
            }
        }
    }
}
