import Foundation
import TernTesting
import Testing

/// Two answers side by side: `tern diff`, the REPL's `diff` and the TUI's `=` / `:diff` compare the
/// newest answer of a spec with the previous one, another environment's, or two sends of the history.
@Suite("Comparing answers", .serialized)
struct DiffTests {
    /// A spec whose echoed answer changes with every send (a random header) and with the environment,
    /// stored under one key (`storageKey`) whatever the header.
    static func write(_ workspace: TemporaryWorkspace, server: URL) throws {
        try workspace.write(
            "specs/changing.yaml",
            """
            method: GET
            path: "\(server.absoluteString)/echo"
            headers:
              X-Roll: "{{$randomInt 0 1000000}}"
              X-Env: "{{flavour}}"
            storageKey: changing
            verify:
              ignore: ["$.headers['user-agent']"]
            """)
        try workspace.write("environments/local.yaml", "mock: \"\(server.absoluteString)\"\nflavour: plain\n")
        try workspace.write("environments/other.yaml", "mock: \"\(server.absoluteString)\"\nflavour: spicy\n")
    }

    @Test("tern diff: nothing stored exits 1; two different answers exit 4 and name the fields; --with and --history")
    func cli() async throws {
        try await withDemo { workspace in
            try await withMockServer { server in
                try Self.write(workspace, server: server.baseURL)
                let none = try await Tern.run(workspace.arguments("diff", "changing"))
                #expect(none.status == 1 && none.stdout.contains("nothing stored"), "\(none.stdout)")
                for _ in 0..<2 {
                    let sent = try await Tern.run(workspace.arguments("send", "changing", "--mode", "live"))
                    #expect(sent.status == 0, "\(sent.stderr)")
                }
                let diff = try await Tern.run(workspace.arguments("diff", "changing", "--side-by-side"))
                #expect(diff.status == 4, "\(diff.stdout) \(diff.stderr)")
                #expect(diff.stdout.contains("✗ changing: previous, stored"), "\(diff.stdout)")
                #expect(diff.stdout.contains("~ $.headers['x-roll']:"), "\(diff.stdout)")
                #expect(!diff.stdout.contains("$.headers['x-env']"), "the same in both")
                #expect(diff.stdout.contains("(ignoring $.headers['user-agent'])"))
                #expect(diff.stdout.contains(" ≠ "), "the bodies side by side, the lines that differ marked")

                let other = try await Tern.run(
                    workspace.arguments("send", "changing", "--mode", "live", "--env", "other"))
                #expect(other.status == 0, "\(other.stderr)")
                let across = try await Tern.run(workspace.arguments("diff", "changing", "--with", "other"))
                #expect(across.status == 4)
                #expect(across.stdout.contains("~ $.headers['x-env']: \"spicy\" → \"plain\""), "\(across.stdout)")

                let sends = try await Tern.run(workspace.arguments("diff", "--history", "2", "3"))
                #expect(sends.status == 4, "\(sends.stdout) \(sends.stderr)")
                #expect(sends.stdout.contains("send 3, stored") && sends.stdout.contains("send 2, stored"))
            }
        }
    }

    @Test("the REPL's diff prints the same report")
    func repl() async throws {
        try await withDemo { workspace in
            try await withMockServer { server in
                try Self.write(workspace, server: server.baseURL)
                let script = "mode live\nsend changing\nsend changing\ndiff changing\n"
                let run = try await Tern.run(workspace.arguments("repl"), input: script)
                #expect(run.stdout.contains("✗ changing: previous, stored"), "\(run.stdout) \(run.stderr)")
                #expect(run.stdout.contains("~ $.headers['x-roll']:"))
            }
        }
    }

    @Test(
        "= in the TUI shows the newest answer beside the previous one, at 80×24 and 120×40",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func tui(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            try await withMockServer { server in
                try Self.write(workspace, server: server.baseURL)
                let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
                defer { tmux.kill() }
                try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
                try await tmux.waitFor("1 Workspace")
                try await tmux.type(":", "mode live", "Enter")
                try await tmux.waitFor("mode LIVE")
                try await tmux.type(":", "use changing", "Enter")
                try await tmux.waitFor("using changing")
                try await tmux.type("s")
                try await tmux.waitFor("changing: 200")
                // The status line changes before the second send, so that "changing: 200" can only be its answer.
                try await tmux.type(":", "use changing", "Enter")
                try await tmux.waitFor("using changing")
                try await tmux.type(":", "send changing", "Enter")
                try await tmux.waitFor { $0.contains("changing: 200") && !$0.contains("⟳") }
                try await tmux.type("3", "=")
                // The dialog's title, its rows and the side-by-side columns are waited for together: a capture
                // can fall between the title's row and the others being drawn.
                try await tmux.waitFor {
                    $0.contains("diff: changing") && $0.contains("~ $.headers['x-roll']") && $0.contains("≠")
                }
                try await tmux.type("Escape", "q")
                try await tmux.waitFor("TERN-EXITED:0")
            }
        }
    }
}
