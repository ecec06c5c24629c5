import Foundation
import Testing

/// `tern repl` on a terminal, driven in tmux: typing, Tab completion, history recall, Ctrl-C at the
/// prompt and during a slow request, and quit.
@Suite("tern repl (interactive, tmux)")
struct REPLInteractiveTests {
    @Test(
        "Tab completes, Up recalls, Ctrl-C cancels a slow request and keeps the REPL, quit leaves",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func interactiveSession() async throws {
        try await withDemo { demo in
            // Slow enough that Ctrl-C surely lands while the request runs.
            try demo.write(
                "specs/reliability/slow.yaml", "name: Slow endpoint\ntarget: api\nmethod: GET\npath: /delay/60000\n")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            let command =
                "env LANG=C.UTF-8 PAGER=cat '\(Tern.binary.path)' repl --workspace '\(demo.root.path)'; echo "
                + "EXITED:$?; sleep 20"
            try await tmux.start(command)
            try await tmux.waitFor("Demo (local, normal)>")

            try await tmux.type("us", "Tab")
            try await tmux.waitFor("Demo (local, normal)> use")
            try await tmux.type("get-u", "Tab")
            try await tmux.waitFor("> use get-user")
            try await tmux.type("Enter")
            try await tmux.waitFor("using users/get-user")
            try await tmux.waitFor("Demo (local, normal) users/get-user>")

            try await tmux.type("Up")
            try await tmux.waitFor("users/get-user> use get-user")
            try await tmux.type("C-u", "abc", "C-c")
            try await tmux.waitFor("users/get-user> abc^C")

            try await tmux.type("send slow", "Enter")
            try await tmux.waitFor("sending reliability/slow")
            // While it waits, the line counts the time (redrawn every 250 ms).
            try await tmux.waitFor {
                $0.range(of: #"sending reliability/slow … \d+(\.\d)? (ms|s)"#, options: .regularExpression) != nil
            }
            try await tmux.type("C-c")
            // One line, in the user's words, then the prompt.
            try await tmux.waitFor { screen in
                let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                guard
                    let index = lines.lastIndex(where: {
                        $0.hasPrefix("Demo (local, normal) users/get-user> send slow")
                    })
                else { return false }
                return lines.dropFirst(index + 1).first == "cancelled"
            }
            try await tmux.waitFor { screen in
                screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                    .hasPrefix("Demo (local, normal) users/get-user>") ?? false
            }

            // Ctrl-R says what it does, bash's way; Ctrl-G leaves the line as it was; Enter runs the match.
            try await tmux.type("C-r", "slo")
            try await tmux.waitFor("(reverse-i-search)`slo': send slow")
            try await tmux.type("C-r")
            try await tmux.waitFor("(failed reverse-i-search)`slo': send slow")
            try await tmux.type("C-g")
            try await tmux.waitFor { screen in
                let last = screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                return last.map { $0.trimmingCharacters(in: .whitespaces) == "Demo (local, normal) users/get-user>" }
                    ?? false
            }
            try await tmux.type("C-r", "use", "Enter")
            try await tmux.waitFor { $0.components(separatedBy: "using users/get-user").count == 3 }

            try await tmux.type("quit", "Enter")
            try await tmux.waitFor("EXITED:0")
            // libedit's history file writes spaces as \040.
            let history = try String(
                contentsOf: demo.root.appendingPathComponent(".tern/repl_history"), encoding: .utf8
            )
            .replacingOccurrences(of: "\\040", with: " ")
            #expect(history.contains("use get-user"))
            #expect(history.contains("send slow"))
        }
    }
}
