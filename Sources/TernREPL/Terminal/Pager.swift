import Foundation

/// Shows long text through `$PAGER` (default `less -R`), waiting on a plain thread.
enum Pager {
    /// The pager command in force.
    static func command(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let pager = environment["PAGER"]?.trimmingCharacters(in: .whitespaces), !pager.isEmpty { return pager }
        return "less -R"
    }

    /// Pipes `text` into the pager; `false` when the pager could not run (the caller prints instead).
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command(in: environment)]
        var childEnvironment = environment
        if childEnvironment["LESS"] == nil { childEnvironment["LESS"] = "FRX" }  // quit at once if it fits, keep colours
        process.environment = childEnvironment
        let input = Pipe()
        process.standardInput = input
        return await withCheckedContinuation { continuation in
            process.terminationHandler = { finished in
                // 127/126: the shell could not find or run the pager.
                continuation.resume(returning: ![126, 127].contains(finished.terminationStatus))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: false)
                return
            }
            Thread.detachNewThread {
                // A pager that quits early closes the pipe: the write fails (SIGPIPE is ignored).
                try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
                try? input.fileHandleForWriting.close()
            }
        }
    }
}
