import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

@Suite("Handler modes (in-memory transport)")
struct HandlerModeTests {
    let clock = TestClock()
    let storage = MemoryStorage()
    let transport = InMemoryTransport { request, call in .json(#"{"call":\#(call)}"#) }

    func handler(_ mode: ResponseMode = .normal, ttl: TimeInterval = 300) -> Handler {
        Handler(transport: transport, storage: storage, mode: mode, cacheValidity: .ttl(ttl), clock: clock)
    }

    @Test("normal serves a valid stored response, then goes live once it expires")
    func normalMode() async throws {
        let handler = handler(ttl: 60)
        let first = try await handler.send(UserAPI.user(id: 1))
        #expect(first.source == .live)
        #expect(first.cache?.validUntil == clock.now.addingTimeInterval(60))
        let second = try await handler.send(UserAPI.user(id: 1))
        #expect(second.source == .cache)
        #expect(second.body == first.body)
        #expect(transport.requestCount == 1)
        clock.advance(by: 61)
        let third = try await handler.send(UserAPI.user(id: 1))
        #expect(third.source == .live)
        #expect(third.text == #"{"call":2}"#)
    }

    @Test("live always goes to the network and still stores for offline replay")
    func liveMode() async throws {
        let handler = handler(.live)
        _ = try await handler.send(UserAPI.user(id: 2))
        let again = try await handler.send(UserAPI.user(id: 2))
        #expect(again.source == .live)
        #expect(transport.requestCount == 2)
        let replay = try await handler.send(UserAPI.user(id: 2), mode: .cache)
        #expect(replay.source == .cache)
        #expect(replay.text == #"{"call":2}"#)
    }

    @Test("cache mode never touches the network; a miss names the storage key")
    func cacheMiss() async throws {
        let error = await #expect(throws: TernError.self) {
            try await self.handler(.cache).send(UserAPI.user(id: 3))
        }
        #expect(error?.kind == .cacheMiss)
        #expect(error?.message.contains("user-3") == true)
        #expect(transport.requestCount == 0)
    }

    @Test("cache mode serves expired entries, marked expired")
    func cacheServesStale() async throws {
        _ = try await handler(ttl: 10).send(UserAPI.user(id: 4))
        clock.advance(by: 100)
        let replay = try await handler(.cache).send(UserAPI.user(id: 4))
        #expect(replay.source == .cache)
        #expect(replay.cache?.isExpired == true)
    }

    @Test("sample mode serves the sample, stores it, then serves it from the cache, still saying sample")
    func sampleMode() async throws {
        let handler = handler(.sample)
        let first = try await handler.send(UserAPI.user(id: 5))
        #expect(first.source == .sample)
        #expect(try first.decode(User.self) == User(id: 0, name: "Sample"))
        let second = try await handler.send(UserAPI.user(id: 5))
        #expect(second.source == .sample)
        #expect(second.cache?.state == .fresh)
        #expect(transport.requestCount == 0)
    }

    @Test("a sample stored by a sample-mode send still says sample when a normal send serves it")
    func storedSampleKeepsItsSource() async throws {
        let handler = handler()
        let sampled = try await handler.send(UserAPI.user(id: 9), mode: .sample)
        #expect(sampled.source == .sample)
        let served = try await handler.send(UserAPI.user(id: 9))
        #expect(served.source == .sample)
        #expect(served.cache?.state == .fresh)
        #expect(served.body == sampled.body)
        #expect(transport.requestCount == 0)
    }

    @Test("sample mode without sample data is a clear error")
    func noSample() async throws {
        let request = Request(url: try #require(URL(string: "http://127.0.0.1:1/none")))
        let error = await #expect(throws: TernError.self) { try await self.handler(.sample).send(request) }
        #expect(error?.kind == .noSample)
    }

    @Test("only 2xx responses are stored")
    func errorsNotStored() async throws {
        let failing = Handler(transport: InMemoryTransport.status(404, body: "nope"), storage: storage, clock: clock)
        let response = try await failing.send(UserAPI.user(id: 6))
        #expect(response.statusCode == 404)
        #expect(response.cache == nil)
        #expect(await storage.entry(forKey: "user-6") == nil)
    }

    @Test("validity: getValidUntil beats validFor beats the handler TTL")
    func validityPrecedence() async throws {
        let handler = handler(ttl: 300)
        var request = try handler.preparedRequest(for: UserAPI.user(id: 8))
        request.validFor = 30
        let viaValidFor = try await handler.send(request, mode: .live)
        #expect(viaValidFor.cache?.validUntil == clock.now.addingTimeInterval(30))
        let until = clock.now.addingTimeInterval(5)
        let viaClosure = try await handler.send(request, mode: .live, validUntil: { _ in until })
        #expect(viaClosure.cache?.validUntil == until)
        let notStored = try await handler.send(UserAPI.user(id: 9), mode: .live, validUntil: { _ in nil })
        #expect(notStored.cache == nil)
    }

    @Test("Cache-Control max-age sets validity; no-store is not stored")
    func responseHeaderValidity() async throws {
        let transport = InMemoryTransport { request, _ in
            let value = request.url.path == "/keep" ? "public, max-age=42" : "no-store"
            return TransportResponse(status: .ok, headers: [.cacheControl: value], body: Data("x".utf8))
        }
        let handler = Handler(
            transport: transport, storage: storage, cacheValidity: .responseHeaders(fallback: 10), clock: clock)
        let kept = try await handler.send(Request(url: try #require(URL(string: "http://127.0.0.1:1/keep"))))
        #expect(kept.cache?.validUntil == clock.now.addingTimeInterval(42))
        let dropped = try await handler.send(Request(url: try #require(URL(string: "http://127.0.0.1:1/drop"))))
        #expect(dropped.cache == nil)
    }

    @Test("without storage, normal mode is live and cache mode is a clear error")
    func noStorage() async throws {
        let handler = Handler(transport: transport, storage: nil, clock: clock)
        #expect(try await handler.send(UserAPI.user(id: 1)).source == .live)
        #expect(try await handler.send(UserAPI.user(id: 1)).source == .live)
        await #expect(throws: TernError.self) { try await handler.send(UserAPI.user(id: 1), mode: .cache) }
    }

    @Test("modes cycle normal → live → cache → sample → normal")
    func modeCycle() {
        #expect(ResponseMode.normal.next == .live)
        #expect(ResponseMode.sample.next == .normal)
    }

    @Test("memory storage keeps a history per key as list storage")
    func listStorage() async throws {
        let storage = MemoryStorage(historyLimit: 2)
        let handler = Handler(transport: transport, storage: storage, mode: .live, clock: clock)
        for _ in 0..<3 { _ = try await handler.send(UserAPI.user(id: 1)) }
        let list = await storage.list(forKey: "user-1")
        #expect(list.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"call":2}"#, #"{"call":3}"#])
        #expect(await storage.entries().count == 1)
    }
}

@Suite("What normal mode answers from storage")
struct StorageAnswerTests {
    @Test("a repeated POST reaches the server in normal mode, yet is stored for offline replay")
    func postNotServedFromStorage() async throws {
        let transport = InMemoryTransport { _, call in .json(#"{"created":\#(call)}"#, status: 201) }
        let handler = Handler(transport: transport, clock: TestClock())
        _ = try await handler.send(UserAPI.create(name: "Ada"))
        let second = try await handler.send(UserAPI.create(name: "Ada"))
        #expect(second.source == .live)
        #expect(transport.requestCount == 2)
        let replay = try await handler.send(UserAPI.create(name: "Ada"), mode: .cache)
        #expect(replay.source == .cache && replay.text == #"{"created":2}"#)
    }

    @Test("an explicit storage key opts any method in")
    func explicitKey() async throws {
        let transport = InMemoryTransport { _, _ in .json("{}") }
        let handler = Handler(transport: transport, clock: TestClock())
        var request = try handler.preparedRequest(for: UserAPI.create(name: "Ada"))
        request.storageKey = "create-ada"
        _ = try await handler.send(request)
        #expect(try await handler.send(request).source == .cache)
        #expect(transport.requestCount == 1)
    }

    @Test("a TargetGroup with an empty base URL uses the handler's")
    func targetGroupFallback() throws {
        struct Relative: TargetGroup {
            var baseURL: String { "" }
            var path: String { "/ping" }
            var task: TargetTask { TargetTask() }
        }
        let handler = Handler(
            transport: InMemoryTransport.status(200),
            defaults: SessionDefaults(baseURL: URL(string: "http://127.0.0.1:9/api")))
        #expect(try handler.preparedRequest(for: Relative()).url.absoluteString == "http://127.0.0.1:9/api/ping")
    }
}
