import Foundation
import Testing

/// The mouse in the real TUI inside tmux: the terminal's own mouse reports (SGR mode) reach
/// ncurses, and a click selects what is under it.
@Suite("tern (the TUI's mouse, in tmux)", .serialized)
struct TUIMouseEndToEndTests {
    @Test(
        "a click on a spec in the tree selects it; a click on the status line opens the messages",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func clickSelectsASpec() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace))
            let screen = try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("flaky /flaky/demo") }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let row = try #require(lines.firstIndex { $0.contains("flaky /flaky/demo") })
            let column = try #require(lines[row].range(of: "flaky /flaky")).lowerBound
            try await tmux.click(x: lines[row].distance(from: lines[row].startIndex, to: column), y: row)
            let selected = try await tmux.waitFor("GET /flaky/demo")
            #expect(selected.split(separator: "\n").first?.contains("reliability/flaky") == true, "the header names it")

            try await tmux.click(x: 2, y: 40 - 2)  // the status line of the 40-row pane
            try await tmux.waitFor("messages (newest first)")
            try await tmux.type("Escape", "q")
            try await tmux.waitFor("TERN-EXITED:")
        }
    }
}
