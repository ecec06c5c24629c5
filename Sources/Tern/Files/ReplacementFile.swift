package import Foundation

#if canImport(Glibc)

    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// New content for a regular file: written to a temporary file beside it and renamed over it
/// only when complete, so a kill or an error leaves the old content.
///
/// The temporary file, `.<name>.tern-<random>.tmp` in the target's folder, is owner-only (0600)
/// while written. On `commit()` it takes the mode (and, when allowed, the owner) of the file it
/// replaces, or 0644 under the umask for a new file, then is synced and renamed.
package final class ReplacementFile {
    /// A `rename(2)`-shaped function: 0 on success, else -1 with `errno` set.
    package typealias Rename = (_ from: String, _ to: String) -> Int32

    /// The file replaced (or created).
    package let target: String
    /// The temporary file being written.
    package let temporary: String
    /// The temporary file's descriptor, open for writing.
    package let descriptor: Int32

    private let finalMode: mode_t
    private var isOpen = true

    /// Starts replacing `target`, whose `lstat` is `existing` (`nil` for a new file). A new file
    /// gets `mode` when given (its permission bits only, never set-id or sticky bits), else 0644
    /// under the umask.
    package init(replacing target: String, existing: stat?, mode: mode_t? = nil) throws(FileFailure) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let path = folder + "/." + url.lastPathComponent + ".tern-" + UUID().uuidString + ".tmp"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw FileFailure(target, "its folder '\(folder)' does not exist") }
            throw FileFailure.posix(target, "a file cannot be created beside it")
        }
        var created = stat()
        // Created 0644 under the umask: what a new file gets. Then owner-only until committed.
        let umasked = fstat(descriptor, &created) == 0 ? created.st_mode & 0o777 : 0o600
        guard fchmod(descriptor, 0o600) == 0 else {
            let failure = FileFailure.posix(target, "the temporary file cannot be made owner-only")
            close(descriptor)
            unlink(path)
            throw failure
        }
        if let existing { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
        self.target = target
        self.temporary = path
        self.descriptor = descriptor
        self.finalMode = existing.map { $0.st_mode & 0o7777 } ?? mode.map { $0 & 0o777 } ?? umasked
    }

    deinit { discard() }

    /// Appends `bytes` to the new content, all of them or an error.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileFailure) {
        try Self.writeAll(bytes, to: descriptor, path: target)
    }

    /// Gives the new content its final mode, syncs it and renames it over the target.
    package func commit(rename: Rename = { Foundation.rename($0, $1) }) throws(FileFailure) {
        guard isOpen else { throw FileFailure(target, "the new content was already committed or discarded") }
        guard fchmod(descriptor, finalMode) == 0, fsync(descriptor) == 0 else {
            let failure = FileFailure.posix(target, "the new content could not be saved; the old file is unchanged")
            discard()
            throw failure
        }
        isOpen = false
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let failure = FileFailure.posix(target, "it could not be replaced; the old file is unchanged")
            unlink(temporary)
            throw failure
        }
    }

    /// Makes the existing file `source` the new content of `target` (whose `lstat` is `existing`, `nil` for a
    /// new file) without copying a byte: a hard link to it is made beside the target, given the mode the
    /// target would get, and renamed over the target. Returns `false`, with nothing changed, when the two
    /// are on different file systems or the file system has no hard links: the caller copies instead.
    ///
    /// The two names then share one file: its mode is the target's, and writing to either changes both.
    package static func link(_ source: String, replacing target: String, existing: stat?) throws(FileFailure) -> Bool {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let path = folder + "/." + url.lastPathComponent + ".tern-" + UUID().uuidString + ".tmp"
        guard Foundation.link(source, path) == 0 else {
            switch errno {
            case EXDEV, EPERM, EMLINK, ENOTSUP, EOPNOTSUPP, ENOSYS: return false
            case ENOENT where !FileManager.default.fileExists(atPath: folder):
                throw FileFailure(target, "its folder '\(folder)' does not exist")
            default: throw FileFailure.posix(target, "a file cannot be created beside it")
            }
        }
        let mask = umask(0o022)
        umask(mask)
        let mode = existing.map { $0.st_mode & 0o7777 } ?? (0o644 & ~mask)
        if let existing { _ = chown(path, existing.st_uid, existing.st_gid) }
        guard chmod(path, mode) == 0, Foundation.rename(path, target) == 0 else {
            let failure = FileFailure.posix(target, "it could not be replaced; the old file is unchanged")
            unlink(path)
            throw failure
        }
        return true
    }

    /// Drops the new content: the temporary file is removed and the target left as it was.
    package func discard() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
        unlink(temporary)
    }

    /// `write(2)` until every byte is written, retrying on `EINTR`.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String)
        throws(FileFailure)
    {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure.posix(path, "writing to it failed")
            }
            if count == 0 { throw FileFailure(path, "writing to it failed: nothing could be written") }
            offset += count
        }
    }
}
