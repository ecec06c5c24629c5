import Foundation
import TernTesting
import Testing

/// `tern send` and `tern get` on WebSocket specs against Python's `websockets` server: the messages
/// printed as they come, `--events json`, stdin lines, `expect:`/`capture:`, a spec that requires an
/// HTTP log-in, the replay offline with the server stopped, and the exit codes.
@Suite("WebSocket in the CLI", .serialized, .timeLimit(.minutes(3)))
struct WebSocketCLITests {
    /// `live/ticks`: subscribes to the server's ticks and ends after three.
    static func writeTicks(_ workspace: TemporaryWorkspace, server: WebSocketServer) throws {
        try workspace.write(
            "specs/live/ticks.yaml",
            """
            path: \(server.baseURL)/subscribe
            websocket:
              messages:
                - {json: {op: subscribe, channel: ticks}}
              until: {received: 3}
            """)
    }

    func withServer(_ body: (WebSocketServer) async throws -> Void) async throws {
        guard WebSocketServer.python != nil else {
            Issue.record("python3-websockets is not installed (make deps installs it)")
            return
        }
        try await WebSocketServer.with(body)
    }

    func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test("log in over HTTP, connect with the captured token, check and capture; then replay it offline")
    func journey() async throws {
        try await withServer { server in
            try await withDemo { workspace in
                try workspace.write(
                    "specs/live/ticks.yaml",
                    """
                    # Logs in (auth/login captures the token), then subscribes with it.
                    path: \(server.baseURL)/subscribe
                    headers:
                      Authorization: Bearer {{token}}
                    requires:
                      - auth/login
                    websocket:
                      messages:
                        - {json: {op: subscribe, channel: ticks}}
                      until: {received: 3}
                    capture:
                      lastTick: $.messages[2].tick
                    expect:
                      status: 101
                      json:
                        $.messages[0].subscribed: ticks
                        $.count: 3
                        $.close.code: 1000
                    """)
                try workspace.write(
                    "specs/live/headers.yaml",
                    """
                    path: \(server.baseURL)/headers
                    headers:
                      Authorization: Bearer {{token}}
                    requires:
                      - auth/login
                    websocket:
                      until: {received: 1}
                    expect:
                      json:
                        $.messages[0].authorization: {matches: "^Bearer token-"}
                    """)
                let live = try await Tern.run(workspace.arguments("send", "live/ticks", "--fail"))
                #expect(live.status == 0, "\(live.stderr)")
                #expect(
                    live.stdout == "{\"subscribed\": \"ticks\"}\n{\"tick\": 1}\n{\"tick\": 2}\n", "\(live.stdout)")
                let headers = try await Tern.run(workspace.arguments("send", "live/headers", "--fail"))
                #expect(headers.status == 0, "\(headers.stderr) \(headers.stdout)")

                let captures = try String(
                    contentsOf: workspace.root.appendingPathComponent(".tern/captures.json"), encoding: .utf8)
                #expect(captures.contains("lastTick"), "\(captures)")

                // --events json: open, each message each way, close.
                let events = try await Tern.run(workspace.arguments("send", "live/ticks", "--events", "json"))
                let objects = lines(events.stdout)
                #expect(
                    objects.map { $0["event"] as? String } == [
                        "open", "message", "message", "message", "message", "close",
                    ])
                #expect(objects.compactMap { $0["direction"] as? String } == ["out", "in", "in", "in"])
                #expect((objects.last?["code"] as? Int) == 1000)
                #expect((objects[1]["data"] as? [String: String]) == ["channel": "ticks", "op": "subscribe"])

                await server.stop()
                // The server is gone: the conversation replays from the cache, checks and all.
                // --filter prints what it selects in the conversation's summary, not the messages.
                let filtered = try await Tern.run(
                    workspace.arguments(
                        "send", "live/ticks", "--mode", "cache", "--at-once", "--filter", "$.messages[*].tick"))
                #expect(filtered.stdout == "1\n2\n", "\(filtered.stdout)")
                let offline = try await Tern.run(
                    workspace.arguments("send", "live/ticks", "--mode", "cache", "--fail", "--events", "json"))
                #expect(offline.status == 0, "\(offline.stderr)")
                let replayed = lines(offline.stdout)
                #expect(replayed.first?["source"] as? String == "cache")
                #expect(replayed.filter { $0["direction"] as? String == "in" }.count == 3)
                let down = try await Tern.run(workspace.arguments("send", "live/ticks", "--mode", "live"))
                #expect(down.status == 1)
                #expect(down.stderr.contains("nothing is listening on 127.0.0.1:\(server.port)"), "\(down.stderr)")
            }
        }
    }

    @Test("tern get ws:// sends piped stdin lines and data items as the first message, and prints the answers")
    func adHoc() async throws {
        try await withServer { server in
            let echo = try await Tern.run(["get", "\(server.baseURL)/echo"], input: "one\ntwo\n")
            #expect(echo.status == 0, "\(echo.stderr)")
            #expect(echo.stdout == "one\ntwo\n")
            let subscribe = try await Tern.run(["get", "\(server.baseURL)/subscribe", "op=subscribe", "channel=news"])
            #expect(subscribe.stdout.hasPrefix("{\"subscribed\": \"news\"}\n"), "\(subscribe.stdout)")
        }
    }

    @Test("a typed conversation fed by stdin replays offline: the same lines replay, said CACHE; others are a miss")
    func adHocReplay() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let clean = ["HOME": home.path, "XDG_DATA_HOME": ""]
        try await withServer { server in
            let url = "\(server.baseURL)/echo"
            let live = try await Tern.run(["get", url], in: home, environment: clean, input: "one\ntwo\n")
            #expect(live.status == 0 && live.stdout == "one\ntwo\n", "\(live)")
            await server.stop()
            let replayed = try await Tern.run(
                ["get", url, "--mode", "cache"], in: home, environment: clean, input: "one\ntwo\n")
            #expect(replayed.status == 0 && replayed.stdout == "one\ntwo\n", "\(replayed)")
            #expect(replayed.stderr.contains("101 from CACHE (stored"), "\(replayed.stderr)")
            let other = try await Tern.run(
                ["get", url, "--mode", "cache"], in: home, environment: clean, input: "one\nthree\n")
            #expect(other.status == 1, "\(other)")
            #expect(
                other.stderr.contains(#"client message #2 was text "two"; this one is text "three""#), "\(other.stderr)"
            )
            let more = try await Tern.run(
                ["get", url, "--mode", "cache"], in: home, environment: clean, input: "one\ntwo\nfour\n")
            #expect(more.status == 1 && more.stderr.contains("no more messages from the client after 2"), "\(more)")
            // The third line a second after the first two: the replay has reached its end by then, and still
            // judges it (the client ended the recording, so the replay waits for the client's input to end).
            var environment = ProcessInfo.processInfo.environment
            environment["TERN_WORKSPACE"] = nil
            environment.merge(clean) { $1 }
            let late = try ChildProcess(
                "/bin/sh",
                [
                    "-c", #"(printf 'one\ntwo\n'; sleep 1; printf 'four\n') | "$0" get "$1" --mode cache"#,
                    Tern.binary.path, url,
                ],
                in: home.path, environment: environment)
            #expect(await late.waitForExit() == 1, "a message past the recording is a miss, however late it comes")
        }
    }

    @Test("a close the server meant is exit 0; a dropped connection or an error close is 1, said on stderr")
    func exitCodes() async throws {
        try await withServer { server in
            let normal = try await Tern.run(["get", "\(server.baseURL)/close", "code==1000"])
            #expect(normal.status == 0, "\(normal.stderr)")
            let error = try await Tern.run(["get", "\(server.baseURL)/close", "code==1011", "reason==broken"])
            #expect(error.status == 1)
            #expect(error.stderr.contains("closed 1011 internal error by the server: broken"), "\(error.stderr)")
            let dropped = try await Tern.run(["get", "\(server.baseURL)/drop"])
            #expect(dropped.status == 1)
            #expect(dropped.stderr.contains("1006"), "\(dropped.stderr)")
            let big = try await Tern.run(["get", "\(server.baseURL)/big", "bytes==6"])
            #expect(big.status == 0)
            #expect(big.stdout == "[binary, 6 bytes] 78 78 78 78 78 78\n", "\(big.stdout)")
        }
    }

    @Test("a bad websocket: block names its line and column")
    func badSpec() async throws {
        try await withDemo { workspace in
            try workspace.write(
                "specs/live/bad.yaml",
                """
                path: ws://127.0.0.1:1/x
                websocket:
                  messages:
                    - {binary: "not base64!"}
                """)
            let result = try await Tern.run(workspace.arguments("send", "live/bad"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("specs/live/bad.yaml:4:"), "\(result.stderr)")
            #expect(result.stderr.contains("not base64"), "\(result.stderr)")
        }
    }

    @Test("the REPL holds a conversation open: connect, recv, say, recv, close; the server's 1011 is said")
    func repl() async throws {
        try await withServer { server in
            try await withDemo { workspace in
                try workspace.write(
                    "specs/live/echo.yaml",
                    """
                    path: \(server.baseURL)/greet
                    websocket:
                      messages: [hello]
                    """)
                let input = "connect live/echo\nrecv 2\nsay again\nrecv\nping\nclose\nrecv\nconnect users/get-user\n"
                let result = try await Tern.run(workspace.arguments("repl"), input: input)
                let lines = result.stdout.split(separator: "\n").map(String.init)
                #expect(
                    lines.first?.hasPrefix("connected to \(server.baseURL)/greet; sent 1 message") == true, "\(lines)")
                #expect(
                    Array(lines.dropFirst().prefix(5)) == ["← welcome", "← hello", "→ again", "← again", "ping sent"])
                #expect(lines.contains("closed 1000 normal closure by Tern"), "\(lines)")
                #expect(result.stderr.contains("no conversation is open"), "\(result.stderr)")
                #expect(result.stderr.contains("users/get-user is an HTTP spec"), "\(result.stderr)")
            }
        }
    }

    @Test("a conversation leaves as a HAR with Chrome's _webSocketMessages and replays offline after import")
    func harRoundTrip() async throws {
        try await withServer { server in
            try await withDemo { first in
                try first.write(
                    "specs/live/echo.yaml",
                    """
                    path: \(server.baseURL)/greet
                    websocket:
                      messages: [hello, {binary: AAEC}]
                      until: {received: 3}
                    """)
                let live = try await Tern.run(first.arguments("send", "live/echo"))
                #expect(live.status == 0, "\(live.stderr)")
                let har = first.root.appendingPathComponent("conversation.har")
                let exported = try await Tern.run(first.arguments("cache", "export", har.path, "live/echo"))
                #expect(exported.status == 0, "\(exported.stderr)")
                let document = try JSONSerialization.jsonObject(with: Data(contentsOf: har)) as? [String: Any]
                let entries = (document?["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
                let messages = entries.first?["_webSocketMessages"] as? [[String: Any]] ?? []
                #expect(entries.first?["_resourceType"] as? String == "websocket")
                #expect(messages.map { $0["type"] as? String } == ["send", "send", "receive", "receive", "receive"])
                #expect(messages.map { $0["opcode"] as? Int } == [1, 2, 1, 1, 2])
                // `export har` (the history) carries the same messages.
                let fromHistory = first.root.appendingPathComponent("history.har")
                let history = try await Tern.run(first.arguments("export", "har", "live/echo", "-o", fromHistory.path))
                #expect(history.status == 0, "\(history.stderr)")
                let sends = try JSONSerialization.jsonObject(with: Data(contentsOf: fromHistory)) as? [String: Any]
                let sent = ((sends?["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.last
                #expect((sent?["_webSocketMessages"] as? [[String: Any]])?.count == 5, "\(String(describing: sent))")
                await server.stop()
                try await withDemo { second in
                    let imported = try await Tern.run(second.arguments("import", "har", har.path, "--into-cache"))
                    #expect(imported.status == 0, "\(imported.stderr)")
                    #expect(imported.stdout.contains("stored 1 recorded response"), "\(imported.stdout)")
                    let listed = try await Tern.run(second.arguments("list"))
                    let id = try #require(
                        listed.stdout.split(separator: "\n").compactMap { line in
                            line.split(separator: " ").first { $0.hasSuffix("get-greet") }.map(String.init)
                        }.first, "\(listed.stdout)")
                    let replay = try await Tern.run(second.arguments("send", id, "--mode", "cache"))
                    #expect(replay.status == 0, "\(replay.stderr)")
                    #expect(replay.stdout == "welcome\nhello\n[binary, 3 bytes] 00 01 02\n", "\(replay.stdout)")
                }
            }
        }
    }

    @Test("tern mock serves recorded conversations and samples as WebSocket endpoints; sample mode replays a sample")
    func mockServes() async throws {
        try await withServer { server in
            try await withDemo { workspace in
                try Self.writeTicks(workspace, server: server)
                try workspace.write(
                    "specs/live/chat.yaml",
                    """
                    path: /chat
                    protocol: websocket
                    websocket:
                      messages: [hi]
                      until: {received: 2}
                      sample:
                        - {in: welcome}
                        - {out: hi}
                        - {in: {json: {reply: hello}}}
                    """)
                let recorded = try await Tern.run(workspace.arguments("send", "live/ticks"))
                #expect(recorded.status == 0, "\(recorded.stderr)")
                await server.stop()

                let sampled = try await Tern.run(workspace.arguments("send", "live/chat", "--mode", "sample"))
                #expect(sampled.status == 0, "\(sampled.stderr)")
                #expect(sampled.stdout == "welcome\n{\"reply\":\"hello\"}\n", "\(sampled.stdout)")

                let port = try FreePort.onLoopback()
                let mock = try ChildProcess(
                    Tern.binary.path, workspace.arguments("mock", "--ws-port", String(port)), output: .null,
                    error: .null)
                defer { Task { await mock.stop() } }
                #expect(await FreePort.waitUntilListening(port, seconds: 15))
                let served = try await Tern.run([
                    "get", "ws://127.0.0.1:\(port)/subscribe", "channel=ticks", "op=subscribe",
                ])
                #expect(served.status == 0, "\(served.stderr)")
                #expect(served.stdout.hasPrefix("{\"subscribed\": \"ticks\"}\n"), "\(served.stdout)")
                let chat = try await Tern.run(["get", "ws://127.0.0.1:\(port)/chat"], input: "hi\n")
                #expect(chat.stdout == "welcome\n{\"reply\":\"hello\"}\n", "\(chat.stdout)")
                let wrong = try await Tern.run(["get", "ws://127.0.0.1:\(port)/chat"], input: "bye\n")
                #expect(wrong.status == 1)
                #expect(wrong.stderr.contains("1008"), "\(wrong.stderr)")
                await mock.stop()
            }
        }
    }

    @Test("a secret in a message sent is masked in --events json and the conversation summary, never printed")
    func secretsMasked() async throws {
        try await withServer { server in
            try await withDemo { workspace in
                try workspace.write(
                    "specs/live/auth.yaml",
                    """
                    path: \(server.baseURL)/greet
                    websocket:
                      messages: ["auth {{env:WS_TOKEN}}"]
                      until: {received: 2}
                    """)
                let token = "tok-9f8e7d6c5b4a"
                let events = try await Tern.run(
                    workspace.arguments("send", "live/auth", "--events", "json"), environment: ["WS_TOKEN": token])
                #expect(events.status == 0, "\(events.stderr)")
                let out = lines(events.stdout).filter { $0["direction"] as? String == "out" }
                #expect(out.count == 1)
                #expect(out.first?["data"] as? String == "auth ••••••", "\(out)")
                // The server echoed it: what came back is printed as it came, like any answer.
                #expect(!events.stderr.contains(token))
                let repl = try await Tern.run(
                    workspace.arguments("repl"), environment: ["WS_TOKEN": token], input: "send live/auth\n")
                #expect(repl.stdout.contains("\"auth ••••••\""), "\(repl.stdout)")
                #expect(repl.stdout.components(separatedBy: token).count <= 2, "only the echo holds it: \(repl.stdout)")
            }
        }
    }
}
