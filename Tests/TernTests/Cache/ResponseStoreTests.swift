import Foundation
import HTTPTypes
import Synchronization
import TernTesting
import Testing

@testable import Tern

/// The handler's store on its own: what it keeps, finds, refreshes and makes stale, without a transport.
@Suite("ResponseStore: what is kept, found, refreshed and made stale")
struct ResponseStoreTests {
    let clock = TestClock()
    let storage = MemoryStorage()
    let identity = CacheIdentity(digestKey: Data(repeating: 7, count: 32), fileDigestsFile: nil)
    let events = Events()

    func store(secrets: Bool = true, cap: Int64? = nil) -> ResponseStore {
        ResponseStore(
            storage: storage, identity: identity, validity: .responseHeaders(fallback: 300),
            storesSecretAnswers: secrets,
            maximumStoredBodyBytes: cap, clock: clock, logger: nil)
    }

    func plan(
        _ method: HTTPRequest.Method = .get, _ url: String = "http://127.0.0.1:8080/users/1", _ fields: HTTPFields = [:]
    )
        -> SendPlan
    {
        var request = Request(method: method, url: URL(string: url)!)
        request.headers = fields
        return SendPlan(request: request, redactor: Redactor(secretValues: [], extraHeaders: []), identity: identity)
    }

    var emitter: EventEmitter {
        let events = self.events
        return EventEmitter(
            requestID: RequestID(rawValue: 1), label: "test", broadcaster: EventBroadcaster(),
            observer: { events.append($0.kind) }, clock: clock)
    }

