import Foundation
import HTTPTypes
import Tern
import TernSQLite
import TernTesting
import Testing

@Suite("Handler on SQLiteStorage (in-memory transport)")
struct SQLiteHandlerTests {
    @Test("normal mode serves from SQLite after a restart, without touching the network")
    func servesAfterRestart() async throws {
        try await withScratch { scratch in
            let transport = InMemoryTransport { _, call in
                TransportResponse(
                    status: .ok, headers: [.contentType: "application/json", .setCookie: "a=1"],
                    body: Data(#"{"call":\#(call)}"#.utf8)
                )
            }
            let request = Request(url: try #require(URL(string: "http://127.0.0.1:1/users/1")))
            do {
                let handler = Handler(transport: transport, storage: try SQLiteStorage(path: scratch.cachePath))
                let first = try await handler.send(request)
                #expect(first.source == .live)
            }
            let restarted = Handler(transport: transport, storage: try SQLiteStorage(path: scratch.cachePath))
            let second = try await restarted.send(request)
            #expect(second.source == .cache)
            #expect(second.text == #"{"call":1}"#)
            #expect(second.headers[.setCookie] == "a=1", "the stored answer is exactly what the server sent")
            #expect(transport.requestCount == 1)
        }
    }

    @Test("cache mode replays offline, expired entries included; a miss is a cache miss")
    func cacheModeOffline() async throws {
        try await withScratch { scratch in
            let clock = TestClock()
            let online = InMemoryTransport.status(200, body: "stored body", headers: [.contentType: "text/plain"])
            let request = Request(url: try #require(URL(string: "http://127.0.0.1:1/report")))
            do {
                let storage = try SQLiteStorage(path: scratch.cachePath)
                let handler = Handler(transport: online, storage: storage, cacheValidity: .ttl(10), clock: clock)
                _ = try await handler.send(request)
            }
            clock.advance(by: 3_600)
            let offline = InMemoryTransport { _, _ in throw TernError(.connection, "offline") }
            let handler = Handler(
                transport: offline, storage: try SQLiteStorage(path: scratch.cachePath), mode: .cache, clock: clock
            )
            let replay = try await handler.send(request)
            #expect(replay.source == .cache)
            #expect(replay.text == "stored body")
            #expect(replay.cache?.isExpired == true)

            let missing = Request(url: try #require(URL(string: "http://127.0.0.1:1/never-sent")))
            let error = await #expect(throws: TernError.self) { try await handler.send(missing) }
            #expect(error?.kind == .cacheMiss)
            #expect(offline.requestCount == 0)
        }
    }
}
