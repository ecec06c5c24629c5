import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Follows the symbolic link a path names, hop by hop, to the path at the end of the chain, so a
/// writer can replace the target and leave the link in place.
package enum SymbolicLinks {
    /// At most this many links in a chain (the kernel's own limit for `ELOOP`).
    package static let maximumHops = 40

    /// `path` itself when it is not a link (or does not exist), else the end of its chain of links.
    ///
    /// A relative link target is taken relative to the link's folder; links in the folders along
    /// the way are left for the kernel to follow. The end may not exist (a dangling link).
    package static func resolve(_ path: String) throws(FileFailure) -> String {
        var current = path
        for _ in 0..<maximumHops {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw FileFailure.posix(current, "the symbolic link cannot be read") }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + destination
        }
        throw FileFailure(path, "it is a chain of more than \(maximumHops) symbolic links (a loop?)")
    }

    /// Whether `path` itself is a symbolic link (not followed).
    package static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}
