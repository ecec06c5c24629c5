import Foundation
import Testing

/// `y` in the real TUI inside tmux: the OSC 52 sequence reaches tmux, which (with `set-clipboard on`)
/// keeps the text as a paste buffer, as it would hand it to the terminal's clipboard over ssh.
@Suite("tern (the TUI's clipboard, in tmux)", .serialized)
struct TUIClipboardEndToEndTests {
    @Test(
        "y copies the curl command, then the response body; tmux's buffer holds each",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func yankThroughTmux() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace))
            try await tmux.command("set-option", "-g", "set-clipboard", "on")
            try await tmux.waitFor { $0.contains("1 Workspace") && $0.contains("get-user") }
            try await tmux.type(":", "use users/get-user", "Enter")
            try await tmux.waitFor("GET /users/{{userId}}")

            // Nothing sent yet: the menu offers the URL and the curl command.
            try await tmux.type("y")
            let menu = try await tmux.waitFor {
                $0.contains("Copy to the clipboard") && $0.contains("the URL") && $0.contains("the curl command")
            }
            #expect(!menu.contains("the response body"))
            try await tmux.type("j", "Enter")
            try await tmux.waitFor("copied the curl command to the clipboard")
            let curl = try await tmux.command("show-buffer")
            #expect(curl.hasPrefix("curl "), "\(curl)")
            #expect(curl.contains("/users/1"))

            // After a send, the body is the first choice.
            try await tmux.type("s")
            try await tmux.waitFor("200 OK")
            try await tmux.type("y")
            try await tmux.waitFor("the response body")
            try await tmux.type("Enter")
            try await tmux.waitFor("copied the response body to the clipboard")
            let body = try await tmux.command("show-buffer")
            #expect(body.contains("\"name\": "), "pretty JSON, as the pane shows it: \(body)")
            #expect(body.hasPrefix("{"))

            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:")
        }
    }
}
