import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The digests of file bodies already read, by what the file was when it was read: one upload's key,
/// stored record and history row need its digest, and the file is read for it once.
///
/// A file that changed (another inode, size, modification or change time) is read again. At most
/// `capacity` digests are kept; the oldest goes first.
final class FileDigests: Sendable {
    /// What identifies a file's content without reading it.
    struct Stamp: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64

        /// The stamp of the open file `descriptor`, or `nil` when it cannot be read.
        init?(descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        }
    }

    /// How many digests are kept.
    static let capacity = 32

    private let known = Mutex<[(Stamp, String)]>([])

    /// The digest remembered for `stamp`.
    func digest(for stamp: Stamp) -> String? {
        known.withLock { entries in entries.first { $0.0 == stamp }?.1 }
    }

    /// Remembers `digest` for `stamp`, forgetting the oldest past `capacity`.
    func remember(_ digest: String, for stamp: Stamp) {
        known.withLock { entries in
            entries.removeAll { $0.0 == stamp }
            entries.append((stamp, digest))
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
    }
}
