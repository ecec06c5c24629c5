import Foundation
import Tern

/// A command line run as a whole process, from `posix_spawn` to `wait4`: what a person at a shell
/// waits for. Standard output goes to a file when the caller reads it, else to `/dev/null`;
/// standard error goes to a file that a failure quotes.
struct TimedCommand: Sendable {
    /// What the tables call it: `curl`, `tern send get-user --mode live`.
    let label: String
    let program: String
    let arguments: [String]
    /// Whether `Run.output` holds what the command printed (at most 1 MiB of it is read).
    var keepsOutput = false
    /// Variables set for this command on top of the proxy bypass (a `HOME` of its own).
    var environment: [String: String] = [:]

    /// One run.
    struct Run: Sendable {
        /// Spawn to exit.
        var seconds: Double
        var exit: ChildProcess.Exit
        /// Standard output when `keepsOutput`, else empty.
        var output: Data
    }

    /// Both clients go direct to 127.0.0.1 whatever proxy the environment names.
    private static let environment = ["no_proxy": "*", "NO_PROXY": "*"]

    /// Runs the command once in `scratch`; throws unless it exits 0 in time.
    func run(in scratch: Workspace, timeout: Duration, samplingMemory: Bool) throws -> Run {
        let outputFile = scratch.file("command-output.txt")
        let errorFile = scratch.file("command-error.txt")
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let output = try keepsOutput ? Self.create(outputFile) : nil
        defer { if let output { close(output) } }
        let errors = try Self.create(errorFile)
        defer { close(errors) }
        let start = ContinuousClock.now
        let child = try ChildProcess(
            program, arguments, standardOutput: output, standardError: errors,
            environment: Self.environment.merging(environment) { $1 })
        let exit = child.wait(timeout: timeout, samplingMemory: samplingMemory)
        let seconds = (ContinuousClock.now - start).seconds
        guard exit.ending == .exited(0) else {
            let complaint = Self.read(errorFile).map { String(decoding: $0.prefix(600), as: UTF8.self) } ?? ""
            throw BenchError.scenario("\(label) ended with \(exit.ending): \(complaint)")
        }
        return Run(seconds: seconds, exit: exit, output: keepsOutput ? Self.read(outputFile) ?? Data() : Data())
    }

    /// A new file for a child's output, closed on exec (the child gets a `dup2` copy).
    private static func create(_ url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchError.spawn("cannot create \(url.path)") }
        return descriptor
    }

    /// The first MiB of a file.
    private static func read(_ url: URL) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: 1 << 20)
    }
}
