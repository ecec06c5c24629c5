public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the workspace's files look like on disk, cheaply: the size, modification time and inode of
/// `workspace.yaml`, every `environments/*.yaml` and every `specs/**/*.yaml`. Two stamps that differ
/// mean a file was changed, added or removed; the explorer's faces poll it to reload what changed.
///
/// Taking one walks `specs/` as `load(from:)` does and `stat`s each file: about a millisecond for a
/// thousand specs, and no file is read.
public struct WorkspaceStamp: Sendable, Equatable {
    /// One file's identity on disk.
    public struct FileStamp: Sendable, Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    /// Each file's stamp, by its path relative to the workspace (`specs/users/get-user.yaml`).
    public private(set) var files: [String: FileStamp]

    /// The stamp of the workspace in `root` now.
    public static func take(root: URL) -> WorkspaceStamp {
        let base = root.standardizedFileURL.path
        var paths = ["workspace.yaml"]
        let environments = base + "/environments"
        if let names = try? FileManager.default.contentsOfDirectory(atPath: environments) {
            paths += names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".yaml") }.map { "environments/" + $0 }
        }
        paths += SpecFiles.find(in: base + "/specs").specs.map { "specs/" + $0 }
        var files: [String: FileStamp] = [:]
        files.reserveCapacity(paths.count)
        for path in paths {
            if let stamp = stamp(of: base + "/" + path) { files[path] = stamp }
        }
        return WorkspaceStamp(files: files)
    }

    /// The stamp with `file`'s entry as it is on disk now (after the explorer wrote it itself), or without
    /// it when the file is gone or outside the workspace.
    public func updating(_ file: URL, root: URL) -> WorkspaceStamp {
        let base = root.standardizedFileURL.path + "/"
        let full = file.standardizedFileURL.path
        guard full.hasPrefix(base) else { return self }
        var copy = self
        copy.files[String(full.dropFirst(base.count))] = Self.stamp(of: full)
        return copy
    }

    /// The files (relative paths) that were added, removed or changed between `older` and this stamp, sorted.
    public func changes(since older: WorkspaceStamp) -> [String] {
        let paths = Set(files.keys).union(older.files.keys)
        return paths.filter { files[$0] != older.files[$0] }.sorted()
    }

    private static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let seconds = Int64(info.st_mtimespec.tv_sec)
            let nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
            let seconds = Int64(info.st_mtim.tv_sec)
            let nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        return FileStamp(
            size: Int64(info.st_size), modified: seconds &* 1_000_000_000 &+ nanoseconds, inode: UInt64(info.st_ino))
    }
}
