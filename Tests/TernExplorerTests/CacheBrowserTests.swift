import Foundation
import HTTPTypes
import Tern
import TernExplorerStorage
import TernSQLite
import Testing

@testable import TernExplorer

/// The cache and history browser on its own: looking answers up, and finding the answer of a history entry.
@Suite("Cache browser")
struct CacheBrowserTests {
    /// A stored answer under `key` for the spec `spec` in `partition`, stored `at` seconds after a fixed date.
    static func stored(
        _ key: String, spec: String?, partition: String? = "local", url: String = "http://h/a", at: Double
    )
        -> StoredResponse
    {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + at)
        return StoredResponse(
            key: key, status: 200, headers: [:], body: Data("\(key)".utf8), source: .live, storedAt: date,
            validUntil: date.addingTimeInterval(300), method: "GET", url: url,
            request: RequestRecord(name: spec, partition: partition, method: "GET", url: url))
    }

    /// Runs `body` with a browser over a fresh SQLite cache holding `entries`.
    func withBrowser(
        _ entries: [StoredResponse], history: [HistoryEntry] = [], _ body: (CacheBrowser) async throws -> Void
    ) async throws {
        try await withFolder { folder in
            let storage = try SQLiteStorage(path: folder.url.appendingPathComponent(".tern/cache.sqlite"))
            for entry in entries { try await storage.store(entry) }
            for entry in history { try await storage.recordHistory(entry) }
            try await body(CacheBrowser(storage: storage, history: storage))
            storage.close()
        }
    }

    @Test("a key is found as listed, without its @environment, by its spec id, or by a unique part")
    func lookUp() async throws {
        let entries = [
            Self.stored("GET a @local", spec: "users/a", at: 0),
            Self.stored("GET a @prod", spec: "users/a", partition: "prod", at: 1),
            Self.stored("GET b @local", spec: "users/b", at: 2),
        ]
        try await withBrowser(entries) { browser in
            let listed = try await browser.entry(matching: "GET a @prod", environment: "local", specID: "x")
            #expect(listed.key == "GET a @prod")
            let scoped = try await browser.entry(matching: "GET a", environment: "local", specID: "x")
            #expect(scoped.key == "GET a @local")
            let bySpec = try await browser.entry(matching: "a", environment: "prod", specID: "users/a")
            #expect(bySpec.key == "GET a @prod")
            let byPart = try await browser.entry(matching: "b @", environment: nil, specID: "b @")
            #expect(byPart.key == "GET b @local")
        }
    }

    @Test("an ambiguous part and an unknown key are errors that say what to do")
    func lookUpErrors() async throws {
        let entries = [Self.stored("GET a @local", spec: "a", at: 0), Self.stored("GET ab @local", spec: "ab", at: 1)]
        try await withBrowser(entries) { browser in
            let ambiguous = await #expect(throws: ExplorerError.self) {
                try await browser.entry(matching: "GET a", environment: nil, specID: "GET a")
            }
            #expect(ambiguous?.message.contains("matches 2 stored keys") == true)
            let unknown = await #expect(throws: ExplorerError.self) {
                try await browser.entry(matching: "zzz", environment: nil, specID: "zzz")
            }
            #expect(unknown?.message.contains("'cache list' shows the keys") == true)
        }
    }

    @Test("a history entry's answer is its own by cache key, else the newest of its spec at the same URL")
    func storedAnswer() async throws {
        let entries = [
            Self.stored("k1", spec: "s", url: "http://h/1", at: 0),
            Self.stored("k2", spec: "s", url: "http://h/1", at: 5),
            Self.stored("k3", spec: "s", url: "http://h/2", at: 9),
        ]
        try await withBrowser(entries) { browser in
            let date = Date()
            let keyed = HistoryEntry(
                spec: "s", method: "GET", url: "http://h/1", date: date, duration: 0, cacheKey: "k1")
            let own = await browser.storedAnswer(for: keyed)
            #expect(own.stored?.key == "k1" && own.exact)
            let gone = HistoryEntry(spec: "s", method: "GET", url: "http://h/1", date: date, duration: 0, cacheKey: "x")
            let missing = await browser.storedAnswer(for: gone)
            #expect(missing.stored == nil && missing.exact)
            let old = HistoryEntry(spec: "s", method: "GET", url: "http://h/1", date: date, duration: 0)
            let newest = await browser.storedAnswer(for: old)
            #expect(newest.stored?.key == "k2" && !newest.exact)
            let elsewhere = HistoryEntry(spec: "s", method: "GET", url: "http://h/9", date: date, duration: 0)
            #expect(await browser.storedAnswer(for: elsewhere).stored?.key == "k3")
        }
    }

    @Test("history entries count from 1, the newest; a number out of range says the range")
    func historyNumbers() async throws {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let history = (0..<3).map {
            HistoryEntry(spec: "s\($0)", method: "GET", url: "http://h", date: base + Double($0), duration: 0)
        }
        try await withBrowser([], history: history) { browser in
            let newest = try await browser.historyEntry(1)
            #expect(newest.spec == "s2")
            let error = await #expect(throws: ExplorerError.self) { try await browser.historyEntry(4) }
            #expect(error?.message == "history has 3 entries: 'rerun N' takes 1 to 3")
        }
    }

    @Test("without stores, lists are empty or errors, and no answer is found")
    func noStores() async throws {
        let browser = CacheBrowser(storage: nil, history: nil)
        let entries = try await browser.historyEntries()
        #expect(entries.isEmpty)
        let error = await #expect(throws: ExplorerError.self) { try await browser.entries() }
        #expect(error?.message == "this session has no cache")
        await #expect(throws: ExplorerError.self) { try await browser.historyEntry(1) }
        let entry = HistoryEntry(method: "GET", url: "http://h", date: Date(), duration: 0, cacheKey: "k")
        #expect(await browser.storedAnswer(for: entry).stored == nil)
    }
}
