import Foundation
import GRDB
import Tern
import Testing

@testable import TernSQLite

@Suite("SQLiteStorage: the stamp in the database header, and the write-ahead log close leaves")
struct CacheHeaderTests {
    @Test("a new cache's stamp is in the file's header at once, while its log holds newer rows")
    func stampInHeader() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            try await storage.store(.fixture(key: "k"))
            #expect(Self.logSize(scratch) > 0)
            let stamp = try #require(CacheFile(url: scratch.cachePath).headerStamp())
            #expect(stamp.applicationID == 0x7465_726E)
            #expect(Int(stamp.userVersion) == CacheSchema.migrator.migrations.count)
            #expect(CacheSchema.isStamped(stamp))
            storage.close()
        }
    }

    @Test("close leaves a short log for the next process, which reads it back; a long one is emptied")
    func logKeptOrEmptied() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            try await storage.store(.fixture(key: "small"))
            storage.close()
            let kept = Self.logSize(scratch)
            #expect(kept > 0 && kept <= SQLiteStorage.largestKeptLog)

            let reopened = try SQLiteStorage(path: scratch.cachePath)
            #expect(reopened.recoveryNotice == nil)
            #expect(try await reopened.entry(forKey: "small") != nil)
            // 64 bodies of 16 KiB: past the limit, so this close checkpoints and empties the log.
            for index in 0..<64 {
                var entry = StoredResponse.fixture(key: "big-\(index)")
                entry.body = Data(repeating: UInt8(index), count: 16 * 1024)
                try await reopened.store(entry)
            }
            #expect(Self.logSize(scratch) > SQLiteStorage.largestKeptLog)
            reopened.close()
            #expect(Self.logSize(scratch) == 0)

            let third = try SQLiteStorage(path: scratch.cachePath)
            #expect(try await third.entry(forKey: "big-63")?.body.count == 16 * 1024)
            #expect(try await third.entry(forKey: "small") != nil)
            third.close()
        }
    }

    @Test("files that are not SQLite databases, or are too short, have no stamp")
    func notDatabases() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.cachePath.deletingLastPathComponent(), withIntermediateDirectories: true)
        let file = CacheFile(url: scratch.cachePath)
        #expect(file.headerStamp() == nil, "missing")
        try Data("SQLite format 3\u{0}".utf8).write(to: scratch.cachePath)
        #expect(file.headerStamp() == nil, "16 bytes")
        try Data(repeating: 0x41, count: 4096).write(to: scratch.cachePath)
        #expect(file.headerStamp() == nil, "not SQLite")
    }

    /// The size of the cache's write-ahead log, 0 when there is none.
    private static func logSize(_ scratch: Scratch) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: scratch.cachePath.path + "-wal")
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
