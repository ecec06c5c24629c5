import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

/// RFC 9111 through the handler, one rule a test: what a private cache stores, serves, invalidates and
/// refuses to serve stale, with an in-memory transport and a test clock.
@Suite("RFC 9111: the handler as a private cache")
struct PrivateCacheHandlerTests {
    let clock = TestClock()
    let storage = MemoryStorage()
    let url = URL(string: "http://127.0.0.1:1/items/1")!

    func handler(_ transport: InMemoryTransport, ttl: TimeInterval = 300, secrets: Bool = true) -> Handler {
        Handler(
            transport: transport, storage: storage, retryPolicy: .constant(.zero, limit: 0),
            cacheValidity: .responseHeaders(fallback: ttl), clock: clock, storesSecretAnswers: secrets)
    }

    func request(_ method: HTTPRequest.Method = .get, _ headers: HTTPFields = [:], url: URL? = nil) -> Request {
        var request = Request(method: method, url: url ?? self.url)
        request.headers = headers
        return request
    }

    /// A transport answering each call with `fields` (and the call number in `X-Call`).
    func answering(status: Int = 200, _ fields: HTTPFields = [:]) -> InMemoryTransport {
        InMemoryTransport { request, call in
            var headers = fields
            headers[HTTPField.Name("X-Call")!] = String(call)
            let code = request.method == .get ? status : 200
            return TransportResponse(
                status: HTTPResponse.Status(code: code), headers: headers, body: Data("body \(call)".utf8))
        }
    }

    @Test(
        "a successful POST, PUT, DELETE or unknown method makes the stored GET of its URL stale; a failed one does not")
    func invalidation() async throws {
        for method in [HTTPRequest.Method.post, .put, .delete, HTTPRequest.Method("M-SEARCH")!] {
            let storage = MemoryStorage()
            let transport = InMemoryTransport { request, call in
                let status: HTTPResponse.Status =
                    request.headers[HTTPField.Name("X-Fail")!] == nil ? .ok : .internalServerError
                return TransportResponse(
                    status: status, headers: [.cacheControl: "max-age=3600"], body: Data("\(call)".utf8))
            }
            let handler = Handler(
                transport: transport, storage: storage, retryPolicy: .constant(.zero, limit: 0), clock: clock)
            _ = try await handler.send(request())
            _ = try await handler.send(request(method, [HTTPField.Name("X-Fail")!: "1"]))
            #expect(try await handler.send(request()).source == .cache, "\(method): a 500 invalidates nothing")
            let events = EventLog()
            _ = try await handler.send(request(method), onEvent: events.observer)
            #expect(events.names.contains("cache.invalidated"), "\(method)")
            let after = try await handler.send(request())
            #expect(after.source == .live, "\(method): the GET asks the server again")
        }
    }

    @Test("Location and Content-Location of the same origin are invalidated too; another origin's are not")
    func invalidationTargets() async throws {
        let other = URL(string: "http://127.0.0.1:1/items/2")!
        let third = URL(string: "http://127.0.0.1:1/items/3")!
        let transport = InMemoryTransport { request, call in
            guard request.method == .post else {
                return TransportResponse(
                    status: .ok, headers: [.cacheControl: "max-age=3600"], body: Data("\(call)".utf8))
            }
            return TransportResponse(
                status: .created,
                headers: [.location: "/items/2", .contentLocation: "http://elsewhere.example/items/3"], body: Data())
        }
        let handler = handler(transport)
        for target in [other, third] { _ = try await handler.send(request(url: target)) }
        _ = try await handler.send(request(.post, url: URL(string: "http://127.0.0.1:1/items")!))
        #expect(try await handler.send(request(url: other)).source == .live)
        #expect(try await handler.send(request(url: third)).source == .cache)
    }

    @Test("an invalidated answer is still replayed offline by cache mode")
    func invalidatedStillReplays() async throws {
        let handler = handler(answering([.cacheControl: "max-age=3600"]))
        _ = try await handler.send(request())
        _ = try await handler.send(request(.delete))
        let offline = try await handler.send(request(), mode: .cache)
        #expect(offline.text == "body 1")
        #expect(offline.cache?.isExpired == true)
    }

