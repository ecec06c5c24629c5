import Foundation
import TernTesting
import Testing

/// A WebSocket spec in the TUI at 80×24 and 120×40: `s` holds the conversation and the response pane
/// lists its messages; `:connect`, `:say`, `:recv` and `:close` talk by hand on the command line.
@Suite("WebSocket in the TUI", .serialized)
struct WebSocketTUITests {
    @Test(
        "s shows the conversation; :connect, :say, :recv and :close hold one open",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        .enabled(if: WebSocketServer.python != nil, "python3-websockets is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func conversation(width: Int, height: Int) async throws {
        try await WebSocketServer.with { server in
            try await withDemo { workspace in
                try WebSocketCLITests.writeTicks(workspace, server: server)
                try workspace.write(
                    "specs/live/echo.yaml",
                    """
                    path: \(server.baseURL)/greet
                    """)
                let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
                defer { tmux.kill() }
                try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
                try await tmux.waitFor("1 Workspace")
                try await tmux.type(":", "use live/ticks", "Enter")
                try await tmux.waitFor("using live/ticks")
                try await tmux.type("s")
                var screen = try await tmux.waitFor("Conversation (4)")
                #expect(screen.contains("101 Switching Protocols"), "\(screen)")
                #expect(screen.contains("{\"tick\": 2}"), "\(screen)")
                #expect(screen.contains("closed 1000 normal closure by Tern"), "\(screen)")
                // The transfers pane lists the conversation.
                try await tmux.type("4")
                screen = try await tmux.waitFor("⇄ live/ticks")
                try await tmux.type("3")

                try await tmux.type(":", "connect live/echo", "Enter")
                try await tmux.waitFor("connected to \(server.baseURL)/greet")
                // The response pane follows the open conversation as it goes.
                screen = try await tmux.waitFor("live/echo (open)")
                try await tmux.waitFor("welcome")
                try await tmux.type(":", "say ping-pong", "Enter")
                try await tmux.waitFor("→ ping-pong")
                screen = try await tmux.waitFor("Conversation (3)")
                try await tmux.type(":", "recv 2", "Enter")
                screen = try await tmux.waitFor("← welcome")
                try await tmux.type(":", "close", "Enter")
                screen = try await tmux.waitFor("closed 1000 normal closure by Tern")
                try await tmux.type("q")
                screen = try await tmux.waitFor("TERN-EXITED:0")
                #expect(!(try await tmux.alternateScreenOn()), "the terminal is restored: \(screen)")
            }
        }
    }
}
