import Foundation
import TernTesting
import Testing

/// One tmux server on its own socket, driven with `send-keys` and read with `capture-pane`.
struct TmuxSession {
    let tmux: String
    let socket = "tern-test-\(UUID().uuidString)"

    /// tmux, when installed (`make deps` installs it).
    static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Starts `command` in a detached `width`×`height` session and waits until the server is up.
    /// The client that starts the server is reaped on a thread of its own; `has-session` tells when the
    /// server is up.
    func start(_ command: String, width: Int = 120, height: Int = 40) async throws {
        let client = try ChildProcess(
            tmux, ["-L", socket, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command])
        Thread.detachNewThread { client.waitUntilExit() }
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
        ["Tab", "Up", "Down", "Enter", "BSpace", "Escape"].contains(key) || key.hasPrefix("C-")
    }

    /// Whether the pane shows the alternate screen (a full-screen program that has not restored the terminal).
    func alternateScreenOn() async throws -> Bool {
        try await run(["display-message", "-p", "-t", "0", "#{alternate_on}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Sends what a terminal sends for a left click at column `x`, row `y` (from 0) in SGR (1006)
    /// mouse mode: a press, then a release.
    func click(x: Int, y: Int) async throws {
        _ = try await run(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m"])
    }

    /// Runs a tmux command on this server (`set-option`, `show-buffer`) and returns its output.
    @discardableResult
    func command(_ arguments: String...) async throws -> String {
        try await run(arguments).output
    }

    /// The visible screen as text.
    func screen() async throws -> String {
        try await run(["capture-pane", "-p", "-t", "0"]).output
    }

    /// Polls the screen until `text` shows (a generous hang limit, never a timing assertion).
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitFor(sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds and returns it.
    @discardableResult
    func waitFor(sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) async throws
        -> String
    {
        let deadline = ContinuousClock.now + .seconds(60)
        var last = ""
        while ContinuousClock.now < deadline {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the screen never showed what was expected:\n\(last)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// Stops the server (on a plain thread, not waited for).
    func kill() {
        guard let process = try? ChildProcess(tmux, ["-L", socket, "kill-server"]) else { return }
        Thread.detachNewThread { process.waitUntilExit() }
    }

    /// Runs a tmux command that does not start a server, on a plain thread (never blocking the
    /// cooperative pool); returns its status and output.
    private func run(_ arguments: [String], capturesOutput: Bool = true) async throws -> (status: Int32, output: String)
    {
        try await OwnThread.run { [tmux, socket] in
            let process = try ChildProcess(tmux, ["-L", socket] + arguments, output: capturesOutput ? .pipe : .null)
            let data = ChildProcess.readAll(process.standardOutput)
            return (process.waitUntilExit(), String(decoding: data, as: UTF8.self))
        }
    }
}