    @Test("a replay carries its current Age; the stored fields stay as the server sent them")
    func ageOnReplay() async throws {
        let handler = handler(answering([.cacheControl: "max-age=3600", .age: "10", .setCookie: "session=abc"]))
        _ = try await handler.send(request())
        clock.advance(by: 25)
        let replay = try await handler.send(request())
        #expect(replay.source == .cache)
        #expect(replay.headers[values: .age] == ["35"])
        #expect(replay.headers[.setCookie] == "session=abc", "Set-Cookie replays as sent")
        let stored = try #require(await storage.entries().first)
        #expect(stored.headers[.age] == "10")
    }

    @Test("an answer whose Age exceeds its max-age is stale at once")
    func overAged() async throws {
        let handler = handler(answering([.cacheControl: "max-age=3600", .age: "7200, 0"]))
        _ = try await handler.send(request())
        #expect(try await handler.send(request()).source == .live)
    }

    @Test("the answer is stored byte for byte, less hop-by-hop fields")
    func storedAsSent() async throws {
        let body = Data(#"{"token":"token-abc","password":"hunter2"}"#.utf8)
        let transport = InMemoryTransport { _, _ in
            TransportResponse(
                status: .ok,
                headers: [
                    .setCookie: "sid=s3cret", .connection: "X-Hop", HTTPField.Name("X-Hop")!: "1",
                    .contentType: "application/json",
                ],
                body: body)
        }
        var secret = request()
        secret.secretValues = ["token-abc"]
        _ = try await handler(transport).send(secret)
        let stored = try #require(await storage.entries().first)
        #expect(stored.body == body)
        #expect(stored.headers[.setCookie] == "sid=s3cret")
        #expect(stored.headers[HTTPField.Name("X-Hop")!] == nil)
        #expect(stored.headers[.connection] == nil)
        let marks = try #require(stored.secretMarks)
        #expect(
            String(decoding: marks.masking(body: stored.body), as: UTF8.self)
                == #"{"token":"••••••","password":"hunter2"}"#)
    }

    @Test("201 and 202 without explicit freshness are not reused, yet replay offline")
    func heuristicStatuses() async throws {
        let handler = handler(
            answering(status: 201, [.lastModified: HTTPDate.format(clock.now.addingTimeInterval(-86_400))]))
        _ = try await handler.send(request())
        #expect(try await handler.send(request()).source == .live)
        #expect(try await handler.send(request(), mode: .cache).source == .cache)
    }

    @Test("stale-if-error never serves an answer marked must-revalidate or no-cache; a plain one it does")
    func staleIfErrorRespectsDirectives() async throws {
        for (control, served) in [("max-age=1, must-revalidate", false), ("no-cache", false), ("max-age=1", true)] {
            let storage = MemoryStorage()
            let transport = InMemoryTransport.sequence([
                .success(TransportResponse(status: .ok, headers: [.cacheControl: control], body: Data("old".utf8))),
                .failure(TernError(.connection, "connection refused")),
            ])
            let handler = Handler(
                transport: transport, storage: storage, retryPolicy: .constant(.zero, limit: 0), clock: clock)
            _ = try await handler.send(request())
            clock.advance(by: 10)
            if served {
                let stale = try await handler.send(request())
                #expect(stale.text == "old")
            } else {
                await #expect(throws: TernError.self, "\(control)") { try await handler.send(request()) }
            }
        }
    }

    @Test("request no-cache, Pragma: no-cache and max-age=0 revalidate a fresh answer; identity is unchanged")
    func requestNoCache() async throws {
        let transport = answering([.cacheControl: "max-age=3600", .eTag: "\"v1\""])
        let handler = handler(transport)
        _ = try await handler.send(request())
        for headers: HTTPFields in [
            [.cacheControl: "no-cache"], [HTTPField.Name("Pragma")!: "no-cache"], [.cacheControl: "max-age=0"],
        ] {
            let before = transport.requestCount
            _ = try await handler.send(request(.get, headers))
            #expect(transport.requestCount == before + 1, "\(headers)")
            #expect(transport.requests.last?.headers[.ifNoneMatch] == "\"v1\"", "asked conditionally: \(headers)")
        }
        let plain = try await handler.send(request(.get, [.cacheControl: "max-stale"]))
        #expect(plain.source == .cache, "Cache-Control does not make another request")
    }

    @Test("max-stale serves a stale answer without the network; only-if-cached never asks the server")
    func requestStaleAndOnlyIfCached() async throws {
        let transport = answering([.cacheControl: "max-age=10"])
        let handler = handler(transport)
        _ = try await handler.send(request())
        clock.advance(by: 60)
        let stale = try await handler.send(request(.get, [.cacheControl: "max-stale=120"]))
        #expect(stale.source == .cache && stale.cache?.state == .expired)
        await #expect(throws: TernError.self) {
            try await handler.send(request(.get, [.cacheControl: "only-if-cached, max-stale=5"]))
        }
        #expect(transport.requestCount == 1)
        let fresh = try await handler.send(request(.get, [.cacheControl: "min-fresh=5"]))
        #expect(fresh.source == .live, "a stale answer is not fresh enough")
    }

