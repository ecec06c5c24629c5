import Foundation
import Testing

/// `tern repl` on a terminal, driven in tmux: typing, Tab completion, history recall, Ctrl-C at the
/// prompt and during a slow request, and quit.
@Suite("tern repl (interactive, tmux)")
struct REPLInteractiveTests {
    static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("Tab completes, Up recalls, Ctrl-C cancels a slow request and keeps the REPL, quit leaves", .enabled(if: tmuxPath != nil, "tmux is not installed"))
    func interactiveSession() async throws {
        try await withDemo { demo in
            // Slow enough that Ctrl-C surely lands while the request runs.
            try demo.write("specs/reliability/slow.yaml", "name: Slow endpoint\ntarget: api\nmethod: GET\npath: /delay/60000\n")
            let tmux = TmuxSession(tmux: try #require(Self.tmuxPath))
            defer { tmux.kill() }
            let command = "env LANG=C.UTF-8 PAGER=cat '\(Tern.binary.path)' repl --workspace '\(demo.root.path)'; echo EXITED:$?; sleep 20"
            try await tmux.start(command)
            try await tmux.waitFor("Demo (local, normal)>")

            try await tmux.type("us", "Tab")
            try await tmux.waitFor("Demo (local, normal)> use")
            try await tmux.type("get-u", "Tab")
            try await tmux.waitFor("> use get-user")
            try await tmux.type("Enter")
            try await tmux.waitFor("using users/get-user")
            try await tmux.waitFor("Demo (local, normal) users/get-user>")

            try await tmux.type("Up")
            try await tmux.waitFor("users/get-user> use get-user")
            try await tmux.type("C-u", "abc", "C-c")
            try await tmux.waitFor("users/get-user> abc^C")

            try await tmux.type("send slow", "Enter")
            try await tmux.waitFor("sending reliability/slow")
            try await tmux.type("C-c")
            try await tmux.waitFor("cancelled (Ctrl-C)")
            try await tmux.waitFor { screen in
                screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                    .hasPrefix("Demo (local, normal) users/get-user>") ?? false
            }

            try await tmux.type("quit", "Enter")
            try await tmux.waitFor("EXITED:0")
            // libedit's history file writes spaces as \040.
            let history = try String(contentsOf: demo.root.appendingPathComponent(".tern/repl_history"), encoding: .utf8)
                .replacingOccurrences(of: "\\040", with: " ")
            #expect(history.contains("use get-user"))
            #expect(history.contains("send slow"))
        }
    }
}

/// One tmux server on its own socket, driven with `send-keys` and read with `capture-pane`.
struct TmuxSession {
    let tmux: String
    let socket = "tern-test-\(UUID().uuidString)"

    /// Starts the server with one session running `command`. The client is not waited for: the
    /// server it forks inherits the descriptor Foundation watches for the client's exit, so the wait
    /// would last as long as the server. `has-session` tells when it is up instead.
    func start(_ command: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-L", socket, "new-session", "-d", "-x", "120", "-y", "40", command]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(30)
        while try await run(["has-session", "-t", "0"], capturesOutput: false).status != 0 {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends keys: tmux key names (`Tab`, `Up`, `C-c`, `Enter`) or literal text.
    func type(_ keys: String...) async throws {
        for key in keys {
            _ = try await run(["send-keys", "-t", "0"] + (Self.isKeyName(key) ? [key] : ["-l", key]))
        }
    }

    static func isKeyName(_ key: String) -> Bool {
        ["Tab", "Up", "Down", "Enter", "BSpace"].contains(key) || key.hasPrefix("C-")
    }

    /// The visible screen as text.
    func screen() async throws -> String {
        try await run(["capture-pane", "-p", "-t", "0"]).output
    }

    /// Polls the screen until `text` shows (a generous hang limit, never a timing assertion).
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitFor(sourceLocation: sourceLocation) { $0.contains(text) }
    }

    func waitFor(sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        var last = ""
        while ContinuousClock.now < deadline {
            last = try await screen()
            if condition(last) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the screen never showed what was expected:\n\(last)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// Stops the server (on a plain thread, not waited for).
    func kill() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-L", socket, "kill-server"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        Thread.detachNewThread {
            try? process.run()
            process.waitUntilExit()
        }
    }

    /// Runs a tmux command that does not start a server, on a plain thread (never blocking the
    /// cooperative pool); returns its status and output.
    private func run(_ arguments: [String], capturesOutput: Bool = true) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: tmux)
                process.arguments = ["-L", socket] + arguments
                let out = capturesOutput ? Pipe() : nil
                process.standardOutput = out ?? FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let data = out?.fileHandleForReading.readDataToEndOfFile() ?? Data()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}
