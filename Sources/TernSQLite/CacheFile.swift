import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database file on disk: its folder, its owner-only permissions, no symbolic links, and moving a
/// broken one aside.
struct CacheFile: Sendable {
    /// The files SQLite keeps next to a database (write-ahead log, shared memory, rollback journal).
    static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// The database file.
    let url: URL

    var path: String { url.path }

    /// Creates the folder if missing (0700). A `.tern` folder is made owner-only even when it existed.
    ///
    /// A folder that is a symbolic link is refused: following it would chmod and write wherever it points.
    func prepareDirectory() throws {
        let directory = url.deletingLastPathComponent()
        if SymbolicLinks.isLink(directory.path) {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory.path)) ?? "?"
            throw TernError(
                .storage,
                "'\(directory.path)' is a symbolic link (to '\(destination)'); Tern keeps its cache only in a real "
                    + "folder, so replace the link with a folder or remove it"
            )
        }
        var info = stat()
        let existed = stat(directory.path, &info) == 0
        if existed, info.st_mode & S_IFMT != S_IFDIR {
            throw TernError(.storage, "'\(directory.path)' is a file, so the cache cannot be created in it")
        }
        do {
            if !existed {
                do {
                    try FileManager.default.createDirectory(
                        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                    )
                } catch {
                    // Another process may have created it at the same moment: that is fine.
                    var nowDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &nowDirectory),
                        nowDirectory.boolValue
                    else { throw error }
                }
            }
            if !existed || directory.lastPathComponent == ".tern" {
                try Self.setPermissions(0o700, atPath: directory.path)
            }
        } catch {
            throw TernError(
                .storage, "the cache folder '\(directory.path)' could not be created: \(error)", underlying: error)
        }
    }

    /// Refuses a database or sidecar file that is a symbolic link or not a regular file (a FIFO would
    /// hang SQLite, a link would have the cache written wherever it points).
    func refuseLinksAndSpecialFiles() throws {
        for file in [path] + Self.sidecarSuffixes.map({ path + $0 }) {
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                continue
            case S_IFLNK:
                throw TernError(
                    .storage, "'\(file)' is a symbolic link; Tern does not follow links for its cache, so remove it"
                )
            default:
                throw TernError(.storage, "'\(file)' is not a regular file; move it away so Tern can create its cache")
            }
        }
    }

    /// Whether a file exists at the path.
    var exists: Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Whether an existing file can be both read and written by this process.
    var isAccessible: Bool {
        FileManager.default.isReadableFile(atPath: path) && FileManager.default.isWritableFile(atPath: path)
    }

    /// Creates an empty database file with mode 0600 unless one exists, and empty `-wal` and `-shm`
    /// files with mode 0600 unless they exist, so the sidecars are owner-only from their creation
    /// (SQLite opens them as they are; left to SQLite they would take the database's mode).
    func createIfMissing() throws {
        for file in [path, path + "-wal", path + "-shm"] {
            let descriptor = open(file, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                defer { close(descriptor) }
                guard fchmod(descriptor, 0o600) == 0 else { throw Self.posixError("setting the mode of", file) }
                continue
            }
            guard errno == EEXIST else { throw Self.posixError("creating", file) }
        }
    }

    /// Sets 0600 on the database and its sidecar files, whatever the umask made of them.
    func restrictPermissions() throws {
        var info = stat()
        for file in [path] + Self.sidecarSuffixes.map({ path + $0 }) where lstat(file, &info) == 0 {
            do {
                try Self.setPermissions(0o600, atPath: file)
            } catch {
                throw TernError(.storage, "the permissions of '\(file)' could not be set: \(error)", underlying: error)
            }
        }
    }

    /// Renames the file (and its sidecars) to `<name>.broken-<UTC timestamp>`, keeping every byte.
    func moveAside(at date: Date) throws -> URL {
        let directory = url.deletingLastPathComponent()
        let stem = "\(url.lastPathComponent).broken-\(Self.timestamp(date))"
        var target = directory.appendingPathComponent(stem)
        var counter = 1
        while FileManager.default.fileExists(atPath: target.path) {
            counter += 1
            target = directory.appendingPathComponent("\(stem)-\(counter)")
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: target.path)
            for suffix in Self.sidecarSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.moveItem(atPath: path + suffix, toPath: target.path + suffix)
            }
        } catch {
            throw TernError(
                .storage, "the unusable cache '\(path)' could not be moved aside: \(error); move or delete it by hand",
                underlying: error
            )
        }
        return target
    }

    /// Sets the permission bits of `path` (a file or folder of the cache) to `mode`, unless they
    /// are already: `stat` and `chmod`, without Foundation's file attributes (their first use costs
    /// a one-shot command a few hundred microseconds of runtime type lookups).
    static func setPermissions(_ mode: mode_t, atPath path: String) throws {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o7777 == mode { return }
        guard chmod(path, mode) == 0 else { throw posixError("setting the mode of", path) }
    }

    /// The `application_id` and `user_version` in the header of the database file, when it is a
    /// SQLite database; nil otherwise. Reads 100 bytes, without SQLite.
    ///
    /// The write-ahead log may hold a newer header, but not a newer stamp: a Tern checkpoints its
    /// log into the file as soon as it has stamped it (`DatabaseOpener`).
    func headerStamp() -> (applicationID: Int32, userVersion: Int32)? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else { return nil }
        func integer(at offset: Int) -> Int32 {
            Int32(bitPattern: header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) })
        }
        return (integer(at: 68), integer(at: 60))
    }

    private static func posixError(_ action: String, _ file: String) -> TernError {
        let code = errno
        let reason = String(cString: strerror(code))
        return TernError(.storage, "\(action) the cache file '\(file)' failed: \(reason)")
    }

    /// `20250102T030405Z`-style: sortable, no characters a shell or file system minds.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
