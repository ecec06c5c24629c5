import Foundation
import Tern
import TernSQLite
import Testing

/// The cache's byte cap holds for the whole cache: the workspace's cap, set after opening, evicts the least
/// recently used entries, and an answer bigger than the cap on its own is refused, its file left alone.
@Suite("SQLiteStorage: the byte cap")
struct CacheCapTests {
    @Test("a cap set after opening evicts the oldest entries to make room")
    func capSetAfterOpening() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            storage.setMaximumBytes(1_000)
            #expect(storage.maximumBytes == 1_000)
            let body = String(repeating: "x", count: 600)
            _ = try await storage.adopt(.fixture(key: "first", body: body))
            _ = try await storage.adopt(.fixture(key: "second", body: body))
            #expect(try await storage.entry(forKey: "first") == nil)
            #expect(try await storage.entry(forKey: "second")?.body.count == 600)
        }
    }

    @Test("an answer bigger than the cap is refused and its downloaded file stays where it was")
    func biggerThanTheCap() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            storage.setMaximumBytes(1_000)
            _ = try await storage.adopt(.fixture(key: "small", body: "ok"))
            let file = scratch.directory.appendingPathComponent("download.bin")
            try Data(count: 5_000).write(to: file)
            var entry = StoredResponse.fixture(key: "big", body: "")
            entry.fileURL = file
            entry.byteCount = 5_000
            await #expect(throws: SQLiteStorage.Refusal.self) { try await storage.adopt(entry) }
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(try await storage.entry(forKey: "big") == nil)
            // Nothing was evicted for it.
            #expect(try await storage.entry(forKey: "small") != nil)
        }
    }
}
