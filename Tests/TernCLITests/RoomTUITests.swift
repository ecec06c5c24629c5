import Foundation
import Testing

/// At the documented minimum of 80×24 an answer has room: at least 12 lines of body without zooming,
/// `z` gives the answer's body every row but its status line, `w` switches wrapping, and the hint line fits.
@Suite("Room for the answer at 80×24", .serialized)
struct RoomTUITests {
    @Test(
        "an answer shows 12+ body lines at 80×24; z zooms and comes back; w switches wrapping; hints fit",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func room(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type(":", "send users/list-users", "Enter")
            let screen = try await tmux.waitFor("users/list-users: 200")
            // The body lines between the response's tab row and its bottom border.
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let tabRow = try #require(lines.firstIndex { $0.contains("Body (json)") })
            let bottom = try #require(lines[tabRow...].firstIndex { $0.contains("└") || $0.contains("┗") })
            #expect(bottom - tabRow - 1 >= 12, "\(bottom - tabRow - 1) body lines:\n\(screen)")
            // Every hint line ends whole: help and quit are always there.
            #expect(
                lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasSuffix("? help  q quit") == true)

            try await tmux.type("3", "z")
            // The answer zoomed: its body on every row but the last, which is its status line.
            let zoomed = try await tmux.waitFor("z back")
            #expect(!zoomed.contains("1 Workspace") && !zoomed.contains("2 Request"), "\(zoomed)")
            let rows = zoomed.split(separator: "\n", omittingEmptySubsequences: false).prefix(height)
            #expect(rows.first?.hasPrefix("[") == true, "the body starts on the first row:\n\(zoomed)")
            #expect(rows.last?.hasPrefix("200 OK") == true && rows.last?.contains("Body (json)") == true, "\(zoomed)")
            try await tmux.type("w")
            try await tmux.waitFor("long lines scroll with h/l")
            try await tmux.type("z")
            let back = try await tmux.waitFor("all panes back")
            #expect(back.contains("1 Workspace") && back.contains("2 Request"))
            try await tmux.type("q")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }
}
