import Foundation
import Testing

/// Pipe contents gathered by the reader threads.
private final class Collected: @unchecked Sendable {
    // Safe: every access holds `lock`.
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    func set(_ data: Data, isOut: Bool) {
        lock.lock()
        if isOut { out = data } else { err = data }
        lock.unlock()
    }

    var both: (Data, Data) {
        lock.lock()
        defer { lock.unlock() }
        return (out, err)
    }
}

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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["TERN_WORKSPACE"] = nil
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        // The process is waited for and its pipes drained on plain threads: blocking reads inside
        // tasks would occupy the cooperative pool (2 threads here) and starve in-process servers.
        let (stdout, stderr) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(Data, Data), any Error>) in
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            if let stdin, let input {
                Thread.detachNewThread {
                    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                    try? stdin.fileHandleForWriting.close()
                }
            }
            let group = DispatchGroup()
            let collected = Collected()
            for (pipe, isOut) in [(out, true), (err, false)] {
                group.enter()
                Thread.detachNewThread {
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    collected.set(data, isOut: isOut)
                    group.leave()
                }
            }
            Thread.detachNewThread {
                if group.wait(timeout: .now() + .seconds(Int(limit.components.seconds))) == .timedOut {
                    process.terminate()
                }
                group.wait()
                process.waitUntilExit()
                continuation.resume(returning: collected.both)
            }
        }
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), stdoutData: stdout
        )
    }
}

/// A copy of the demo workspace in a temporary folder (without its .tern state), removed afterwards.
struct TemporaryWorkspace {
    let root: URL

    init(copyingDemo: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cli-\(UUID().uuidString)")
        if copyingDemo {
            try FileManager.default.copyItem(at: Tern.packageRoot.appendingPathComponent("workspaces/demo"), to: root)
            try? FileManager.default.removeItem(at: root.appendingPathComponent(".tern"))
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

/// Runs `body` with a fresh copy of the demo workspace.
func withDemo<T>(_ body: (TemporaryWorkspace) async throws -> T) async throws -> T {
    let workspace = try TemporaryWorkspace()
    defer { workspace.remove() }
    return try await body(workspace)
}
