import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI writes, and whether those places are terminals.
struct Terminal: Sendable {
    let descriptor: Int32

    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    static let standardError = Terminal(descriptor: STDERR_FILENO)

    /// Whether this stream is a terminal.
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Whether colours may be used: a terminal, and `NO_COLOR` unset.
    var usesColor: Bool { isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Writes text as UTF-8.
    func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Writes bytes, retrying short writes.
    func write(_ data: Data) {
        data.withUnsafeBytes { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var left = buffer.count
            while left > 0 {
                let written = Foundation.write(descriptor, pointer, left)
                if written <= 0 { return }
                left -= written
                pointer += written
            }
        }
    }
}
