import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database file on disk: its folder, its owner-only permissions, and moving a broken one aside.
struct CacheFile: Sendable {
    /// The files SQLite keeps next to a database (write-ahead log, shared memory, rollback journal).
    static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// The database file.
    let url: URL

    var path: String { url.path }

    /// Creates the folder if missing (0700). A `.tern` folder is made owner-only even when it existed.
    func prepareDirectory() throws {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
        if existed, !isDirectory.boolValue {
            throw TernError(.storage, "'\(directory.path)' is a file, so the cache cannot be created in it")
        }
        do {
            if !existed {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
            }
            if !existed || directory.lastPathComponent == ".tern" {
                try setPermissions(0o700, atPath: directory.path)
            }
        } catch {
            throw TernError(.storage, "the cache folder '\(directory.path)' could not be created: \(error)", underlying: error)
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

    /// Creates an empty database file with mode 0600 unless one exists; SQLite gives its `-wal` and
    /// `-shm` files the mode of the database, so they are owner-only from the start.
    func createIfMissing() throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            defer { close(descriptor) }
            guard fchmod(descriptor, 0o600) == 0 else { throw posixError("setting the mode of") }
            return
        }
        guard errno == EEXIST else { throw posixError("creating") }
    }

    /// Sets 0600 on the database and its sidecar files, whatever the umask made of them.
    func restrictPermissions() throws {
        for file in [path] + Self.sidecarSuffixes.map({ path + $0 }) where FileManager.default.fileExists(atPath: file) {
            do {
                try setPermissions(0o600, atPath: file)
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

    private func setPermissions(_ mode: Int, atPath path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    private func posixError(_ action: String) -> TernError {
        let code = errno
        let reason = String(cString: strerror(code))
        return TernError(.storage, "\(action) the cache file '\(path)' failed: \(reason)")
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
