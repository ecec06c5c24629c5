import Foundation
import Testing

/// The real `tern` binary in tmux on a copy of the demo workspace, driven like a user would.
@Suite(.serialized) struct TUIEndToEndTests {
    /// The shell line that runs tern in the pane, then reports its exit status.
    static func command(_ workspace: TemporaryWorkspace) -> String {
        "env LANG=C.UTF-8 NCURSES_NO_UTF8_ACS=1 TERM=xterm-256color TERN_WORKSPACE= '\(Tern.binary.path)' --workspace '\(workspace.root.path)'; echo \"TERN-EXITED $?\""
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make deps installs it)"))
    func sendSeeTheResponseRetriesTransfersAndCacheThenQuit() async throws {
        try await withDemo { workspace in
            let tmux = Tmux()
            defer { Task { await tmux.kill() } }
            try await tmux.start(Self.command(workspace))
            try await tmux.waitFor("the workspace tree") { $0.contains("1 Workspace") && $0.contains("flaky") }
            #expect(try await tmux.alternateScreenOn())

            // A flaky endpoint: two 503s, then 200 — the retry log shows every attempt.
            try await tmux.send(":")
            try await tmux.send("send reliability/flaky", literal: true)
            try await tmux.send("Enter")
            let flaky = try await tmux.waitFor("the flaky response") { $0.contains("200 OK") && $0.contains("3 attempts") && $0.contains("#3") }
            #expect(flaky.contains("LIVE"))
            #expect(flaky.contains("#1   status 503"))
            #expect(flaky.contains("\"attempts\": 3"))

            // A 50 MB download: the transfers pane shows it finished.
            try await tmux.send(":")
            try await tmux.send("send files/big-download", literal: true)
            try await tmux.send("Enter")
            try await tmux.waitFor("the download") { $0.contains("files/big-download: 200 OK") }
            try await tmux.send("4")
            let transfers = try await tmux.waitFor("the transfer") { $0.contains("↓ files/big-download") && $0.contains("done") }
            #expect(transfers.contains("52.4 MB/52.4 MB"))

            // The cache pane lists what was stored.
            try await tmux.send("6")
            let cache = try await tmux.waitFor("the cache entries") { $0.contains("6 Cache") && $0.contains("/flaky/demo") }
            #expect(cache.contains("live"))

            // Quit: the program exits 0 and the terminal leaves the alternate screen.
            try await tmux.send("q")
            let end = try await tmux.waitFor("tern to exit") { $0.contains("TERN-EXITED") }
            #expect(end.contains("TERN-EXITED 0"))
            #expect(try await tmux.alternateScreenOn() == false)
            #expect(!end.contains("1 Workspace"), "the TUI's frame is gone from the restored screen")
        }
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make deps installs it)"))
    func ctrlCAndATinyTerminalAlwaysRestoreTheTerminal() async throws {
        try await withDemo { workspace in
            let tmux = Tmux()
            defer { Task { await tmux.kill() } }
            try await tmux.start(Self.command(workspace), width: 60, height: 15)
            try await tmux.waitFor("the small-terminal notice") { $0.contains("at least 80×24") }
            try await tmux.send("C-c")
            let end = try await tmux.waitFor("tern to exit") { $0.contains("TERN-EXITED") }
            #expect(end.contains("TERN-EXITED 0"))
            #expect(try await tmux.alternateScreenOn() == false)
        }
    }
}
