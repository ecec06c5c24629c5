import Foundation
import Testing

/// Files edited, added or broken on disk while the TUI or the REPL runs are picked up, unsaved edits are
/// kept, and `save` does not overwrite a file someone else changed: the real `tern` in tmux.
@Suite("workspace reload (TUI and REPL, in tmux)", .serialized)
struct ReloadEndToEndTests {
    @Test(
        "at 80×24 the TUI picks up a new spec, a changed one and a broken one, and :reload forces a look",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func tuiPicksUpChanges() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: 80, height: 24)
            try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("mode NORMAL") }

            try workspace.write("specs/users/second.yaml", "name: second\ntarget: api\nmethod: GET\npath: /users/2\n")
            try await tmux.waitFor("reloaded: 1 added (users/second)")
            try await tmux.type(":", "send users/second", "Enter")
            try await tmux.waitFor { $0.contains("users/second: 200 OK") && $0.contains("\"id\": 2,") }

            try workspace.write("specs/users/second.yaml", "name: second\ntarget: api\nmethod: GET\npath: /users/3\n")
            try await tmux.waitFor("reloaded: 1 changed (users/second)")
            try await tmux.type(":", "send users/second", "Enter")
            try await tmux.waitFor { $0.contains("users/second: 200 OK") && $0.contains("\"id\": 3,") }

            try workspace.write("specs/users/second.yaml", "name: second\ntarget: api\nmethd: GET\npath: /users/3\n")
            try await tmux.waitFor("✗ users/second is broken:")
            // The rest of the workspace still works.
            try await tmux.type(":", "send users/get-user", "Enter")
            try await tmux.waitFor("users/get-user: 200")

            try await tmux.type(":", "reload", "Enter")
            try await tmux.waitFor("reloaded: nothing changed on disk")
            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }

    @Test(
        "a spec another tern imports while the TUI runs appears in it, and can be used at once",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func tuiPicksUpAnImportFromAnotherProcess() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace))
            try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("mode NORMAL") }
            let imported = try await Tern.run(
                ["import", "curl", "-", "--into", "adhoc", "--workspace", workspace.root.path],
                input: "curl http://127.0.0.1:9/users/3 -H 'Accept: application/json'\n")
            #expect(imported.status == 0, "\(imported.stderr)")
            try await tmux.waitFor("reloaded: 1 added (adhoc/get-3)")
            try await tmux.type(":", "use adhoc/get-3", "Enter")
            try await tmux.waitFor("using adhoc/get-3")
            try await tmux.type(":", "curl", "Enter")
            try await tmux.waitFor("http://127.0.0.1:9/users/3")
        }
    }

    @Test(
        "the REPL picks up a change before the next line, keeps unsaved edits, and save refuses to overwrite",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func replPicksUpChangesAndKeepsEdits() async throws {
        try await withDemo { workspace in
            try workspace.write("specs/users/second.yaml", "name: second\ntarget: api\nmethod: GET\npath: /users/2\n")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "env LANG=C.UTF-8 PAGER=cat '\(Tern.binary.path)' repl --workspace '\(workspace.root.path)'; echo "
                    + "EXITED:$?; sleep 20")
            try await tmux.waitFor("Demo (local, normal)>")
            try await tmux.type("use users/second", "Enter")
            try await tmux.waitFor("using users/second")

            try workspace.write("specs/users/second.yaml", "name: second\ntarget: api\nmethod: GET\npath: /users/3\n")
            try await tmux.type("send", "Enter")
            let sent = try await tmux.waitFor {
                $0.contains("reloaded: 1 changed (users/second)") && $0.contains("200 OK")
            }
            #expect(sent.contains("Alan Turing"), "\(sent)")

            try await tmux.type("set header X-Mine 1", "Enter")
            try await tmux.waitFor("set header X-Mine on users/second (unsaved)")
            try workspace.write("specs/users/second.yaml", "name: second\ntarget: api\nmethod: GET\npath: /users/1\n")
            try await tmux.type("save", "Enter")
            try await tmux.waitFor("users/second changed on disk and has unsaved edits: your edits are kept")
            try await tmux.waitFor("specs/users/second.yaml changed on disk since it was read")
            let file = workspace.root.appendingPathComponent("specs/users/second.yaml")
            #expect(try String(contentsOf: file, encoding: .utf8).contains("/users/1"))

            try await tmux.type("revert", "Enter")
            try await tmux.waitFor("reverted users/second")
            try await tmux.type("quit", "Enter")
            try await tmux.waitFor("EXITED:0")
            #expect(try String(contentsOf: file, encoding: .utf8).contains("X-Mine") == false)
        }
    }
}
