/// The exit statuses of `tern` and of a scripted REPL: one table for every face.
package enum ExitStatus: Int32, Sendable, Comparable {
    /// A response was received; every command succeeded.
    case success = 0
    /// No response (a transport failure after retries, a cache miss in cache mode), or a command failed.
    case failure = 1
    /// A usage or workspace error: a line that is not a command, an unknown spec, a broken file.
    case usage = 2
    /// A check failed: `--fail` with a status >= 400, or drift found by `verify`.
    case failedCheck = 4

    package static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
