/// The one error type of the benchmark: a message a person can act on.
struct BenchError: Error, CustomStringConvertible {
    private enum Code {
        case usage
        case spawn
        case server
        case scenario
    }

    private let code: Code
    /// What went wrong, in words.
    let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A bad command line.
    static func usage(_ message: String) -> BenchError { BenchError(.usage, message) }
    /// A child process could not be started or talked to.
    static func spawn(_ message: String) -> BenchError { BenchError(.spawn, message) }
    /// The benchmark server could not be started.
    static func server(_ message: String) -> BenchError { BenchError(.server, message) }
    /// A scenario ran but its result is wrong (status, size, reply).
    static func scenario(_ message: String) -> BenchError { BenchError(.scenario, message) }

    /// Whether the error is a command-line mistake (exit code 64 and the usage text).
    var isUsage: Bool { code == .usage }

    var description: String { message }
}
