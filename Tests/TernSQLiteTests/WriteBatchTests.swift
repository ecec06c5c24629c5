import Foundation
import HTTPTypes
import Tern
import TernExplorerStorage
import TernSQLite
import Testing

/// A run's answers and history rows are written in batches: a lookup sees what a batch holds back,
/// ending the batch writes it, and a process that dies in the middle loses at most the batch in hand.
@Suite("SQLiteStorage: batched writes of a run")
struct WriteBatchTests {
    private func historyEntry(_ number: Int) -> HistoryEntry {
        HistoryEntry(
            spec: "users/get-user", method: "GET", url: "http://127.0.0.1/users/\(number)",
            date: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), status: 200, source: .live,
            duration: 0.001)
    }

    @Test("what a batch holds back is served by a lookup and written when the batch ends")
    func heldBackThenWritten() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            await storage.beginBatch()
            _ = try await storage.adopt(.fixture(key: "a", body: "first"))
            _ = try await storage.adopt(.fixture(key: "a", body: "second"))
            try await storage.recordHistory(historyEntry(1))
            #expect(try await storage.replayEntry(forKey: "a")?.body == Data("second".utf8))
            // Another connection sees nothing yet: the batch is in this process's memory.
            let other = try SQLiteStorage(path: scratch.cachePath)
            #expect(try await other.entry(forKey: "a") == nil)
            try await storage.endBatch()
            #expect(try await other.entry(forKey: "a")?.body == Data("second".utf8))
            #expect(try await other.list(forKey: "a").count == 2)
            #expect(try await other.history(limit: 10).count == 1)
            other.close()
            storage.close()
        }
    }

    @Test("a full batch is written at once, and a process that stops in the middle loses only the batch in hand")
    func fullBatchesAreWritten() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            await storage.beginBatch()
            let count = SQLiteStorage.batchSize + 10
            for number in 0..<count {
                _ = try await storage.adopt(.fixture(key: "key-\(number)"))
                try await storage.recordHistory(historyEntry(number))
            }
            // As a process killed now would have left it: the first batch written, the rest not.
            let survivor = try SQLiteStorage(path: scratch.cachePath)
            let entries = try await survivor.entries().count
            let rows = try await survivor.history(limit: 1_000).count
            #expect(entries >= SQLiteStorage.batchSize - 1 && count - entries <= SQLiteStorage.batchSize)
            #expect(rows >= SQLiteStorage.batchSize - 1 && count - rows <= SQLiteStorage.batchSize)
            try await storage.endBatch()
            #expect(try await survivor.entries().count == count)
            #expect(try await survivor.history(limit: 1_000).count == count)
            survivor.close()
            storage.close()
        }
    }

    @Test("closing writes what a batch still holds; other writes keep their order after it")
    func closingAndOrder() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            await storage.beginBatch()
            _ = try await storage.adopt(.fixture(key: "kept"))
            _ = try await storage.adopt(.fixture(key: "removed"))
            // A removal after the held-back store must find it written.
            try await storage.removeEntry(forKey: "removed")
            try await storage.recordHistory(historyEntry(1))
            storage.close()
            let reopened = try SQLiteStorage(path: scratch.cachePath)
            #expect(try await reopened.entry(forKey: "kept") != nil)
            #expect(try await reopened.entry(forKey: "removed") == nil)
            #expect(try await reopened.history(limit: 10).count == 1)
            reopened.close()
        }
    }

    @Test("the byte cap holds across a batch")
    func capAcrossABatch() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            storage.setMaximumBytes(2_000)
            await storage.beginBatch()
            for number in 0..<10 {
                _ = try await storage.adopt(.fixture(key: "key-\(number)", body: String(repeating: "x", count: 500)))
            }
            try await storage.endBatch()
            #expect(try await storage.totalBytes() <= 2_000)
            #expect(try await storage.entry(forKey: "key-9") != nil)
            storage.close()
        }
    }
}

/// The cache writes its JSON (headers, request records) itself: what it writes reads back the same.
@Suite("SQLiteStorage: the JSON it writes")
struct StorageJSONTests {
    @Test("headers and request records with quotes, backslashes, control characters and other scripts read back")
    func roundTrip() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let awkward = "a \"quoted\" \\ back/slash\ttab\u{01}\u{1F} é 日本 🐦 \u{2028}"
            var entry = StoredResponse.fixture(key: "awkward")
            entry.headers = [.contentType: "application/json"]
            entry.headers.append(HTTPField(name: HTTPField.Name("X-Note")!, value: "one, \"two\" é"))
            entry.headers.append(HTTPField(name: HTTPField.Name("X-Note")!, value: "three"))
            entry.request = RequestRecord(
                name: "users/get \"user\"", partition: "local", method: "POST", url: "http://h/p?q=\"x\"&r=é",
                headers: [.init(name: "X-Awkward", value: awkward)], bodyBytes: 12, bodyText: awkward,
                fingerprints: ["path": "abc", "query:é": "def", "header:x-awkward": "0\u{7}1"])
            _ = try await storage.adopt(entry)
            try await storage.recordHistory(
                HistoryEntry(
                    spec: "s", method: "POST", url: "http://h/p", date: Date(timeIntervalSince1970: 1_700_000_000),
                    status: 200, source: .live, duration: 0.5, request: entry.request))
            let read = try #require(try await storage.entry(forKey: "awkward"))
            #expect(read.headers == entry.headers)
            #expect(read.request == entry.request)
            #expect(try await storage.history(limit: 1).first?.request == entry.request)
            storage.close()
        }
    }
}
