import Foundation
import Synchronization
import TernExplorer
import TernMock
import TernREPL
import Testing

/// The REPL in scripted mode, against a real mock server on 127.0.0.1: every command of the language.
@Suite("Scripted REPL")
struct ScriptedREPLTests {
    @Test("ls lists the specs, use selects one, show prints it resolved")
    func listUseShow() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("ls", "use get-user", "show")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.split(separator: "\n").contains { $0.hasPrefix("users/get-user ") && $0.contains(" GET ") })
            #expect(run.out.contains("reliability/slow"))
            #expect(run.out.contains("using users/get-user"))
            #expect(
                run.out.contains(
                    "GET \(demo.server.baseURL.absoluteString)/users/1".replacingOccurrences(
                        of: "//users", with: "/users")))
            #expect(run.out.contains("Accept: application/json"))
            #expect(run.out.contains("storage key user-1"))
            #expect(run.err.isEmpty)
        }
    }

    @Test("set and unset edit headers, query parameters, variables and the body; send uses the edits")
    func editsAreSent() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "use echo", "set header X-Trace abc", "set header X-Gone 1", "set query page 2", "unset header X-Gone",
                #"body {"name": "Ada"}"#, "show", "send"
            )
            #expect(run.status == 0, "\(run.err)")
            let show = try #require(
                run.out.components(separatedBy: "200 OK").first?.components(separatedBy: "POST http").last)
            #expect(show.contains("X-Trace: abc"))
            #expect(!show.contains("X-Gone"))
            #expect(show.contains("/echo?page=2"))
            #expect(show.contains("unsaved edits"))
            let sent = try #require(run.out.components(separatedBy: "200 OK").last)
            #expect(sent.contains(#""x-trace": "abc""#))
            #expect(!sent.contains("x-gone"))
            #expect(sent.contains(#""query": "page=2""#))
            #expect(sent.contains(#"Ada"#))
            #expect(run.err.contains("unsaved edits in tools/echo were not saved"))
        }
    }

    @Test("timing shows where the last live answer's time went; a stored answer was not timed")
    func timing() async throws {
        try await DemoSession.with { demo in
            let before = await demo.run("timing")
            #expect(before.err.contains("there is no response yet"))
            let run = await demo.run("mode live", "send get-user", "timing", "send get-user", "timing")
            #expect(run.status == 0, "\(run.err)")
            let blocks = run.out.components(separatedBy: "Timing (")
            #expect(blocks.count == 3, "\(run.out)")
            #expect(blocks[1].hasPrefix("new connection)\nconnect    "))
            #expect(blocks[1].contains("\nfirst byte "))
            #expect(blocks[1].contains("\ntotal      █"))
            #expect(blocks[2].hasPrefix("reused connection)\nfirst byte "))
            let cached = await demo.run("mode cache", "send get-user", "timing")
            #expect(cached.err.contains("came from the cache, not the network"), "\(cached.err)")
        }
    }

    @Test("set var overrides the environment; unset var brings its value back")
    func variables() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("use get-user", "set var userId 7", "show", "unset var userId", "show")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("/users/7"))
            #expect(run.out.contains("storage key user-7"))
            #expect(run.out.components(separatedBy: "/users/1").count == 2)
        }
    }

    @Test("body @FILE reads a file; body edit runs the session's editor, and fails cleanly without one")
    func bodySources() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-repl-body-\(UUID().uuidString).json")
        try Data(#"{"from": "file"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await DemoSession.with(editor: { text in text.replacingOccurrences(of: "file", with: "editor") }) { demo in
            let run = await demo.run("use echo", "body @\(file.path)", "show", "body edit", "show")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains(#""from": "file""#))
            #expect(run.out.contains(#""from": "editor""#))
        }
        try await DemoSession.with { demo in
            let run = await demo.run("use echo", "body edit", "body @/nonexistent/file.json", "show")
            #expect(run.status == 1)
            #expect(run.err.contains("line 2: 'body edit' needs a terminal"))
            #expect(run.err.contains("line 3: cannot read"))
            #expect(run.out.contains(#""hello": "world""#), "the body is unchanged")
        }
    }

    @Test("mode and env switch the session; a cache miss in cache mode fails the run with status 1")
    func modeAndEnvironment() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "mode cache", "send get-user", "mode live", "send get-user", "mode normal", "send get-user",
                "mode sample",
                "send user-profile", "env shared", "use get-user", "show", "env nowhere"
            )
            #expect(run.status == 1)
            #expect(run.out.contains("mode cache"))
            #expect(run.err.contains("line 2:"))
            #expect(run.out.contains("200 OK · LIVE"))
            #expect(run.out.contains("200 OK · CACHE (stored"))
            #expect(run.out.contains("200 OK · SAMPLE"))
            #expect(run.out.contains("first published algorithm"))
            #expect(run.out.contains("environment shared"))
            #expect(run.out.contains("GET http://127.0.0.1:8787/users/2"))
            #expect(run.err.contains("line 12: unknown environment 'nowhere'"))
        }
    }

    @Test("send prints the status line and pretty JSON; retries show in the status line and the retry log")
    func sendAndLog() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("log", "send get-user", "send flaky", "log")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("the retry log is empty"))
            #expect(run.out.contains("\"name\": \"Ada Lovelace\""))
            #expect(run.out.contains("3 attempts"))
            #expect(run.out.contains("TIME"))
            #expect(run.out.contains("status 503"))
            #expect(run.out.contains("retry in"))
            #expect(run.out.contains("200 live"))
        }
    }

    @Test("transfers lists downloads; binary bodies print as a hex summary, never raw bytes")
    func transfersAndBinary() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("transfers", "send small-download", "transfers", "send binary")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("no uploads or downloads yet"))
            #expect(run.out.contains("was saved to"))
            #expect(run.out.contains("download"))
            #expect(run.out.contains("4.1 KB / 4.1 KB (100%)"))
            #expect(run.out.contains("300 B of binary data"))
            #expect(run.out.contains("00000000  "))
            #expect(run.out.contains("… 236 more bytes"))
        }
    }

    @Test("verify compares the selected spec live with its stored answer")
    func verify() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("use get-user", "verify", "send", "verify", "verify users")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("? users/get-user: nothing stored for this request"), "\(run.out)")
            #expect(run.out.contains("✓ users/get-user: the live answer matches the stored one"), "\(run.out)")
            #expect(run.out.contains("users/list-users"), "a group verifies each of its specs")
        }
    }

    @Test("cache list, show and clear")
    func cache() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "cache list", "send get-user", "cache list", "cache show user-1", "cache clear user-1",
                "cache show user-1",
                "send list-users", "cache clear", "cache"
            )
            #expect(run.status == 1)
            #expect(run.out.contains("the cache is empty"))
            #expect(run.out.contains("KEY"))
            #expect(run.out.contains("user-1 @local  200"))
            #expect(run.out.contains("GET \(demo.server.baseURL.absoluteString)"))
            #expect(run.out.contains("removed 'user-1 @local' from the cache"))
            #expect(run.err.contains("line 6: nothing is stored under 'user-1'"))
            #expect(run.out.contains("cleared the cache"))
            #expect(run.out.hasSuffix("the cache is empty\n"))
        }
    }

    @Test("save writes the edited spec; save as writes a new one")
    func save() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "use get-user", "set header X-Trace abc", "save as users/get-user-traced", "ls", "set header X-More 1",
                "save")
            #expect(run.status == 0, "\(run.err)")
            let copy = try String(
                contentsOf: demo.root.appendingPathComponent("specs/users/get-user-traced.yaml"), encoding: .utf8)
            #expect(copy.contains("X-Trace"))
            #expect(copy.contains("name: get-user-traced"), "a copy has a name of its own, not 'Get user'")
            #expect(!copy.contains("Get user"))
            #expect(run.out.contains("users/get-user-traced"))
            let saved = try String(
                contentsOf: demo.root.appendingPathComponent("specs/users/get-user-traced.yaml"), encoding: .utf8)
            #expect(saved.contains("X-More"))
            let original = try String(
                contentsOf: demo.root.appendingPathComponent("specs/users/get-user.yaml"), encoding: .utf8)
            #expect(!original.contains("X-Trace"))
            #expect(run.err.isEmpty, "everything was saved")
        }
    }

    @Test("history lists the sends, failed ones too")
    func history() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("history", "send get-user", "mode cache", "send create-user", "history")
            #expect(run.status == 1)
            #expect(run.out.contains("no sends recorded yet"))
            #expect(run.out.contains("WHEN"))
            #expect(run.out.contains("users/get-user"))
            #expect(run.out.contains("users/create-user"))
            #expect(run.out.contains("live"))
        }
    }

    @Test("curl prints a command a shell can run")
    func curl() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("curl", "use create-user", "curl")
            #expect(run.status == 1, "curl without a selection fails")
            #expect(run.err.contains("line 1: no spec is selected"))
            #expect(run.out.contains("curl '\(demo.server.baseURL.absoluteString)"), "POST with a body needs no -X")
            #expect(run.out.contains("-H 'X-Request-Source: demo'"))
            #expect(run.out.contains("--data-raw '{"))
        }
    }

    @Test("help lists every command or shows one; quit stops reading")
    func helpAndQuit() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("help", "help send", "quit", "ls")
            #expect(run.status == 0)
            for info in CommandRegistry.all { #expect(run.out.contains(info.usage)) }
            #expect(run.out.contains("usage: send [SPEC]"))
            #expect(!run.out.contains("SPEC  METHOD"), "nothing runs after quit")
        }
    }

    @Test("bad input: the closest command is suggested, usage is printed, the run goes on and exits 2")
    func badInput() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "# a comment", "", "sned", "use", "set header", "mode fast", "help nothing", "body", "use nothing", "ls"
            )
            #expect(run.status == 2)
            #expect(run.err.contains("line 3: unknown command 'sned'; did you mean 'send'?"))
            #expect(run.err.contains("line 4: usage: use SPEC"))
            #expect(run.err.contains("line 5: usage: set header|query|var NAME VALUE"))
            #expect(run.err.contains("line 6: unknown mode 'fast'"))
            #expect(run.err.contains("line 7: no command 'nothing'"))
            #expect(run.err.contains("line 8: usage: body TEXT|@FILE|edit"))
            #expect(run.err.contains("line 9: no spec named 'nothing'"))
            #expect(run.out.contains("users/get-user"), "the last line still ran")
        }
    }

    @Test("show and curl mask {{env:…}} secrets; send uses the real value")
    func secretsAreMasked() async throws {
        let prepare: (URL) throws -> Void = { root in
            let file = root.appendingPathComponent("environments/local.yaml")
            let text = try String(contentsOf: file, encoding: .utf8) + #"token: "{{env:TERN_TEST_TOKEN}}""# + "\n"
            try Data(text.utf8).write(to: file)
        }
        try await DemoSession.with(processEnvironment: ["TERN_TEST_TOKEN": "token-0"], prepare: prepare) { demo in
            let run = await demo.run("use protected", "show", "curl", "send")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("Authorization: Bearer ••••••"))
            #expect(run.out.contains(#"-H 'Authorization: Bearer '"$TERN_TEST_TOKEN""#))
            #expect(run.out.contains("-H 'User-Agent: tern-demo'"), "a variable's value is not a secret by accident")
            let beforeSend = try #require(run.out.components(separatedBy: "200 OK").first)
            #expect(!beforeSend.contains("token-0"))
            #expect(run.out.contains(#""ok": true"#))
        }
    }
}

