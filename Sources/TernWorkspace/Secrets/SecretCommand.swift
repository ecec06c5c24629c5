import Foundation
import Tern

/// Runs the command a secret is defined by (`pass show api/token`, `op read …`, `gh auth token`) and
/// returns what it printed, without its final line break.
///
/// The command runs under `/bin/sh -c` as a `BoundedProcess`: in a process group of its own, with
/// standard input from `/dev/null` (it cannot prompt), within a deadline: past it, the whole group is
/// killed. Its output is bounded; standard error is kept (bounded too) for the error message.
enum SecretCommand {
    /// The most a command may print on standard output.
    static let maximumOutput = 64 * 1024

    /// Why a command gave no value, in a sentence a person can act on.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The output of `command`, run with `environment`, within `timeout` seconds.
    static func run(
        _ command: String, timeout: TimeInterval, environment: [String: String]
    ) -> Result<String, Failure> {
        let process = BoundedProcess(
            executable: "/bin/sh", arguments: ["/bin/sh", "-c", command], environment: environment, timeout: timeout,
            maximumOutput: maximumOutput)
        switch process.run() {
        case .notStarted(let reason):
            return .failure(Failure(description: reason))
        case .tooMuchOutput:
            return .failure(Failure(description: "printed more than \(maximumOutput / 1024) KiB, so it was stopped"))
        case .timedOut:
            return .failure(
                Failure(
                    description: "did not finish within \(format(timeout)) s, so it was stopped (it cannot prompt: "
                        + "its input is /dev/null)"))
        case .exited(let status, let printed, let complaint):
            guard status == 0 else {
                var message = status > 128 ? "was ended by signal \(status - 128)" : "failed with exit status \(status)"
                if let line = BoundedProcess.lastLine(of: complaint) { message += ": \(line)" }
                return .failure(Failure(description: message))
            }
            var value = String(decoding: printed, as: UTF8.self)
            while value.hasSuffix("\n") || value.hasSuffix("\r") { value.removeLast() }
            guard !value.isEmpty else {
                var message = "printed nothing"
                if let line = BoundedProcess.lastLine(of: complaint) { message += " (it said: \(line))" }
                return .failure(Failure(description: message))
            }
            return .success(value)
        }
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
