package import Foundation
import Tern

#if canImport(Glibc)

    import CoreFoundation
    import CDispatch
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a response body (or any bytes) to a path the user named, the way `tern send -o` must.
///
/// The rules (`docs/security.md`, "Files and paths"):
/// - A destination that exists and is not a regular file (a FIFO, `/dev/null`, `/dev/full`, a
///   terminal) is opened and written as it is, never replaced; a write error such as `ENOSPC`
///   is an `OutputFileError`. A FIFO nobody reads from is an error at once, not a hang.
/// - A symbolic link is never replaced: the bytes go through it to its target, and the target
///   gets the same rules. A link to nothing creates its target, as a shell's `>` does.
/// - A regular file or a new one is written to a temporary file beside it (same folder,
///   owner-only while written), which gets the mode of the file it replaces (0644 under the
///   umask for a new file) and is renamed over the destination only when every byte is written.
///   A kill or an error leaves the old content as it was.
/// - `.append` (for `--continue`) adds to an existing regular file in place.
/// - Bytes are copied in chunks of `chunkSize`, so memory stays bounded whatever the size.
package enum OutputFile {
    /// What happens to a regular file that is already there.
    package enum Mode: Sendable, Hashable {
        /// Replace it, atomically (the default).
        case replace
        /// Add to its end in place (a resumed download); a missing file is created.
        case append
    }

    /// The size of each read and write when copying.
    package static let chunkSize = 64 * 1024

    /// Copies the file at `source` to `destination`; returns the number of bytes written.
    @discardableResult
    package static func write(
        contentsOf source: URL, to destination: URL, mode: Mode = .replace
    ) throws(OutputFileError) -> Int64 {
        let input = try InputDescriptor(source)
        defer { close(input.descriptor) }
        return try copy(
            from: input.descriptor, named: source.path, identity: input.identity, to: destination, mode: mode)
    }

    /// Makes the file at `source` (a downloaded body) the file at `destination`; returns the byte count.
    ///
    /// When `sourceIsKept` (the body is a stored answer: the cache's file), the destination is a copy,
    /// a copy-on-write clone where the file system offers one (`FICLONE`: Btrfs, XFS): a stored answer
    /// never shares an inode with a file the user owns, so editing the download cannot change what
    /// replays. Otherwise (the download's temporary file, which nothing keeps) no byte is written again:
    /// a hard link to it replaces the destination when that is a regular file or a new one on the same
    /// file system (`ReplacementFile.link`), and it is copied under the rules above where it cannot be.
    @discardableResult
    package static func place(_ source: URL, at destination: URL, sourceIsKept: Bool) throws(OutputFileError)
        -> Int64
    {
        var info = stat()
        guard !sourceIsKept, lstat(source.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return try write(contentsOf: source, to: destination)
        }
        let size = Int64(info.st_size)
        do throws(FileFailure) {
            let target = try SymbolicLinks.resolve(destination.path)
            var existing = stat()
            let exists = lstat(target, &existing) == 0
            if exists ? existing.st_mode & S_IFMT == S_IFREG : errno == ENOENT,
                try ReplacementFile.link(source.path, replacing: target, existing: exists ? existing : nil)
            {
                return size
            }
        } catch {
            throw OutputFileError(error.path, error.message)
        }
        return try write(contentsOf: source, to: destination)
    }

    /// Copies what is left to read from `handle` (a file or a pipe) to `destination`; returns the byte count.
    @discardableResult
    package static func write(
        from handle: FileHandle, to destination: URL, mode: Mode = .replace
    ) throws(OutputFileError) -> Int64 {
        var info = stat()
        let identity = fstat(handle.fileDescriptor, &info) == 0 ? FileIdentity(info) : nil
        return try copy(
            from: handle.fileDescriptor, named: "the input", identity: identity, to: destination, mode: mode)
    }

    /// Writes every chunk of `chunks` to `destination`, in order; returns the byte count.
    ///
    /// Nothing is visible at a replaced destination until the sequence ends; an error thrown by
    /// the sequence (or a cancellation) leaves the old file untouched and no temporary file behind.
    @discardableResult
    package static func write<Chunks: AsyncSequence>(
        _ chunks: Chunks, to destination: URL, mode: Mode = .replace
    ) async throws -> Int64 where Chunks.Element == Data {
        let writer = try open(destination, mode: mode)
        do {
            for try await chunk in chunks {
                try Task.checkCancellation()
                try writer.write(chunk)
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        return writer.bytesWritten
    }

    /// Writes `data` to `destination` under the rules above.
    package static func write(_ data: Data, to destination: URL, mode: Mode = .replace) throws(OutputFileError) {
        let writer = try open(destination, mode: mode)
        do {
            try writer.write(data)
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    /// Opens `destination` under the rules above; write with `Writer.write`, then `finish()`.
    package static func open(_ destination: URL, mode: Mode = .replace) throws(OutputFileError) -> Writer {
        try Writer(destination: destination, mode: mode)
    }

    /// Where a download to `destination` resumes: the size of the regular file it names (links
    /// followed), or 0 when there is none or it is not a regular file.
    package static func resumeOffset(of destination: URL) -> Int64 {
        var info = stat()
        guard stat(destination.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int64(info.st_size)
    }

    private static func copy(
        from descriptor: Int32, named name: String, identity: FileIdentity?, to destination: URL, mode: Mode
    ) throws(OutputFileError) -> Int64 {
        let writer = try open(destination, mode: mode)
        if mode == .append, let identity, writer.identity == identity {
            writer.cancel()
            throw OutputFileError(destination.path, "it is the file being copied, so appending to it would never end")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        do throws(OutputFileError) {
            // A clone (copy-on-write) copies nothing; where the file system has none, the bytes are copied.
            var copying = !writer.clone(from: descriptor)
            while copying {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw OutputFileError(name, "reading it failed: \(String(cString: strerror(errno)))")
                }
                copying = count > 0
                if copying { try writer.write(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) }
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        return writer.bytesWritten
    }
}

/// Why `OutputFile` could not write: the path concerned and a sentence a user can act on.
package struct OutputFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path concerned (the destination, the target of its link, or the source).
    package var path: String
    /// What went wrong.
    package var message: String

    /// Makes an error.
    package init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `'<path>': <message>`.
    package var description: String { "'\(path)': \(message)" }
}

/// A file's device and inode: whether two descriptors name the same file.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A source opened for reading without blocking on a FIFO that has no writer yet.
private struct InputDescriptor {
    let descriptor: Int32
    let identity: FileIdentity?

    init(_ source: URL) throws(OutputFileError) {
        let descriptor = open(source.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw OutputFileError(source.path, "it cannot be read: \(String(cString: strerror(errno)))")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw OutputFileError(source.path, "it is a folder, not a file")
        }
        self.descriptor = descriptor
        identity = fstat(descriptor, &info) == 0 ? FileIdentity(info) : nil
    }
}
