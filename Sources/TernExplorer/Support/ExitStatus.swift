/// The exit statuses of `tern` and of a scripted REPL: one table for every face.
package enum ExitStatus: Int32, Sendable, Comparable {
    /// A response was received; every command succeeded.
    case success = 0
    /// No response (a transport failure after retries, a cache miss in cache mode), or a command failed.
    case failure = 1
    /// A usage or workspace error: a line that is not a command, an unknown spec, a broken file.
    case usage = 2
    /// A typed request's `--check-status` (HTTPie's): the final status was a redirect, 3xx.
    case redirectStatus = 3
    /// A check failed: `--fail` with a status >= 400, or drift found by `verify`; with `--check-status`, a 4xx.
    case failedCheck = 4
    /// A typed request's `--check-status` (HTTPie's): the status was a server error, 5xx.
    case serverErrorStatus = 5
    /// The TUI quit on a hang-up (SIGHUP): 128 + 1, as a shell reports it.
    case hangUp = 129
    /// The TUI quit on Ctrl-C or SIGINT: 128 + 2.
    case interrupted = 130
    /// The TUI quit on SIGTERM: 128 + 15.
    case terminated = 143

    package static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
