import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file operation of the package failed: the path concerned and a sentence a user can act on.
package struct FileFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path concerned.
    package var path: String
    /// What went wrong.
    package var message: String
    /// The `errno` behind it, when a system call failed.
    package var code: Int32?

    /// Makes a failure.
    package init(_ path: String, _ message: String, code: Int32? = nil) {
        self.path = path
        self.message = message
        self.code = code
    }

    /// `'PATH': MESSAGE`, as a sentence shows it (never the structure).
    package var description: String { "'\(path)': \(message)" }

    /// A failure whose reason is the current `errno`, as `strerror` words it.
    package static func posix(_ path: String, _ action: String) -> FileFailure {
        let code = errno
        return FileFailure(path, "\(action): \(String(cString: strerror(code)))", code: code)
    }
}
