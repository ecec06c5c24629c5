import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the spec files under `specs/` with one `readdir` per folder (no `stat` per file).
enum SpecFiles {
    /// What a walk of `specs/` found.
    struct Found {
        /// Paths relative to `specs/` of files ending in `.yaml`.
        var specs: [String] = []
        /// Paths relative to `specs/` of files ending in `.yml` (reported, not loaded).
        var misnamed: [String] = []
        /// Folders deeper than `maximumDepth` (reported, not walked).
        var tooDeep: [String] = []
        /// Folders that are a folder walked already, reached again through a symbolic link (reported,
        /// not walked again: two links to `.` would otherwise make 2^33 paths).
        var repeated: [String] = []
    }

    /// A folder's identity, so that one reached twice (through a symbolic link) is walked once.
    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Walks `folder` recursively, skipping hidden files and folders; a missing folder finds nothing.
    static func find(in folder: String) -> Found {
        var found = Found()
        var visited = Set<FolderID>()
        walk(folder, relative: "", depth: 0, visited: &visited, into: &found)
        return found
    }

    /// Deeper folders are not walked (reported as `tooDeep`); importers keep within it too.
    package static let maximumDepth = WorkspaceLimits.maximumFolderDepth

    private static func walk(
        _ folder: String, relative: String, depth: Int, visited: inout Set<FolderID>, into found: inout Found
    ) {
        guard depth <= maximumDepth else {
            found.tooDeep.append(relative)
            return
        }
        var info = stat()
        guard stat(folder, &info) == 0 else { return }
        guard visited.insert(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else {
            found.repeated.append(relative)
            return
        }
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = entryName(entry)
            guard !name.hasPrefix(".") else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = folder + "/" + name
            if isDirectory(entry.pointee.d_type, path: full) {
                walk(full, relative: path, depth: depth + 1, visited: &visited, into: &found)
            } else if name.hasSuffix(".yaml") {
                found.specs.append(path)
            } else if name.hasSuffix(".yml") {
                found.misnamed.append(path)
            }
        }
    }

    /// The entry's name, read through a pointer: `readdir` returns records only as long as the name
    /// (`d_reclen`), so copying the declared 256-byte `d_name` out of `pointee` can read past the end of
    /// glibc's buffer into an unmapped page.
    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        guard let offset = MemoryLayout<dirent>.offset(of: \.d_name) else { return "" }
        let name = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)
        return String(cString: name)
    }

    /// The entry's type from `readdir`, falling back to `stat` where the file system does not say
    /// (symbolic links to folders are followed).
    private static func isDirectory(_ type: UInt8, path: String) -> Bool {
        if type == UInt8(DT_DIR) { return true }
        guard type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) else { return false }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
