import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file atomically: the new bytes go to `.<name>.tern-<random>.tmp` in the same
/// folder (owner-only while written), which is then renamed over the old file. Readers see the
/// old file or the new one, never a half-written one; a failure leaves the old file intact and no
/// temporary file behind.
///
/// A symbolic link is written through, never replaced: the link's target gets the new content
/// and keeps its permissions. A new file gets 0644 under the umask. Anything but a regular file
/// at the end of the link chain (a folder, a FIFO, a device) is refused.
enum AtomicFile {
    /// A `rename(2)`-shaped function: 0 on success, else -1 with `errno` set.
    typealias Rename = ReplacementFile.Rename

    /// Writes `data` to `file` (to its target when it is a symbolic link), creating its folder when needed;
    /// a new file gets `mode` when given.
    static func write(
        _ data: Data, to file: URL, mode: mode_t? = nil, rename: Rename = { Foundation.rename($0, $1) }
    ) throws(WorkspaceError) {
        do throws(FileFailure) {
            let target = try SymbolicLinks.resolve(file.path)
            var info = stat()
            let exists = lstat(target, &info) == 0
            if exists, info.st_mode & S_IFMT != S_IFREG {
                throw FileFailure(target, "it is not a regular file, so Tern does not replace it")
            }
            if !exists { try createFolder(of: target) }
            let replacement = try ReplacementFile(replacing: target, existing: exists ? info : nil, mode: mode)
            let written = data.withUnsafeBytes { bytes in
                Result { () throws(FileFailure) in try replacement.write(bytes) }
            }
            try written.get()
            try replacement.commit(rename: rename)
        } catch {
            throw WorkspaceError(.io, "cannot save '\(error.path)': \(error.message)", file: file, underlying: error)
        }
    }

    private static func createFolder(of target: String) throws(FileFailure) {
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileFailure(folder.path, "the folder cannot be created: \(reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
