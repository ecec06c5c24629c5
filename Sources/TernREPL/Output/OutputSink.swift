import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the REPL writes: results to one stream, errors and notices to the other.
public protocol OutputSink: Sendable {
    /// Writes results (standard output).
    func write(_ text: String)
    /// Writes errors and notices (standard error).
    func writeError(_ text: String)
}

/// The process's standard output and standard error.
public struct StandardStreams: OutputSink {
    /// Makes the sink.
    public init() {}

    public func write(_ text: String) { Self.write(text, to: STDOUT_FILENO) }
    public func writeError(_ text: String) { Self.write(text, to: STDERR_FILENO) }

    /// Writes all of `text` to `descriptor`, retrying short writes and interruptions.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var left = buffer.count
            while left > 0 {
                let written = Foundation.write(descriptor, pointer, left)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                left -= written
                pointer += written
            }
        }
    }
}
