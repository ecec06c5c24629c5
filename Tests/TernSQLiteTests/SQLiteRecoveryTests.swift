import Foundation
import GRDB
import Tern
import TernSQLite
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("SQLiteStorage: permissions and recovery from files that are not a Tern cache")
struct SQLiteRecoveryTests {
    @Test("the .tern folder is 0700 and the database, -wal and -shm are 0600")
    func permissions() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            try await storage.store(.fixture(key: "k"))
            let database = scratch.cachePath.path
            #expect(try Scratch.mode(of: scratch.cachePath.deletingLastPathComponent().path) == 0o700)
            #expect(try Scratch.mode(of: database) == 0o600)
            #expect(FileManager.default.fileExists(atPath: database + "-wal"))
            #expect(try Scratch.mode(of: database + "-wal") == 0o600)
            #expect(try Scratch.mode(of: database + "-shm") == 0o600)
        }
    }

    @Test("an existing .tern folder and database with loose modes are tightened")
    func tightensExisting() async throws {
        try await withScratch { scratch in
            let folder = scratch.cachePath.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            #expect(FileManager.default.createFile(atPath: scratch.cachePath.path, contents: Data()))
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.cachePath.path)

            let storage = try SQLiteStorage(path: scratch.cachePath)
            #expect(storage.recoveryNotice == nil, "an empty file is initialised, not moved aside")
            try await storage.store(.fixture(key: "k"))
            #expect(try Scratch.mode(of: folder.path) == 0o700)
            #expect(try Scratch.mode(of: scratch.cachePath.path) == 0o600)
            #expect(try scratch.ternFiles().allSatisfy { !$0.contains("broken") })
        }
    }

    @Test("random bytes are moved aside with their -wal, kept byte for byte, and a fresh cache works")
    func randomBytes() async throws {
        try await withScratch { scratch in
            let folder = scratch.cachePath.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var generator = SystemRandomNumberGenerator()
            let garbage = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let wal = Data("not a wal".utf8)
            try garbage.write(to: scratch.cachePath)
            try wal.write(to: URL(fileURLWithPath: scratch.cachePath.path + "-wal"))

            let storage = try SQLiteStorage(path: scratch.cachePath)
            let moved = try movedFile(in: scratch)
            let notice = try #require(storage.recoveryNotice)
            #expect(notice.contains(moved))
            #expect(notice.contains("not a SQLite database"))
            #expect(try Data(contentsOf: folder.appendingPathComponent(moved)) == garbage)
            #expect(try Data(contentsOf: folder.appendingPathComponent(moved + "-wal")) == wal)

            try await storage.store(.fixture(key: "k"))
            #expect(try await storage.entry(forKey: "k") != nil)
        }
    }

    @Test("a SQLite header over garbage pages is corrupt and moved aside")
    func corruptPages() async throws {
        try await withScratch { scratch in
            try makeForeignDatabase(at: scratch.cachePath)
            var bytes = try Data(contentsOf: scratch.cachePath)
            for index in 100..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }
            try bytes.write(to: scratch.cachePath)

            let storage = try SQLiteStorage(path: scratch.cachePath)
            let moved = try movedFile(in: scratch)
            #expect(storage.recoveryNotice?.contains(moved) == true)
            let folder = scratch.cachePath.deletingLastPathComponent()
            #expect(try Data(contentsOf: folder.appendingPathComponent(moved)) == bytes)
        }
    }

    @Test("a SQLite database of another program is moved aside untouched")
    func foreignDatabase() async throws {
        try await withScratch { scratch in
            try makeForeignDatabase(at: scratch.cachePath)
            let original = try Data(contentsOf: scratch.cachePath)

            let storage = try SQLiteStorage(path: scratch.cachePath)
            let moved = try movedFile(in: scratch)
            let notice = try #require(storage.recoveryNotice)
            #expect(notice.contains("players"))
            let folder = scratch.cachePath.deletingLastPathComponent()
            #expect(try Data(contentsOf: folder.appendingPathComponent(moved)) == original)
            #expect(try await storage.entries().isEmpty)
        }
    }

    @Test("a cache with migrations this version does not know is moved aside")
    func unknownMigrations() async throws {
        try await withScratch { scratch in
            do {
                let storage = try SQLiteStorage(path: scratch.cachePath)
                try await storage.store(.fixture(key: "k"))
            }
            let queue = try DatabaseQueue(path: scratch.cachePath.path)
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('tern-v99-from-the-future')")
                // What the newer Tern stamps after migrating: one migration more than this one knows.
                let applied = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") ?? 0
                try db.execute(sql: "PRAGMA user_version = \(applied)")
            }
            try queue.close()

            let storage = try SQLiteStorage(path: scratch.cachePath)
            let notice = try #require(storage.recoveryNotice)
            #expect(notice.contains("tern-v99-from-the-future"))
            _ = try movedFile(in: scratch)
            #expect(try await storage.entry(forKey: "k") == nil)
        }
    }

    @Test("a migrated cache is stamped with Tern's application id and its migration count, then opens as before")
    func stamp() async throws {
        try await withScratch { scratch in
            do {
                let storage = try SQLiteStorage(path: scratch.cachePath)
                try await storage.store(.fixture(key: "k"))
            }
            let queue = try DatabaseQueue(path: scratch.cachePath.path)
            let (application, version, migrations) = try await queue.read { db in
                (
                    try Int.fetchOne(db, sql: "PRAGMA application_id"),
                    try Int.fetchOne(db, sql: "PRAGMA user_version"),
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations")
                )
            }
            try queue.close()
            #expect(application == 0x7465_726E)  // "tern"
            #expect(version == migrations && (migrations ?? 0) >= 3)
            let reopened = try SQLiteStorage(path: scratch.cachePath)
            #expect(reopened.recoveryNotice == nil)
            #expect(try await reopened.entry(forKey: "k") != nil)
        }
    }

    @Test("a file this process may not read is moved aside", .enabled(if: getuid() != 0, "root reads every file"))
    func unreadable() async throws {
        try await withScratch { scratch in
            _ = try SQLiteStorage(path: scratch.cachePath)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: scratch.cachePath.path)
            let storage = try SQLiteStorage(path: scratch.cachePath)
            #expect(storage.recoveryNotice != nil)
            _ = try movedFile(in: scratch)
        }
    }

    @Test("a path whose folder is a file is a storage error, never a crash")
    func folderIsAFile() async throws {
        try await withScratch { scratch in
            let blocker = scratch.directory.appendingPathComponent(".tern")
            try Data("x".utf8).write(to: blocker)
            let error = #expect(throws: TernError.self) { try SQLiteStorage(path: scratch.cachePath) }
            #expect(error?.kind == .storage)
        }
    }

    /// The one `cache.sqlite.broken-…` file in `.tern`.
    private func movedFile(in scratch: Scratch) throws -> String {
        let files = try scratch.ternFiles()
        let moved = files.filter { name in
            name.hasPrefix("cache.sqlite.broken-") && !Self.sidecars.contains { name.hasSuffix($0) }
        }
        try #require(moved.count == 1, "files: \(files)")
        return moved[0]
    }

    /// The suffixes of the files SQLite keeps next to a database, moved aside together with it.
    private static let sidecars = ["-wal", "-shm", "-journal"]

    /// A small rollback-journal SQLite database with a table Tern does not own.
    private func makeForeignDatabase(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)")
            for index in 0..<200 {
                try db.execute(sql: "INSERT INTO players (name) VALUES (?)", arguments: ["player \(index)"])
            }
        }
        try queue.close()
    }
}