    func answer(_ fields: HTTPFields, status: Int = 200, body: String = "{\"id\":1}", to plan: SendPlan) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: fields, body: Data(body.utf8), request: plan.request,
            timing: Response.Timing(start: clock.now, duration: .milliseconds(3)))
    }

    @Test("an answer is kept as it came, less its connection's fields, and served again with its age")
    func keptAndFound() async throws {
        let responses = store()
        let plan = plan()
        let fields: HTTPFields = [
            .contentType: "application/json", .connection: "keep-alive", .cacheControl: "max-age=60",
        ]
        let stored = await responses.store(answer(fields, to: plan), plan: plan, emitter: emitter)
        #expect(stored.cache?.state == .stored)
        #expect(events.decisions.contains { if case .stored(plan.key, _) = $0 { true } else { false } })
        clock.advance(by: 10)
        let entry = try #require(try await responses.lookup(plan, strict: true))
        #expect(entry.body == Data("{\"id\":1}".utf8) && entry.status == 200)
        #expect(entry.headers[.connection] == nil && entry.headers[.contentType] == "application/json")
        let served = responses.response(from: entry, plan: plan, state: .fresh)
        #expect(served.source == .cache && served.headers[.age] == "10" && served.cache?.state == .fresh)
        clock.advance(by: 60)
        #expect(!entry.isValid(at: clock.now), "max-age=60 has passed")
    }

    @Test("an answer that varies on a field is not the answer to a request with another value of it")
    func vary() async throws {
        let responses = store()
        let json = plan(.get, "http://127.0.0.1:8080/users/1", [.accept: "application/json"])
        _ = await responses.store(answer([.vary: "Accept"], to: json), plan: json, emitter: emitter)
        #expect(try await responses.lookup(json, strict: true) != nil)
        let csv = plan(.get, "http://127.0.0.1:8080/users/1", [.accept: "text/csv"])
        #expect(try await responses.lookup(csv, strict: true) == nil)
    }

    @Test("what is not stored is said, with why: a secret kept out, a body over the cap, a failure, a part")
    func notStored() async throws {
        let plan = plan()
        let secretless = store(secrets: false)
        let cookie = await secretless.store(answer([.setCookie: "session=abc"], to: plan), plan: plan, emitter: emitter)
        #expect(cookie.cache == nil)
        #expect(events.notStoredReasons == ["the answer carries a Set-Cookie field"])
        let capped = store(cap: 4)
        _ = await capped.store(answer([:], to: plan), plan: plan, emitter: emitter)
        #expect(events.notStoredReasons.last == "the body (8 bytes) is bigger than the cache's limit of 4 bytes")
        let responses = store()
        _ = await responses.store(answer([:], status: 500, to: plan), plan: plan, emitter: emitter)
        _ = await responses.store(
            answer([.contentRange: "bytes 0-7/16"], status: 206, to: plan), plan: plan, emitter: emitter)
        #expect(await storage.entries().isEmpty)
    }

    @Test("a 304 refreshes the stored fields but those of the body, and the answer is valid again")
    func revalidated() async throws {
        let responses = store()
        let plan = plan()
        let fields: HTTPFields = [.eTag: "\"a\"", .contentLength: "8", .cacheControl: "max-age=60"]
        _ = await responses.store(answer(fields, to: plan), plan: plan, emitter: emitter)
        clock.advance(by: 120)
        let stale = try #require(try await responses.lookup(plan, strict: true))
        #expect(!stale.isValid(at: clock.now))
        let notModified = answer(
            [.eTag: "\"b\"", .contentLength: "0", .cacheControl: "max-age=60"], status: 304, body: "", to: plan)
        let served = await responses.revalidated(stale, by: notModified, plan: plan, emitter: emitter)
        #expect(served.statusCode == 200 && served.body == Data("{\"id\":1}".utf8))
        #expect(served.cache?.state == .revalidated)
        let refreshed = try #require(try await responses.lookup(plan, strict: true))
        #expect(refreshed.headers[.eTag] == "\"b\"" && refreshed.headers[.contentLength] == "8")
        #expect(refreshed.isValid(at: clock.now))
    }

    @Test("a successful POST makes the answers for its URL and its Location stale, and keeps them")
    func invalidation() async throws {
        let responses = store()
        let list = plan(.get, "http://127.0.0.1:8080/users")
        let created = plan(.get, "http://127.0.0.1:8080/users/7")
        let elsewhere = plan(.get, "http://127.0.0.1:9090/users/7")
        for plan in [list, created, elsewhere] {
            _ = await responses.store(answer([.cacheControl: "max-age=600"], to: plan), plan: plan, emitter: emitter)
        }
        let post = plan(.post, "http://127.0.0.1:8080/users")
        let answered = answer([.location: "/users/7"], status: 201, to: post)
        await responses.invalidate(after: answered, plan: post, emitter: emitter)
        #expect(events.invalidated == ["http://127.0.0.1:8080/users", "http://127.0.0.1:8080/users/7"])
        for plan in [list, created] {
            let entry = try #require(try await responses.lookup(plan, strict: true), "still stored, for cache mode")
            #expect(!entry.isValid(at: clock.now))
        }
        #expect(try await responses.lookup(elsewhere, strict: true)?.isValid(at: clock.now) == true, "another origin")
        await responses.invalidate(after: answer([:], status: 400, to: post), plan: post, emitter: emitter)
        await responses.invalidate(after: answer([:], to: list), plan: list, emitter: emitter)
        #expect(events.invalidated.count == 2, "a failed POST and a GET make nothing stale")
    }

    @Test("a download's file is removed when the send drops it, or with the rest when none was stored")
    func temporaryFiles() throws {
        let responses = store()
        let kept = try responses.temporaryDownloadFile()
        let dropped = try responses.temporaryDownloadFile()
        let mode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        responses.discardTemporaryFile(dropped)
        #expect(!FileManager.default.fileExists(atPath: dropped.path))
        #expect(FileManager.default.fileExists(atPath: kept.path))
        responses.removeTemporaryFiles()
        #expect(!FileManager.default.fileExists(atPath: kept.path))
    }

    @Test("a cache-mode miss names the nearest stored request and what differs")
    func missExplanation() async throws {
        let responses = store()
        var stored = plan(.get, "http://127.0.0.1:8080/users?page=1").request
        stored.name = "users/list"
        let storedPlan = SendPlan(
            request: stored, redactor: Redactor(secretValues: [], extraHeaders: []), identity: identity)
        _ = await responses.store(answer([:], to: storedPlan), plan: storedPlan, emitter: emitter)
        var asked = plan(.get, "http://127.0.0.1:8080/users?page=2").request
        asked.name = "users/list"
        let askedPlan = SendPlan(
            request: asked, redactor: Redactor(secretValues: [], extraHeaders: []), identity: identity)
        #expect(try await responses.lookup(askedPlan, strict: true) == nil)
        let message = await responses.missExplanation(askedPlan)
        #expect(message.contains("the nearest stored requests:"), "\(message)")
        #expect(message.contains("the query parameter 'page' has another value"), "\(message)")
    }
}

/// The store's events, as they were emitted.
final class Events: Sendable {
    private let kinds = Mutex<[HandlerEvent.Kind]>([])

    func append(_ kind: HandlerEvent.Kind) { kinds.withLock { $0.append(kind) } }

    var decisions: [CacheDecision] {
        kinds.withLock { $0 }.compactMap { if case .cache(let decision) = $0 { decision } else { nil } }
    }

    var notStoredReasons: [String] {
        decisions.compactMap { if case .notStored(_, let reason) = $0 { reason } else { nil } }
    }

    var invalidated: [String] {
        decisions.compactMap { if case .invalidated(let url) = $0 { url } else { nil } }
    }
}
