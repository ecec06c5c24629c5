import Foundation
import TernTesting

/// A tool nobody here wrote (xmllint, python3 with junitparser), run to check what tern wrote.
enum ExternalTool {
    /// The exit status and combined output of `executable arguments...`, killed after 60 s.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ChildProcess.runBlocking(executable, arguments)
        return (outcome.status, outcome.text)
    }
}
