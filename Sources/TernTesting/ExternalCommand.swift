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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        return await withCheckedContinuation { continuation in
            let waiter = Thread {
                if let input {
                    Thread {
                        stdin.fileHandleForWriting.write(input)
                        try? stdin.fileHandleForWriting.close()
                    }.start()
                }
                let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                killer.cancel()
                continuation.resume(
                    returning: Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self)))
            }
            waiter.start()
        }
    }
}
