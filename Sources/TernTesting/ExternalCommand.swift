public import Foundation

/// Runs another program from a test (the real `curl`, `bash`, a schema validator) without blocking
/// Swift concurrency's few threads: the process is waited for on a thread of its own, so the
/// networking tests running beside it keep their threads.
public enum ExternalCommand {
    /// What the program did.
    public struct Result: Sendable {
        /// Its exit status (a signal's number when it was killed).
        public let status: Int32
        /// Standard output and standard error, together.
        public let output: String
    }

    /// Runs `executable` with `arguments`, feeding it `input`; killed after `timeout` seconds.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String]? = nil, input: Data? = nil, timeout: TimeInterval = 60
    ) async throws -> Result {
        let outcome = try await ChildProcess.run(
            executable, arguments, in: directory?.path, environment: environment, input: input, timeout: timeout)
        return Result(status: outcome.status, output: outcome.text)
    }
}
