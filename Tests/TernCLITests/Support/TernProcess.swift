import Foundation
import TernTesting
import Testing

/// What a run of the `tern` binary produced.
struct RunResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutData: Data

    /// The JSON objects of `--events json` on stderr, in order.
    var events: [[String: Any]] {
        stderr.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }
}

/// Runs the `tern` executable built next to the tests.
enum Tern {
    /// The built binary: next to the test bundle, else in the package's .build/debug.
    static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tern")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/tern")
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `tern arguments...` in `directory` with `input` on stdin (else /dev/null); kills it after
    /// `limit` (a hang detector).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: String? = nil,
        limit: Duration = .seconds(120)
    ) async throws -> RunResult {
        var env = ProcessInfo.processInfo.environment
        env["TERN_WORKSPACE"] = nil
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        // The process is waited for and its pipes drained on plain threads: blocking reads inside
        // tasks would occupy the cooperative pool (2 threads here) and starve in-process servers.
        let outcome = try await ChildProcess.run(
            binary.path, arguments, in: directory?.path, environment: env, input: input.map { Data($0.utf8) },
            joinErrors: false, timeout: TimeInterval(limit.components.seconds))
        return RunResult(
            status: outcome.status, stdout: outcome.text, stderr: String(decoding: outcome.error, as: UTF8.self),
            stdoutData: outcome.output)
    }
}

/// A copy of the demo workspace in a temporary folder (without its .tern state), removed afterwards.
struct TemporaryWorkspace {
    let root: URL

    init(copyingDemo: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cli-\(UUID().uuidString)")
        if copyingDemo {
            // Without `.tern`: a test that runs `tern` on the demo in place may be writing there meanwhile.
            let demo = Tern.packageRoot.appendingPathComponent("workspaces/demo")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: demo.path) where name != ".tern" {
                try FileManager.default.copyItem(
                    at: demo.appendingPathComponent(name), to: root.appendingPathComponent(name))
            }
        } else {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
    }

    /// Writes `text` to `path` under the workspace.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `--workspace ROOT` followed by `arguments`.
    func arguments(_ arguments: String...) -> [String] {
        self.arguments(arguments)
    }

    /// `--workspace ROOT` followed by `arguments`.
    func arguments(_ arguments: [String]) -> [String] {
        arguments + ["--workspace", root.path]
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// Runs `body` with a fresh copy of the demo workspace (copied and removed on a thread of its own:
/// about a hundred tests do it at once).
func withDemo<T>(_ body: (TemporaryWorkspace) async throws -> T) async throws -> T {
    let workspace = try await OwnThread.run { try TemporaryWorkspace() }
    do {
        let result = try await body(workspace)
        await OwnThread.run { workspace.remove() }
        return result
    } catch {
        await OwnThread.run { workspace.remove() }
        throw error
    }
}
