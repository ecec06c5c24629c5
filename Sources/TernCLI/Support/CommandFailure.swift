import TernExplorer

/// The one error a `tern` command throws to end with a status other than success: it carries
/// its exit status and, unless the failure was already shown where it happened, the message
/// `main` prints (once, as `tern: error: ...`).
struct CommandFailure: Error {
    /// The process's exit status.
    let status: ExitStatus
    /// What `main` prints on standard error; nil when the command has already reported it.
    let message: String?

    /// A usage or workspace error with the message to print.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(status: .usage, message: message)
    }

    /// An exit status whose cause has been shown already (the response, the drift report, the
    /// transport error printed with the events).
    static func silent(_ status: ExitStatus) -> CommandFailure {
        CommandFailure(status: status, message: nil)
    }
}
