import Foundation
import Testing

/// A private tmux server (its own socket) running one program in a 120×40 pane: tests type keys
/// and read the screen as text, like a user at a terminal.
struct Tmux {
    let socket = "tern-test-\(UUID().uuidString.prefix(8))"

    /// Whether tmux is installed (`make deps` installs it).
    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `command` (a shell line) in a detached session; the pane stays open after it exits.
    func start(_ command: String, width: Int = 120, height: Int = 40) async throws {
        _ = try await tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", command], readsOutput: false)
        _ = try await tmux(["set-option", "-g", "remain-on-exit", "on"])
    }

    /// Types keys (tmux key names such as `Enter`, `Tab`, `C-c`, or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) async throws {
        _ = try await tmux(["send-keys"] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen as text.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p"])
    }

    /// Whether the pane is in the alternate screen (a full-screen program that has not restored the terminal).
    func alternateScreenOn() async throws -> Bool {
        try await tmux(["display-message", "-p", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Polls the screen until `condition` holds; fails the test (with the last screen) after `limit`.
    @discardableResult
    func waitFor(
        _ what: String, limit: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + limit
        var last = ""
        while ContinuousClock.now < deadline {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what); the screen was:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    func kill() async {
        _ = try? await tmux(["kill-server"])
    }

    /// Runs tmux on a plain thread (never blocking the cooperative pool) and returns its output.
    /// `readsOutput: false` for the command that starts the server: the server inherits the
    /// client's stdout and would keep a pipe open for as long as it runs.
    private func tmux(_ arguments: [String], readsOutput: Bool = true) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = readsOutput ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            Thread.detachNewThread {
                let data = readsOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
                process.waitUntilExit()
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
    }
}
