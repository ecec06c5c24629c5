package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens files that are read whole or streamed as content — bodies, specs, environments, state
/// files — only when they are regular files.
///
/// A FIFO would block `open` (and then `read`) until a writer came; `/dev/zero` or `/dev/urandom`
/// never end; a socket or a folder is no content at all. The file is opened without blocking and
/// checked with `fstat` on the same descriptor, so what is checked is what is read.
package enum RegularFile {
    /// Why a file cannot be read as content: a sentence naming what it is (`it is a FIFO`), or
    /// the system's reason (`No such file or directory`).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// A descriptor open for reading on the regular file at `path`, which the caller closes.
    package static func descriptor(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Failure(reason: "it is \(kind(info.st_mode)), not a regular file")
        }
        // Regular files ignore O_NONBLOCK, but a descriptor handed on should block as usual.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Whether `path` names a regular file (following symbolic links), without opening it.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// What a file of `mode` is, as a sentence says it: `a folder`, `a FIFO`, `a device`, `a socket`.
    package static func kind(_ mode: UInt32) -> String {
        switch mode_t(mode) & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The whole regular file at `url`, at most `limit` bytes (more is a failure saying so).
    package static func contents(of url: URL, limit: Int) throws(Failure) -> Data {
        let file = try descriptor(url.path)
        defer { close(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let received = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if received < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            if received == 0 { return data }
            data.append(contentsOf: buffer[..<received])
            if data.count > limit { throw Failure(reason: "it is larger than the limit of \(limit) bytes") }
        }
    }
}
