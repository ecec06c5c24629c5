import Foundation
import TernTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C in the TUI cancels first and quits second; a quit by Ctrl-C or a signal exits as a shell
/// expects (130, 143), with the terminal restored.
@Suite("The TUI and Ctrl-C", .serialized)
struct InterruptTUITests {
    @Test(
        "Ctrl-C cancels a request in flight and the TUI stays; idle, Ctrl-C quits with status 130",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func cancelsThenQuits(width: Int, height: Int) async throws {
        let listener = try await UnresponsiveListener()
        try await withDemo { workspace in
            try workspace.write(
                "specs/hangs.yaml", "method: GET\npath: http://127.0.0.1:\(listener.port)/never\n")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type(":", "send hangs", "Enter")
            try await tmux.waitFor("sending hangs")
            try await tmux.type("C-c")
            try await tmux.waitFor("cancelled hangs")
            // Still running: the next key is the TUI's.
            try await tmux.type(":", "send users/get-user", "Enter")
            try await tmux.waitFor("users/get-user: 200")
            try await tmux.type("C-c")
            let screen = try await tmux.waitFor("TERN-EXITED:130")
            #expect(!(try await tmux.alternateScreenOn()), "the terminal is restored: \(screen)")
        }
    }

    @Test(
        "Ctrl-C with unsaved edits asks as q does; a second Ctrl-C within a second quits anyway, dropping them",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func asksAboutUnsavedEdits(width: Int, height: Int) async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            try await tmux.waitFor("1 Workspace")
            try await tmux.type(":", "use users/get-user", "Enter")
            try await tmux.waitFor("using users/get-user")
            try await tmux.type(":", "set header X-Mine 1", "Enter")
            try await tmux.waitFor("(unsaved)")
            try await tmux.type("C-c")
            try await tmux.waitFor("Quit")
            try await tmux.type("C-c")
            let screen = try await tmux.waitFor("TERN-EXITED:130")
            #expect(screen.contains("tern: unsaved edits were dropped: users/get-user"), "\(screen)")
        }
    }

    @Test(
        "SIGTERM quits the TUI with status 143 and restores the terminal",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func sigterm() async throws {
        try await withDemo { workspace in
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: 80, height: 24)
            try await tmux.waitFor("1 Workspace")
            let pid = try #require(Self.process(running: [Tern.binary.path, "--workspace", workspace.root.path]))
            #expect(kill(pid, SIGTERM) == 0)
            let screen = try await tmux.waitFor("TERN-EXITED:143")
            #expect(!(try await tmux.alternateScreenOn()), "\(screen)")
        }
    }

    /// The process whose command line is `arguments`, read from /proc.
    static func process(running arguments: [String]) -> pid_t? {
        let wanted = Data(arguments.joined(separator: "\u{0}").utf8) + Data([0])
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), line == wanted
            else { continue }
            return pid
        }
        return nil
    }
}