    @Test("request no-store: the answer is not stored")
    func requestNoStore() async throws {
        let handler = handler(answering([.cacheControl: "max-age=3600"]))
        _ = try await handler.send(request(.get, [.cacheControl: "no-store"]))
        #expect(await storage.entries().isEmpty)
    }

    @Test("storesSecretAnswers: false leaves a Set-Cookie answer or a captured credential unstored, with an event")
    func secretAnswersSkipped() async throws {
        let handler = handler(answering([.setCookie: "sid=1"]), secrets: false)
        let events = EventLog()
        _ = try await handler.send(request(), onEvent: events.observer)
        #expect(events.names.contains("cache.notStored"))
        #expect(await storage.entries().isEmpty)
        var login = request(url: URL(string: "http://127.0.0.1:1/login")!)
        login.answerCarriesSecrets = true
        _ = try await self.handler(answering([:]), secrets: false).send(login)
        #expect(await storage.entries().isEmpty)
        _ = try await self.handler(answering([:]), secrets: false).send(
            request(url: URL(string: "http://127.0.0.1:1/x")!))
        #expect(await storage.entries().count == 1, "an answer without a secret is stored")
    }

    @Test("a cache-mode miss names the server, path, parameters and headers that differ, in sentences")
    func missExplanations() async throws {
        let handler = handler(answering([:]))
        var stored = request(
            .get, [HTTPField.Name("X-Trace")!: "1"], url: URL(string: "http://127.0.0.1:18080/users?page=1")!)
        stored.name = "users/list"
        _ = try await handler.send(stored)
        var other = request(.get, [.accept: "text/csv"], url: URL(string: "https://127.0.0.1:18099/users?page=2")!)
        other.name = "users/list"
        let error = await #expect(throws: TernError.self) { try await handler.send(other, mode: .cache) }
        let message = error?.message ?? ""
        #expect(
            message.contains("the server is https://127.0.0.1:18099 (stored: http://127.0.0.1:18080)"), "\(message)")
        #expect(message.contains("the query parameter 'page' has another value"), "\(message)")
        #expect(message.contains("the header 'accept' is new (the stored request had none)"), "\(message)")
        #expect(message.contains("the header 'x-trace' is missing (the stored request had one)"), "\(message)")
        #expect(!message.contains("differs in"), "\(message)")
    }

    @Test("an identity URL files the answer under another origin: a replay on a new port finds it")
    func identityURL() async throws {
        let handler = handler(answering([:]))
        var first = request(url: URL(string: "http://127.0.0.1:40001/users")!)
        first.identityURL = URL(string: "http://127.0.0.1:30000/users")!
        _ = try await handler.send(first)
        var second = request(url: URL(string: "http://127.0.0.1:40002/users")!)
        second.identityURL = URL(string: "http://127.0.0.1:30000/users")!
        #expect(try await handler.send(second, mode: .cache).text == "body 1")
        let stored = try #require(await storage.entries().first)
        #expect(stored.url == "http://127.0.0.1:30000/users")
    }
}
