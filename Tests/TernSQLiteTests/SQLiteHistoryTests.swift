import Foundation
import Tern
import TernExplorerStorage
import TernSQLite
import Testing

@Suite("SQLiteStorage: send history")
struct SQLiteHistoryTests {
    @Test("recorded entries come back newest first with every field and an id")
    func recordAndList() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let start = Date(timeIntervalSince1970: 1_700_000_000.125)
            let ok = HistoryEntry(
                spec: "users/get-user", method: "GET", url: "http://127.0.0.1:1/users/1", date: start, status: 200,
                source: .cache, duration: 0.0421
            )
            let failed = HistoryEntry(
                method: "POST", url: "http://127.0.0.1:1/users", date: start.addingTimeInterval(1), duration: 30,
                error: "timed out: the request ran past 30 s"
            )
            try await storage.recordHistory(ok)
            try await storage.recordHistory(failed)

            let history = try await storage.history()
            try #require(history.count == 2)
            #expect(history.allSatisfy { $0.id != nil })
            #expect(history[0].method == "POST")
            #expect(history[0].status == nil)
            #expect(history[0].source == nil)
            #expect(history[0].spec == nil)
            #expect(history[0].error == failed.error)
            var first = history[1]
            #expect(abs(first.date.timeIntervalSince(start)) < 0.000_01)
            first.id = nil
            first.date = start
            #expect(first == ok)
        }
    }

    @Test("an entry keeps where a live send's time went")
    func phases() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let phases = TransferPhases(
                connect: .microseconds(1500), firstByte: .microseconds(2250), transfer: .microseconds(125),
                total: .microseconds(3875), reusedConnection: false)
            try await storage.recordHistory(
                HistoryEntry(
                    method: "GET", url: "http://127.0.0.1:1/users/1", date: Date(), status: 200, source: .live,
                    duration: 0.004, phases: phases))
            try await storage.recordHistory(
                HistoryEntry(method: "GET", url: "http://127.0.0.1:1/users/2", date: Date(), duration: 0.001))
            let history = try await storage.history()
            #expect(history.first { $0.url.hasSuffix("/1") }?.phases == phases)
            #expect(history.first { $0.url.hasSuffix("/2") }?.phases == nil)
        }
    }

    @Test("an entry keeps the request as sent and the key of its stored response")
    func requestAndCacheKey() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let record = RequestRecord(
                name: "users/get-user", partition: "local", method: "GET", url: "http://127.0.0.1:1/users/1",
                headers: [RequestRecord.Field(name: "Authorization", value: "••••••")], bodyBytes: 0, bodyText: nil,
                fingerprints: ["path": "abc"])
            let entry = HistoryEntry(
                spec: "users/get-user", method: "GET", url: "http://127.0.0.1:1/users/1", date: Date(), status: 200,
                source: .live, duration: 0.01, request: record, cacheKey: "GET http://127.0.0.1:1/users/1 #d @local")
            try await storage.recordHistory(entry)
            let reopened = try SQLiteStorage(path: scratch.cachePath)
            let read = try #require(try await reopened.history().first)
            #expect(read.request == record)
            #expect(read.cacheKey == entry.cacheKey)
        }
    }

    @Test("the limit takes the newest; clearHistory empties it and leaves responses alone")
    func limitAndClear() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            for index in 0..<10 {
                try await storage.recordHistory(
                    HistoryEntry(
                        method: "GET", url: "http://127.0.0.1:1/\(index)",
                        date: start.addingTimeInterval(Double(index)),
                        status: 200, source: .live, duration: 0.01
                    )
                )
            }
            try await storage.store(.fixture(key: "kept"))
            let latest = try await storage.history(limit: 3)
            #expect(latest.map(\.url) == ["http://127.0.0.1:1/9", "http://127.0.0.1:1/8", "http://127.0.0.1:1/7"])
            #expect(try await storage.history(limit: 0).isEmpty)
            #expect(try await storage.history(limit: -1).isEmpty)

            try await storage.clearHistory()
            #expect(try await storage.history().isEmpty)
            #expect(try await storage.entry(forKey: "kept") != nil)
        }
    }
}
