import Foundation

/// A tool nobody here wrote (xmllint, python3 with junitparser), run to check what tern wrote.
enum ExternalTool {
    /// The exit status and combined output of `executable arguments...`, killed after 60 s.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + .seconds(60)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            process.waitUntilExit()
            done.signal()
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        if done.wait(timeout: deadline) == .timedOut { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
