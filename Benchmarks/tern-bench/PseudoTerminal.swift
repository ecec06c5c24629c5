import Foundation

/// A shell command run in a 120×40 pseudo-terminal through `script`, as a person's terminal runs it.
struct PseudoTerminal {
    let child: ChildProcess
    /// Our end of `script`'s standard input, held open so it does not see end of file.
    private let input: Int32

    /// Starts `script -qec COMMAND /dev/null`; `COMMAND` runs in `sh` with the terminal's size set.
    init(_ command: String) throws {
        let pipe = try ChildPipe()
        do {
            child = try ChildProcess(
                "/usr/bin/script", ["-qec", "stty rows 40 cols 120; " + command, "/dev/null"],
                standardInput: pipe.readEnd,
                environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "COLUMNS": "120", "LINES": "40"]
            )
        } catch {
            close(pipe.readEnd)
            close(pipe.writeEnd)
            throw error
        }
        close(pipe.readEnd)
        input = pipe.writeEnd
    }

    /// Waits for `script` to end (SIGKILL after `timeout`), then closes its standard input.
    func wait(timeout: Duration) -> ChildProcess.Exit {
        defer { close(input) }
        return child.wait(timeout: timeout, samplingMemory: false)
    }

    /// A word quoted for `sh`.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
