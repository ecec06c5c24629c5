import Foundation
import TernTesting
import Testing

/// Waiting shows: on a terminal a line says what `tern send` waits for and for how long, and is gone
/// when the answer is printed; in a pipe there is no such line; a slow body reports progress as it
/// trickles in, not once at the end.
@Suite("tern send: waiting shows", .serialized, .timeLimit(.minutes(2)))
struct WaitingLineTests {
    @Test(
        "in tmux the wait is a live line, then the answer replaces it",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func liveLine() async throws {
        try await withDemo { demo in
            // Five seconds of waiting: time enough to see the line on a loaded machine.
            try demo.write(
                "specs/reliability/slower.yaml", "name: Slower\ntarget: api\nmethod: GET\npath: /delay/5000\n")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "env LANG=C.UTF-8 '\(Tern.binary.path)' send reliability/slower --mode live --workspace "
                    + "'\(demo.root.path)'; echo TERN-EXITED:$?; sleep 20", width: 80, height: 24)
            let waiting = try await tmux.waitFor("waiting for reliability/slower")
            #expect(waiting.contains(" s"), "it counts the seconds: \(waiting)")
            let done = try await tmux.waitFor("TERN-EXITED:0")
            #expect(!done.contains("waiting for"), "the line is erased once the answer is printed: \(done)")
        }
    }

    @Test("in a pipe nothing but the answer is written")
    func pipe() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "reliability/slow", "--mode", "live"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("waiting"), "\(result.stderr)")
        }
    }

    @Test("a body trickled over seconds reports progress along the way in --events json")
    func trickleProgress() async throws {
        let server = try HostileServer(.trickle(bytesPerSecond: 200, total: 400))
        defer { server.stop() }
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { workspace.remove() }
        try workspace.write(
            "workspace.yaml", "name: Drip\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n")
        try workspace.write("environments/local.yaml", "baseURL: \(server.url().absoluteString)\n")
        try workspace.write("specs/drip.yaml", "name: Drip\ntarget: api\nmethod: GET\npath: /drip\n")
        let result = try await Tern.run(workspace.arguments("send", "drip", "--mode", "live", "--events", "json"))
        #expect(result.status == 0, "\(result.stderr)")
        let progress = result.events.filter { $0["event"] as? String == "progress" }
        #expect(progress.count >= 3, "progress while the body trickles, not only at the end: \(progress)")
        #expect(progress.last?["bytes"] as? Int == 400)
    }
}
