package import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error: the one writer the CLI and the REPL share, so every
/// write to them retries short writes and interruptions (`EINTR`) the same way.
package struct StandardStream: Sendable {
    /// The file descriptor written to.
    package let descriptor: Int32

    /// Standard output: results.
    package static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// Standard error: errors, warnings and progress.
    package static let error = StandardStream(descriptor: STDERR_FILENO)

    /// Whether this stream is a terminal.
    package var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Whether colours may be used: a terminal, and `NO_COLOR` unset.
    package var usesColor: Bool { isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    /// Writes text as UTF-8.
    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes bytes.
    package func write(_ data: Data) {
        data.withUnsafeBytes { write($0) }
    }

    /// Writes every byte, retrying short writes and `EINTR`. A closed reader (`EPIPE`) or a full
    /// disk ends the write quietly: there is nobody left to tell.
    private func write(_ bytes: UnsafeRawBufferPointer) {
        try? ReplacementFile.writeAll(bytes, to: descriptor, path: "standard stream \(descriptor)")
    }
}
