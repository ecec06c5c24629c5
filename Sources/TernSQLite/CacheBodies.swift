import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder of downloaded bodies beside the cache database (`.tern/bodies/`, owner-only): the
/// cache owns every file in it, and removes each with its entry.
struct CacheBodies: Sendable {
    /// The folder.
    let directory: URL

    /// Creates the folder (0700) when missing and removes temporary files whose process is gone.
    func prepare() throws {
        do {
            var info = stat()
            if stat(directory.path, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
            }
            try CacheFile.setPermissions(0o700, atPath: directory.path)
        } catch {
            throw TernError(
                .storage, "the body folder '\(directory.path)' could not be created: \(error)", underlying: error)
        }
        removeAbandonedTemporaryFiles()
    }

    /// A new empty owner-only file for a download in progress: `tmp-<pid>-<uuid>`.
    func temporaryFile() throws -> URL {
        let file = directory.appendingPathComponent("tmp-\(getpid())-\(UUID().uuidString.lowercased())")
        let descriptor = open(file.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw TernError(
                .storage,
                "a download file could not be created in '\(directory.path)': \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        return file
    }

    /// Whether `file` is one of this folder's files.
    func contains(_ file: URL) -> Bool {
        file.standardizedFileURL.deletingLastPathComponent().path == directory.standardizedFileURL.path
    }

    /// Takes `file` into the folder under a new name: renamed when it is a temporary file here, else
    /// copied (the caller's file stays theirs). Returns the new location.
    func adopt(_ file: URL) throws -> URL {
        let target = directory.appendingPathComponent("body-\(UUID().uuidString.lowercased())")
        do {
            if contains(file), file.lastPathComponent.hasPrefix("tmp-") {
                try FileManager.default.moveItem(at: file, to: target)
            } else {
                try FileManager.default.copyItem(at: file, to: target)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw TernError(
                .storage, "the downloaded body '\(file.path)' could not be kept in the cache: \(error)",
                underlying: error)
        }
        return target
    }

    /// The size of the file at `url`, when it can be read.
    static func size(of url: URL) -> Int64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Removes `paths` when they are files of this folder (never anything outside it).
    func remove(_ paths: [String]) {
        for path in paths {
            let url = URL(fileURLWithPath: path)
            if contains(url) { try? FileManager.default.removeItem(at: url) }
        }
    }

    /// Removes every stored body (not the temporary files of downloads still running).
    func removeAllBodies() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("body-") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// `tmp-<pid>-…` files of processes that no longer run (a crash or kill -9 mid-download).
    private func removeAbandonedTemporaryFiles() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("tmp-") {
            let parts = name.split(separator: "-")
            guard parts.count >= 3, let pid = pid_t(parts[1]) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
    }
}