/// Interactive behaviour that needs no terminal: prompts and the guard on unsaved edits.
@Suite("Interactive REPL without a terminal")
struct InteractiveREPLTests {
    /// Records the prompts it is shown.
    final class PromptRecorder: LineSource {
        let lines: ScriptLines
        let prompts = Mutex<[String]>([])

        init(_ lines: [String]) { self.lines = ScriptLines(lines) }

        func next(prompt: String, vocabulary: CompletionVocabulary) async -> LineInput {
            prompts.withLock { $0.append(prompt) }
            return await lines.next(prompt: prompt, vocabulary: vocabulary)
        }
    }

    @Test("the prompt follows the session; quit with unsaved edits warns first, a second quit leaves; status is 0")
    func quitGuard() async throws {
        try await DemoSession.with { demo in
            let input = PromptRecorder([
                "use get-user", "set header X-Trace 1", "quit", "mode live", "quit", "quit", "ls",
            ])
            let output = CapturedOutput()
            let repl = REPL(
                session: demo.session, options: REPL.Options(input: input, output: output, interactive: true))
            #expect(await repl.run() == 0)
            let prompts = input.prompts.withLock { $0 }
            #expect(prompts.first == "Demo (local, normal)> ")
            #expect(prompts.contains("Demo (local, normal) users/get-user*> "))
            #expect(prompts.contains("Demo (local, live) users/get-user*> "))
            #expect(prompts.count == 6, "ls after the second quit is never read")
            #expect(output.err.components(separatedBy: "quit again").count == 3, "warned twice: mode reset the warning")
            #expect(output.err.contains("unsaved edits in users/get-user were not saved"))
        }
    }

    @Test("the end of input (Ctrl-D) is guarded the same way")
    func endGuard() async throws {
        try await DemoSession.with { demo in
            let output = CapturedOutput()
            let input = ScriptLines(["use get-user", "body hello"])
            let repl = REPL(
                session: demo.session, options: REPL.Options(input: input, output: output, interactive: true))
            #expect(await repl.run() == 0)
            #expect(output.err.contains("quit again (or Ctrl-D)"))
            #expect(output.err.contains("were not saved"))
        }
    }

    @Test("with progress shown, a send draws one updating line of attempts and retries, then erases it")
    func liveLine() async throws {
        try await DemoSession.with { demo in
            let output = CapturedOutput()
            let options = REPL.Options(input: ScriptLines(["send flaky"]), output: output, showsProgress: true)
            #expect(await REPL(session: demo.session, options: options).run() == 0)
            let out = output.out
            #expect(out.contains("\r\u{1B}[Ksending reliability/flaky …"))
            #expect(out.contains("\r\u{1B}[Kretrying (attempt 1: status 503, retrying in"))
            #expect(out.contains("\r\u{1B}[K200 OK · LIVE"), "the line is erased before the status line")
        }
    }
}
