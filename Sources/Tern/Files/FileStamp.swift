import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What says a file is unchanged without reading it: its device and inode, size, and modification and
/// change times in nanoseconds (the change time moves with any write, rename or `chmod`, and cannot be
/// set back by a user). Kept in text as `device:inode:size:modified:changed`.
package struct FileStamp: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var changed: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of the file at `path` (links followed), or `nil` when it cannot be examined.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the open file `descriptor`, or `nil` when it cannot be examined.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }

    /// `device:inode:size:modified:changed`.
    package var text: String { "\(device):\(inode):\(size):\(modified):\(changed)" }

    /// The stamp `text` gives, or `nil` when it is not one. Split at the `:` bytes: a split by character
    /// cost 26 K instructions a stamp, and the spec index reads one a spec.
    package init?(text: Substring) {
        let parts = text.utf8.split(separator: UInt8(ascii: ":")).map(Substring.init)
        guard parts.count == 5, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
            let size = Int64(parts[2]), let modified = Int64(parts[3]), let changed = Int64(parts[4])
        else { return nil }
        self.init(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }
}
