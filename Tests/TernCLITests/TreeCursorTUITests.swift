import Foundation
import Testing

/// In the workspace tree the cursor is the selection: keys typed ahead in one burst act on the row
/// the cursor reached, in order, and none is dropped.
@Suite("The tree's cursor is the selection", .serialized)
struct TreeCursorTUITests {
    @Test(
        "j j j Enter s in one burst sends the spec under the cursor; j s sends the next without Enter",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func burst(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type("j", "j", "j", "Enter", "s")
            try await tmux.waitFor("auth/protected: 200 OK")
            try await tmux.type("j", "s")
            try await tmux.waitFor("auth/refresh-token: ")
            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }
}
