import Foundation
import Tern
import Testing

@testable import TernSQLite

#if canImport(Glibc)
    import Glibc
#endif

@Suite("SQLiteStorage: symbolic links and sidecar modes")
struct CacheSymlinkTests {
    @Test(".tern as a symlink to another folder is refused; the folder is not chmod-ed or written")
    func ternFolderLinkRefused() async throws {
        try await withScratch { scratch in
            let elsewhere = scratch.directory.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: elsewhere.path)
            try FileManager.default.createSymbolicLink(
                atPath: scratch.cachePath.deletingLastPathComponent().path, withDestinationPath: elsewhere.path
            )
            let error = try #require(throws: TernError.self) { try SQLiteStorage(path: scratch.cachePath) }
            #expect(error.kind == .storage)
            #expect(error.message.contains("symbolic link"))
            #expect(try Scratch.mode(of: elsewhere.path) == 0o755)
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }

    @Test("cache.sqlite as a symlink (to a file or to nothing) is refused and its target left alone")
    func databaseLinkRefused() async throws {
        try await withScratch { scratch in
            let folder = scratch.cachePath.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = scratch.directory.appendingPathComponent("victim.txt")
            try Data("precious".utf8).write(to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
            try FileManager.default.createSymbolicLink(atPath: scratch.cachePath.path, withDestinationPath: target.path)
            let error = try #require(throws: TernError.self) { try SQLiteStorage(path: scratch.cachePath) }
            #expect(error.message.contains("symbolic link"))
            #expect(try Data(contentsOf: target) == Data("precious".utf8))
            #expect(try Scratch.mode(of: target.path) == 0o644)
            #expect(!FileManager.default.fileExists(atPath: target.path + "-wal"))
            #expect(try scratch.ternFiles() == ["cache.sqlite"])

            try FileManager.default.removeItem(at: scratch.cachePath)
            let missing = scratch.directory.appendingPathComponent("nothing-here")
            try FileManager.default.createSymbolicLink(
                atPath: scratch.cachePath.path, withDestinationPath: missing.path)
            #expect(throws: TernError.self) { try SQLiteStorage(path: scratch.cachePath) }
            #expect(!FileManager.default.fileExists(atPath: missing.path))
        }
    }

    @Test("a -wal that is a symlink is refused")
    func sidecarLinkRefused() async throws {
        try await withScratch { scratch in
            let folder = scratch.cachePath.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = scratch.directory.appendingPathComponent("victim-wal")
            try Data().write(to: target)
            try FileManager.default.createSymbolicLink(
                atPath: scratch.cachePath.path + "-wal", withDestinationPath: target.path)
            let error = try #require(throws: TernError.self) { try SQLiteStorage(path: scratch.cachePath) }
            #expect(error.message.contains("-wal"))
        }
    }

    @Test("a FIFO in place of the database is refused at once, not a hang", .timeLimit(.minutes(1)))
    func fifoRefused() async throws {
        try await withScratch { scratch in
            let folder = scratch.cachePath.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(mkfifo(scratch.cachePath.path, 0o600) == 0)
            let error = try #require(throws: TernError.self) { try SQLiteStorage(path: scratch.cachePath) }
            #expect(error.message.contains("not a regular file"))
        }
    }

    @Test("the database, -wal and -shm are created 0600 by Tern before SQLite opens them")
    func sidecarsOwnerOnlyFromCreation() async throws {
        try await withScratch { scratch in
            let file = CacheFile(url: scratch.cachePath)
            try file.prepareDirectory()
            try file.createIfMissing()
            for suffix in ["", "-wal", "-shm"] {
                #expect(try Scratch.mode(of: scratch.cachePath.path + suffix) == 0o600, "\(suffix)")
            }
            let storage = try SQLiteStorage(path: scratch.cachePath)
            try await storage.store(.fixture(key: "k"))
            #expect(try await storage.entry(forKey: "k") != nil)
            for suffix in ["", "-wal", "-shm"] {
                #expect(try Scratch.mode(of: scratch.cachePath.path + suffix) == 0o600, "\(suffix)")
            }
        }
    }
}
