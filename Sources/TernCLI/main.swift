// The `tern` executable. Every command reports failure by throwing `CommandFailure`, which carries
// its exit status (docs/cli.md: 0 response, 1 no response, 2 usage or workspace error, 4 a failed
// check); it is printed here, once. Parse errors are usage errors (2), not swift-argument-parser's 64.
import ArgumentParser
import Foundation
import TernExplorer

ProcessStart.date = Date()
MemoryPolicy.apply()

/// Runs an async command; generic, so `run()` resolves to the async requirement (on the
/// existential it would pick ParsableCommand's synchronous one).
func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
    try await command.run()
}

/// Parses the arguments, runs the command and returns the exit status, printing any failure once.
func execute() async -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    // `tern URL [ITEM...]`, as HTTPie's `http URL`: GET, or POST when there is data.
    if let first = arguments.first, AdHocArguments.looksLikeURL(first) { arguments.insert("request", at: 0) }
    // HTTPie's options before the method and URL: `tern -f POST URL a=1`.
    if let reordered = AdHocArguments.httpieOrder(arguments) { arguments = reordered }
    let parser = QuickParse.Choice(environment: getenv("TERN_PARSER").map { String(cString: $0) })
    if parser != .full, let send = QuickParse.send(arguments) {
        return await report { try await send.run() }
    }
    if parser != .full, let typed = QuickParse.adHoc(arguments) {
        return await report { try await typed.invocation.run(method: typed.method) }
    }
    if parser == .quick {
        StandardStream.error.write("tern: error: TERN_PARSER=quick: this command line is left to the full parser\n")
        return ExitStatus.usage.rawValue
    }
    if let unknown = UnknownCommand.message(for: arguments) {
        StandardStream.error.write("tern: error: \(unknown)\n")
        return ExitStatus.usage.rawValue
    }
    return await report {
        var command = try TernCommand.parseAsRoot(arguments)
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await runAsync(&asyncCommand)
        } else {
            try command.run()
        }
    }
}

/// Runs `body` and returns the exit status, printing any failure once.
func report(_ body: () async throws -> Void) async -> Int32 {
    do {
        try await body()
        return ExitStatus.success.rawValue
    } catch let failure as CommandFailure {
        if let message = failure.message {
            StandardStream.error.write("tern: error: \(TerminalText.safe(message, keepingLines: true))\n")
        }
        return failure.status.rawValue
    } catch {
        if TernCommand.exitCode(for: error) == .success {
            TernCommand.exit(withError: error)  // --help and --version print and exit 0
        }
        StandardStream.error.write("tern: " + TernCommand.fullMessage(for: error) + "\n")
        return ExitStatus.usage.rawValue
    }
}

/// The exit status, set once by the command's task before it signals the main thread.
final class ExitStatusBox: @unchecked Sendable {
    var value = ExitStatus.success.rawValue
}

// The main thread waits while the command runs on the concurrency pool. An `async` top level would
// give the main thread to `dispatch_main()`, which ends it with `pthread_exit`: glibc then unwinds
// its stack through the executable's unwind tables, and the pages that reads (0.7 MiB) stay
// resident for the life of the TUI. Nothing in Tern runs on the main actor.
let finished = DispatchSemaphore(value: 0)
let status = ExitStatusBox()
Task.detached {
    status.value = await execute()
    finished.signal()
}
finished.wait()
exit(status.value)
