import Foundation
import HTTPTypes
import Tern
import TernExplorerStorage
import TernSQLite
import Testing

@Suite("SQLiteStorage: the StorageManager contract on disk")
struct SQLiteStorageTests {
    @Test("every field round-trips: status, ordered and repeated headers, bytes, file, source, dates, request")
    func roundTrip() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            var headers = HTTPFields()
            headers.append(HTTPField(name: .contentType, value: "application/octet-stream"))
            headers.append(HTTPField(name: .setCookie, value: "a=1; Path=/"))
            try headers.append(HTTPField(name: #require(HTTPField.Name("X-Mixed-Case")), value: "ünïcode ✓"))
            headers.append(HTTPField(name: .setCookie, value: "b=2"))
            let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let original = StoredResponse(
                key: "user-1", status: 203, headers: headers, body: bytes, source: .sample,
                storedAt: Date(timeIntervalSince1970: 1_700_000_000.123_456),
                validUntil: Date(timeIntervalSince1970: 1_700_000_600.987_654), method: "POST",
                url: "http://127.0.0.1:8080/users/1?x=1&x=2"
            )
            try await storage.store(original)
            let loaded = try #require(try await storage.entry(forKey: "user-1"))
            #expect(loaded.key == original.key)
            #expect(loaded.status == 203)
            #expect(pairs(loaded.headers) == pairs(original.headers))
            #expect(loaded.body == bytes)
            #expect(loaded.fileURL == nil)
            #expect(loaded.source == .sample)
            #expect(abs(loaded.storedAt.timeIntervalSince(original.storedAt)) < 0.000_01)
            #expect(abs(loaded.validUntil.timeIntervalSince(original.validUntil)) < 0.000_01)
            #expect(loaded.method == "POST")
            #expect(loaded.url == original.url)
        }
    }

