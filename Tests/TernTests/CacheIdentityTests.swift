import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernTesting
import Testing

/// A stored response answers exactly the request that was sent: against the real mock server.
@Suite("Cache identity")
struct CacheIdentityTests {
    @Test("an edited header, query or partition is another request: never served the old answer, in any mode")
    func editedRequestsMiss() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server)
            var original = get("echo", on: server)
            original.cachePartition = "prod"
            original.headers[.authorization] = "Bearer prod-token"
            let stored = try await handler.send(original)
            #expect(stored.source == .live)
            #expect(try await handler.send(original).source == .cache)

            var traced = original
            traced.headers[HTTPField.Name("X-Trace")!] = "abc"
            var verbose = original
            verbose.url = server.baseURL.appendingPathComponent("echo").appending(queryItems: [
                .init(name: "verbose", value: "true")
            ])
            var dev = original
            dev.cachePartition = "dev"
            var otherToken = original
            otherToken.headers[.authorization] = "Bearer dev-token"
            for edited in [traced, verbose, dev, otherToken] {
                let before = server.requestCount(path: "/echo")
                let answer = try await handler.send(edited)
                #expect(
                    answer.source == .live,
                    "\(edited.headers) \(edited.url) \(String(describing: edited.cachePartition))")
                #expect(server.requestCount(path: "/echo") == before + 1)
                #expect(try answer.decode(Echo.self).headers["authorization"] == edited.headers[.authorization])
            }
            var never = original
            never.headers[HTTPField.Name("X-Never-Sent")!] = "1"
            await #expect(throws: TernError.self) { try await handler.send(never, mode: .cache) }
        }
    }

    @Test("a POST with another body is a cache-mode miss that names the difference; the same body replays")
    func bodyIsIdentity() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server)
            var create = Request(
                method: .post, url: server.baseURL.appendingPathComponent("echo"), name: "users/create")
            try create.setBody(.json(.object(["name": .string("Ada")])))
            _ = try await handler.send(create, mode: .live)
            let replay = try await handler.send(create, mode: .cache)
            #expect(try replay.decode(Echo.self).body == #"{"name":"Ada"}"#)
            var other = create
            try other.setBody(.json(.object(["name": .string("Grace")])))
            other.headers[.contentType] = "application/json"
            let error = await #expect(throws: TernError.self) { try await handler.send(other, mode: .cache) }
            #expect(error?.kind == .cacheMiss)
            #expect(error?.message.contains("the body") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("'users/create'") == true)
        }
    }

    @Test("Vary from the stored response keeps apart requests whose header is otherwise ignored")
    func varyHeader() async throws {
        try await withMockServer { server in
            let handler = Handler(
                transport: liveHandler(server).transport, storage: MemoryStorage(), clock: TestClock(),
                cacheIdentity: CacheIdentity(ignoredHeaders: ["X-Variant"])
            )
            func request(_ variant: String) -> Request {
                var request = Request(
                    url: server.baseURL.appendingPathComponent("etag/60").appending(queryItems: [
                        .init(name: "vary", value: "X-Variant")
                    ]))
                request.headers[HTTPField.Name("X-Variant")!] = variant
                return request
            }
            #expect(try await handler.send(request("a")).source == .live)
            #expect(try await handler.send(request("a")).source == .cache)
            let other = try await handler.send(request("b"))
            #expect(other.source == .live)
            #expect(try other.decode([String: JSONValue].self)["variant"] == .string("b"))
        }
    }

    @Test("a stale entry with an ETag is revalidated: the server answers 304 and the stored body is served")
    func revalidation() async throws {
        try await withMockServer { server in
            let events = EventLog()
            let handler = liveHandler(server)
            let request = get("etag/0", on: server)
            let first = try await handler.send(request)
            #expect(first.source == .live)
            let second = try await handler.send(request, onEvent: events.observer)
            #expect(second.source == .cache)
            #expect(second.cache?.state == .revalidated)
            #expect(second.cache?.badge == "revalidated")
            #expect(try second.decode([String: JSONValue].self)["served"] == .int(1))
            #expect(server.notModifiedCount(path: "/etag/0") == 1)
            #expect(server.requestCount(path: "/etag/0") == 2)
            #expect(events.names.contains("cache.revalidated"))
        }
    }

    @Test("no-store is never stored; no-cache is stored but revalidated before reuse")
    func cacheControl() throws {
        let now = Date(timeIntervalSince1970: 1_000)
        func validity(_ value: String, fallback: TimeInterval = 300) -> Date? {
            CacheValidity.fromHeaders([.cacheControl: value], now: now, fallback: fallback)
        }
        #expect(validity("no-store") == nil)
        #expect(validity("no-cache") == now)
        #expect(validity("max-age=0") == now)
        #expect(validity("private, max-age=60") == now.addingTimeInterval(60))
        #expect(validity("s-maxage=600") == now.addingTimeInterval(300), "s-maxage is for shared caches")
        #expect(validity("max-age=99999999999999999999") == now.addingTimeInterval(2_147_483_648))
        #expect(
            CacheValidity.fromHeaders([.cacheControl: "max-age=100", .age: "40"], now: now, fallback: 0)
                == now.addingTimeInterval(60))
        #expect(
            CacheValidity.fromHeaders([:], now: now, fallback: 0) == now,
            "no heuristic: stored, stale at once (revalidated before reuse, replayed offline)")
        #expect(CacheValidity.fromHeaders([.expires: "not a date"], now: now, fallback: 300) == now)
    }

    @Test("stale-if-error: with the server gone, normal mode serves the stored answer, badged and announced")
    func staleIfError() async throws {
        let server = try await MockServer.start()
        let storage = MemoryStorage()
        let handler = liveHandler(server, storage: storage, retryPolicy: .constant(.zero, limit: 0))
        let request = get("etag/0", on: server)
        _ = try await handler.send(request)
        try await server.shutdown()
        let events = EventLog()
        let stale = try await handler.send(request, onEvent: events.observer)
        #expect(stale.source == .cache)
        guard case .staleOffline(let reason)? = stale.cache?.state else {
            Issue.record("expected a stale answer, got \(String(describing: stale.cache?.state))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(stale.cache?.badge == "stale, offline")
        #expect(events.names.contains("cache.stale"))
        let strict = Handler(
            transport: handler.transport, storage: storage, retryPolicy: .constant(.zero, limit: 0),
            clock: handler.clock,
            staleIfError: false
        )
        await #expect(throws: TernError.self) { try await strict.send(request) }
    }
}
