import Foundation
import Testing

/// The real `tern` binary in tmux on a copy of the demo workspace, driven like a user would.
@Suite("tern (the TUI, in tmux)", .serialized)
struct TUIEndToEndTests {
    /// The shell line that runs tern in the pane, then reports its exit status.
    static func command(_ workspace: TemporaryWorkspace) -> String {
        "env LANG=C.UTF-8 NCURSES_NO_UTF8_ACS=1 TERM=xterm-256color '\(Tern.binary.path)' --workspace "
            + "'\(workspace.root.path)'; echo TERN-EXITED:$?; sleep 20"
    }

    @Test(
        "send, see the response, a retry log entry, a transfer and a cache entry, quit",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func sendAndQuit() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(Self.command(workspace))
            try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("flaky") }
            #expect(try await tmux.alternateScreenOn())

            // A flaky endpoint: two 503s, then 200 — the retry log shows every attempt.
            try await tmux.type(":", "send reliability/flaky", "Enter")
            let flaky = try await tmux.waitFor {
                $0.contains("200 OK") && $0.contains("3 attempts") && $0.contains("#3   200 live")
            }
            #expect(flaky.contains("LIVE"))
            #expect(flaky.contains("#1   status 503"))
            #expect(flaky.contains("\"attempts\": 3"))

            // A 50 MB download: the transfers pane shows it finished.
            try await tmux.type(":", "send files/big-download", "Enter")
            try await tmux.waitFor("files/big-download: 200 OK")
            try await tmux.type("4")
            let transfers = try await tmux.waitFor {
                $0.contains("↓ files/big-download") && $0.contains("52.4 MB/52.4 MB")
            }
            #expect(transfers.contains("done"))

            // The cache pane lists what was stored.
            try await tmux.type("6")
            // The focused pane's heavy title, not the strip's tab label: the frame before `6` has that too.
            let cache = try await tmux.waitFor { $0.contains("┏━ 6 Cache") && $0.contains("/flaky/demo") }
            #expect(cache.contains("live"))

            // Quit: the program exits 0 and the terminal leaves the alternate screen.
            try await tmux.type("q")
            let end = try await tmux.waitFor("TERN-EXITED:")
            #expect(end.contains("TERN-EXITED:0"))
            #expect(try await tmux.alternateScreenOn() == false)
            #expect(!end.contains("1 Workspace"), "the TUI's frame is gone from the restored screen")
            // The cache was closed: its write-ahead log is at most 512 KiB, little for the next start to read back.
            let log = workspace.root.appendingPathComponent(".tern/cache.sqlite-wal").path
            #expect(((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0) <= 512 * 1024)
        }
    }

    @Test(
        "at 80×24 a live answer's Request tab shows its timing waterfall, and :timing shows it again",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func timingWaterfall() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(Self.command(workspace), width: 80, height: 24)
            try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("mode NORMAL") }
            try await tmux.type(":", "mode live", "Enter")
            try await tmux.waitFor("mode LIVE")
            try await tmux.type(":", "send users/get-user", "Enter")
            try await tmux.waitFor("users/get-user: 200 OK")
            try await tmux.type("3", "]", "]")
            // At 80×24 the pane has room for the first rows; the dialog below shows them all. Both lines
            // are waited for: a capture can fall between the title's row and the bars' rows being drawn.
            try await tmux.waitFor { $0.contains("Timing (new connection)") && $0.contains("connect    █") }
            try await tmux.type(":", "timing", "Enter")
            let dialog = try await tmux.waitFor { $0.contains("timing") && $0.contains("first byte ") }
            #expect(dialog.contains("Timing (new connection)"))
            #expect(dialog.contains("total      █"), "\(dialog)")
            try await tmux.type("Escape", "q")
            #expect(try await tmux.waitFor("TERN-EXITED:").contains("TERN-EXITED:0"))
        }
    }

    @Test(
        "Ctrl-C on a tiny terminal exits and restores the terminal",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func ctrlCOnATinyTerminal() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(Self.command(workspace), width: 60, height: 15)
            try await tmux.waitFor("at least 80×24")
            try await tmux.type("C-c")
            let end = try await tmux.waitFor("TERN-EXITED:")
            #expect(end.contains("TERN-EXITED:130"), "a quit by Ctrl-C exits as a shell expects")
            #expect(try await tmux.alternateScreenOn() == false)
        }
    }

    @Test(
        "the login → bearer chain recorded by tern run replays offline in the TUI at 80×24, the real token shown",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func chainReplaysOfflineInTheTUI() async throws {
        try await withDemo { workspace in
            let recorded = try await Tern.run(workspace.arguments("run", "auth"))
            #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(Self.command(workspace), width: 80, height: 24)
            try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("mode NORMAL") }
            try await tmux.type(":", "mode cache", "Enter")
            try await tmux.waitFor("mode CACHE")
            try await tmux.type(":", "send auth/login", "Enter")
            let login = try await tmux.waitFor { $0.contains("auth/login: 200 OK") && $0.contains("CACHE") }
            #expect(login.contains("\"token\": \"token-"), "the stored answer as the server sent it: \(login)")
            try await tmux.type(":", "send auth/protected", "Enter")
            let protected = try await tmux.waitFor { $0.contains("auth/protected: 200 OK") }
            #expect(protected.contains("CACHE"), "replayed, not sent: \(protected)")
            try await tmux.type("q")
            #expect(try await tmux.waitFor("TERN-EXITED:").contains("TERN-EXITED:0"))
        }
    }
}
