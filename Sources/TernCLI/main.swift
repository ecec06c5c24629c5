// The `tern` executable: parses the command line and maps every failure to the exit codes of docs/cli.md
// (0 response, 1 no response, 2 usage or workspace error, 4 --fail with status >= 400).
import ArgumentParser
import Foundation

ProcessStart.date = Date()

/// Runs an async command; generic, so `run()` resolves to the async requirement (on the
/// existential it would pick ParsableCommand's synchronous one).
func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
    try await command.run()
}

do {
    var command = try TernCommand.parseAsRoot()
    if var asyncCommand = command as? any AsyncParsableCommand {
        try await runAsync(&asyncCommand)
    } else {
        try command.run()
    }
    exit(0)
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    if TernCommand.exitCode(for: error) == .success {
        TernCommand.exit(withError: error)  // --help and --version print and exit 0
    }
    Terminal.standardError.write("tern: " + TernCommand.fullMessage(for: error) + "\n")
    exit(CLIExit.usage.rawValue)
}
