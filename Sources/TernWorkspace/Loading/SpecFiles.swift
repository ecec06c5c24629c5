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
    }

    /// Walks `folder` recursively, skipping hidden files and folders; a missing folder finds nothing.
    static func find(in folder: String) -> Found {
        var found = Found()
        walk(folder, relative: "", depth: 0, into: &found)
        return found
    }

    /// Deeper folders are not walked (a guard against symbolic-link loops).
    static let maximumDepth = WorkspaceLimits.maximumFolderDepth

    private static func walk(_ folder: String, relative: String, depth: Int, into found: inout Found) {
        guard depth <= maximumDepth, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = entryName(entry)
            guard !name.hasPrefix(".") else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = folder + "/" + name
            if isDirectory(entry.pointee.d_type, path: full) {
                walk(full, relative: path, depth: depth + 1, into: &found)
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