    @Test("a downloaded body is copied into the cache's own owner-only file, and an empty body stays empty")
    func fileReference() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let file = scratch.directory.appendingPathComponent("download with space.bin")
            try Data("downloaded bytes".utf8).write(to: file)
            var entry = StoredResponse.fixture(key: "download", body: "")
            entry.fileURL = file
            try await storage.store(entry)
            try await storage.store(.fixture(key: "empty", body: ""))
            let download = try #require(try await storage.entry(forKey: "download"))
            let kept = try #require(download.fileURL)
            #expect(kept != file)
            #expect(kept.deletingLastPathComponent().lastPathComponent == "bodies")
            #expect(try Data(contentsOf: kept) == Data("downloaded bytes".utf8))
            #expect(download.byteCount == 16)
            let mode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(FileManager.default.fileExists(atPath: file.path), "the caller's file stays theirs")
            try await storage.removeEntry(forKey: "download")
            #expect(!FileManager.default.fileExists(atPath: kept.path), "the body goes with its entry")
            #expect(download.body.isEmpty)
            let empty = try #require(try await storage.entry(forKey: "empty"))
            #expect(empty.body.isEmpty)
            #expect(empty.fileURL == nil)
        }
    }

    @Test("the latest store wins and the list keeps the newest N per key, oldest first")
    func latestAndList() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath, historyLimitPerKey: 3)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            for index in 1...5 {
                try await storage.store(
                    .fixture(key: "k", body: "\(index)", storedAt: start.addingTimeInterval(Double(index))))
            }
            try await storage.store(.fixture(key: "other", body: "x"))
            #expect(try await storage.entry(forKey: "k")?.body == Data("5".utf8))
            let list = try await storage.list(forKey: "k")
            #expect(list.map { String(decoding: $0.body, as: UTF8.self) } == ["3", "4", "5"])
            #expect(try await storage.list(forKey: "other").count == 1)
            #expect(try await storage.list(forKey: "missing").isEmpty)
            #expect(try await storage.entry(forKey: "missing") == nil)
        }
    }

    @Test("insertion order decides the latest, even when the clock went backwards")
    func latestIsLastStored() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            try await storage.store(.fixture(key: "k", body: "new clock", storedAt: Date(timeIntervalSince1970: 2_000)))
            try await storage.store(.fixture(key: "k", body: "old clock", storedAt: Date(timeIntervalSince1970: 1_000)))
            #expect(try await storage.entry(forKey: "k")?.body == Data("old clock".utf8))
        }
    }

    @Test("entries are the latest per key, newest first; removeEntry and removeAll remove")
    func entriesAndRemoval() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            try await storage.store(.fixture(key: "a", body: "a1", storedAt: start))
            try await storage.store(.fixture(key: "b", body: "b1", storedAt: start.addingTimeInterval(10)))
            try await storage.store(.fixture(key: "c", body: "c1", storedAt: start.addingTimeInterval(5)))
            try await storage.store(.fixture(key: "a", body: "a2", storedAt: start.addingTimeInterval(20)))
            let entries = try await storage.entries()
            #expect(entries.map(\.key) == ["a", "b", "c"])
            #expect(entries.first?.body == Data("a2".utf8))

            try await storage.removeEntry(forKey: "a")
            #expect(try await storage.entry(forKey: "a") == nil)
            #expect(try await storage.list(forKey: "a").isEmpty)
            #expect(try await storage.entries().map(\.key) == ["b", "c"])

            try await storage.removeAll()
            #expect(try await storage.entries().isEmpty)
        }
    }

    @Test("entries, lists and history survive closing and reopening the file")
    func persistence() async throws {
        try await withScratch { scratch in
            do {
                let storage = try SQLiteStorage(path: scratch.cachePath, historyLimitPerKey: 2)
                try await storage.store(.fixture(key: "k", body: "1"))
                try await storage.store(.fixture(key: "k", body: "2"))
                try await storage.recordHistory(
                    HistoryEntry(method: "GET", url: "http://127.0.0.1/k", date: Date(), status: 200, duration: 0.1)
                )
            }
            let reopened = try SQLiteStorage(path: scratch.cachePath, historyLimitPerKey: 2)
            #expect(reopened.recoveryNotice == nil)
            #expect(try await reopened.entry(forKey: "k")?.body == Data("2".utf8))
            #expect(try await reopened.list(forKey: "k").count == 2)
            #expect(try await reopened.history().count == 1)
            #expect(try scratch.ternFiles().allSatisfy { !$0.contains("broken") })
        }
    }

    @Test("one connection (a one-shot send) reads and writes a cache a pool made; a new file is still made by a pool")
    func singleConnection() async throws {
        try await withScratch { scratch in
            // A fresh file: created and migrated through a pool, whatever was asked.
            let first = try SQLiteStorage(path: scratch.cachePath, connections: .single)
            try await first.store(.fixture(key: "k", body: "1"))
            first.close()
            let single = try SQLiteStorage(path: scratch.cachePath, connections: .single)
            #expect(single.recoveryNotice == nil)
            #expect(try await single.entry(forKey: "k")?.body == Data("1".utf8))
            try await single.store(.fixture(key: "k", body: "2"))
            try await single.recordHistory(
                HistoryEntry(method: "GET", url: "http://127.0.0.1/k", date: Date(), status: 200, duration: 0.1))
            // A pool opened beside it (the TUI while a send goes out) sees what it wrote.
            let pool = try SQLiteStorage(path: scratch.cachePath)
            #expect(try await pool.entry(forKey: "k")?.body == Data("2".utf8))
            #expect(try await pool.history().count == 1)
            single.close()
            pool.close()
            // The journal stays the pool's write-ahead log: the header's read and write versions are 2.
            let header = try Data(contentsOf: scratch.cachePath).prefix(20)
            #expect(Array(header.suffix(2)) == [2, 2])
        }
    }

    @Test("many tasks storing and reading at once lose nothing and keep the per-key limit", .timeLimit(.minutes(1)))
    func concurrentStores() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath, historyLimitPerKey: 5)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<400 {
                    group.addTask {
                        let key = "key-\(index % 20)"
                        try await storage.store(.fixture(key: key, body: "\(index)"))
                        _ = try await storage.entry(forKey: key)
                        if index % 50 == 0 { _ = try await storage.entries() }
                    }
                }
                try await group.waitForAll()
            }
            let entries = try await storage.entries()
            #expect(entries.count == 20)
            for index in 0..<20 {
                #expect(try await storage.list(forKey: "key-\(index)").count == 5)
            }
        }
    }
}
