import Foundation
import Testing

/// What a newcomer does first in the TUI, at 80×24 and 120×40: `:send` another spec and see it named in the
/// header and the Request pane; `e` on a spec in the tree edits its body at once (no Enter first); the
/// response's summary row keeps whole figures.
@Suite("The TUI's first steps", .serialized)
struct TUIFirstStepsTests {
    @Test(
        ":send NAME selects what it sent; e in the tree edits that spec's body in $EDITOR",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func firstSteps(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            // An editor that writes a new body, as a person would, and leaves.
            let editor = workspace.root.appendingPathComponent("edit.sh")
            try Data("#!/bin/sh\nprintf '{\"name\": \"Edited\"}\\n' > \"$1\"\n".utf8).write(to: editor)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "env EDITOR='\(editor.path)' " + TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")

            try await tmux.type(":", "send list-users", "Enter")
            let sent = try await tmux.waitFor("list-users: 200")
            let lines = sent.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.contains("users/list-users") == true, "the header names the spec sent:\n\(sent)")
            #expect(sent.contains("GET /users "), "the Request pane shows it:\n\(sent)")
            // The summary row under the Response title: every figure on it whole (the size ends in B).
            let title = try #require(lines.firstIndex { $0.contains("3 Response") })
            let summary = lines[title + 1]
            #expect(summary.contains("200 OK"), "\(summary)")
            #expect(summary.range(of: #"\s\d+(\.\d+)?\s*[│┃]"#, options: .regularExpression) == nil, "cut: \(summary)")

            try await tmux.type("1", "/")
            try await tmux.type("create-user", "Enter")
            try await tmux.type("e")
            let edited = try await tmux.waitFor("body of users/create-user replaced")
            #expect(edited.split(separator: "\n").first?.contains("users/create-user") == true, "\(edited)")
            try await tmux.type("q")
            try await tmux.waitFor("y quit · n stay")
            try await tmux.type("y")
            try await tmux.waitFor("TERN-EXITED:0")
        }
    }
}
