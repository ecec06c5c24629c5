// swift-format-ignore-file
// Generated from docs/library.md: every ```swift block of it, compiled. Do not edit; run
// TERN_RECORD_DOCS=1 swift test --skip-build --filter DocSnippetsTests (after a build)

import Foundation
import HTTPTypes
import Logging
import Tern
import TernHTTPClient
import TernJSONPath
import TernJSONSchema
import TernTesting
import TernWebSocket
import Testing

// docs/library.md:93
func snippet1() async throws {
let handler = Handler(
    transport: HTTPClientTransport.shared,  // required; every other argument has a default
    storage: MemoryStorage(),               // the default; pass nil to turn storage off
    mode: .normal,                          // .normal | .live | .cache | .sample
    retryPolicy: .default,                  // 3 retries, exponential backoff with jitter
    cacheValidity: .ttl(300),               // stored responses stay valid for 5 minutes
    defaults: SessionDefaults(baseURL: URL(string: "https://api.example.com")),
    interceptors: [ValidationInterceptor()],
    clock: SystemClock(),                   // inject TestClock in tests
    logger: Logger(label: "app.network")    // nil (the default) logs nothing
)
_ = handler
}

// docs/library.md:131
func snippet2() async throws {
let transport = HTTPClientTransport(
    configuration: .init(connectTimeout: .seconds(5), maximumConnectionsPerHost: 4, maximumRedirects: 0)
)
let handler = Handler(transport: transport)
// ... use it ...
try await transport.shutdown()
_ = transport
_ = handler
}

// docs/library.md:160
func snippet3() async throws {
let throughAsyncHTTPClient = HTTPClientTransport(configuration: .init(), directPath: false)
let plainHandler = Handler(transport: throughAsyncHTTPClient)
_ = throughAsyncHTTPClient
_ = plainHandler
}

// docs/library.md:186
func snippet4() async throws {
let limits = TransferLimits(readTimeout: .seconds(10), maximumBodyBytes: 10_000_000)
let transport = HTTPClientTransport(configuration: .init(limits: limits))
// or on the shared client, without a shutdown of its own:
let shared = HTTPClientTransport(client: HTTPClientTransport.shared.client, limits: limits)
_ = limits
_ = transport
_ = shared
}

// docs/library.md:216
struct User: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var email: String?
}

// docs/library.md:229
enum UserAPI: TargetGroup {
    case user(id: Int)
    case search(tags: [String])
    case create(name: String)

    var baseURL: String { "https://api.example.com" }

    var path: String {
        switch self {
        case .user(let id): "/users/\(id)"
        case .search, .create: "/users"
        }
    }

    var task: TargetTask {
        switch self {
        case .user:
            TargetTask(method: .get, parameters: ["verbose": true])
        case .search(let tags):
            TargetTask(method: .get, parameters: ["tags": .array(tags.map { .string($0) })], arrayEncoding: .comma)
        case .create(let name):
            TargetTask(method: .post, body: .json(["name": .string(name)]))
        }
    }

    // Everything below is optional; the defaults are shown in the comments.
    var headers: [String: String]? { ["X-Client": "docs"] }       // nil
    var storageKey: String? {                                     // nil → "METHOD URL"
        switch self {
        case .user(let id): "user-\(id)"
        default: nil
        }
    }
    var sampleData: Data? { Data(#"{"id":0,"name":"Sample"}"#.utf8) }  // nil
    var validFor: TimeInterval? { 60 }                            // nil → handler's cacheValidity
    var transaction: Transaction { .data }                        // .data
    var requiresAuthentication: Bool { true }                     // true
}

func snippet6() async throws {
let response = try await handler.send(UserAPI.user(id: 1))
let user = try response.decode(User.self)

// Or in one step: `decode` checks for a 2xx status, then decodes the JSON body.
let sameUser = try await handler.decode(User.self, from: UserAPI.user(id: 1))
_ = response
_ = user
_ = sameUser
}

// docs/library.md:289
struct APIError: Error, Decodable, Equatable {
    var message: String
    var code: Int
}

struct GetUser: Spec {
    typealias Result = User
    typealias Error = APIError          // omit it for NoErrorBody: every non-2xx is a TernError
    let parameter: Int
    var path: String { "/users/\(parameter)" }
    var method: HTTPMethod { .get }
    // baseURL defaults to "" = the handler's SessionDefaults.baseURL
    var validFor: TimeInterval? { 600 }
    var sample: SampleResponse? { .json(["id": 0, "name": "Sample"]) }
}

func snippet7() async throws {
// `data` returns the Result, or throws APIError (expected error body) or TernError.
let user = try await handler.data(GetUser(parameter: 1))

// `result` returns expected errors as a value; only TernError is thrown.
switch try await handler.result(GetUser(parameter: 42)) {
case .success(let user): print(user.name)
case .failure(let apiError): print(apiError.message, apiError.code)
}
_ = user
}

// docs/library.md:336
struct SearchUsers: Spec {
    struct Parameter: Encodable, Sendable {
        var name: String
        var tags: [String]
    }
    typealias Result = [User]
    let parameter: Parameter
    var path: String { "/users/search" }
    var method: HTTPMethod { .get }
    // An Encodable flattened into the query: ?name=Ada&tags=x,y
    var encoding: RequestEncoding { .query(parameter, arrayEncoding: .comma) }
}

struct CreateUser: Spec {
    struct Parameter: Encodable, Sendable {
        var name: String
    }
    typealias Result = String
    let parameter: Parameter
    var path: String { "/users" }
    var method: HTTPMethod { .post }
    // An Encodable as a JSON body (a second argument takes your own JSONEncoder).
    var encoding: RequestEncoding { .body(parameter) }
    // A custom mapper: the created user's name, upper-cased.
    var result: Mapper<String> {
        Mapper { data in try JSONDecoder().decode(User.self, from: data).name.uppercased() }
    }
}

// docs/library.md:401
enum UserRouter: Router {
    case user(id: String)
    case echo

    var route: Route {
        switch self {
        case .user(let id): Route(path: "/users/\(id)", method: .get)
        case .echo: Route(path: "/echo", method: .post)
        }
    }
}

func snippet9() async throws {
let plain = try await handler.send(UserRouter.user(id: "12"))

let shaped = try await handler.send(
    UserRouter.echo.with(
        compose(
            addQuery(["tags": ["a", "b"]], arrayEncoding: .comma),
            addHeaders(["X-Trace": "abc"]),
            setBody(.json(["name": "Ada"])),
            set(\.timeout, .seconds(5))
        )
    )
)
_ = plain
_ = shaped
}

// docs/library.md:442
func snippet10() async throws {
var request = Request(
    method: .put,
    url: URL(string: "https://api.example.com/users/1")!,
    headers: [.accept: "application/json"],
    storageKey: "user-1",
    validFor: 60,
    timeout: .seconds(10),
    name: "update-user"
)
try request.setBody(.json(["name": "Ada"]))    // also sets Content-Type unless present
request.appendQuery(["verbose": true])           // appends after any query the URL has
request.retryPolicy = RetryPolicy.exponential(limit: 5)   // not an init argument
request.requiresAuthentication = false
let response = try await handler.send(request)
_ = request
_ = response
}

// docs/library.md:468
func snippet11() async throws {
let handler = Handler(
    transport: HTTPClientTransport.shared,
    defaults: SessionDefaults(
        baseURL: URL(string: "https://api.example.com"),
        headers: [.accept: "application/json", .userAgent: "my-app/1.0"],
        query: ["apiKey": "1234"],
        arrayEncoding: .comma,
        timeout: .seconds(15)       // default 30 s; nil means no deadline
    )
)

handler.setDefaultHeader(.authorization, "Token abc")      // nil removes it
handler.setDefaultQueryParameter("locale", "en")           // nil removes it
handler.updateDefaults { defaults in defaults.timeout = .seconds(60) }
let current = handler.defaults                             // a snapshot
_ = handler
_ = current
}

// docs/library.md:504
func snippet12() async throws {
var query: QueryParameters = [
    "page": 2,
    "tags": ["a", "b"],
    "filter": ["name": "Ada", "age": 36],
    "cursor": nil,
]
let individual = query.encoded(arrayEncoding: .individual)
// page=2&tags=a&tags=b&filter%5Bage%5D=36&filter%5Bname%5D=Ada   (filter[age]=36…)
let comma = query.encoded(arrayEncoding: .comma)
// page=2&tags=a,b&filter%5Bage%5D=36&filter%5Bname%5D=Ada

query.set("ids", [1, 2, 3], arrayEncoding: .comma)   // this parameter is always comma-joined
query.remove("page")
_ = query
_ = individual
_ = comma
}

// docs/library.md:550
func snippet13() async throws {
let avatar = URL(fileURLWithPath: "/tmp/avatar.png")
let bodies: [HTTPBody] = [
    .json(["name": "Ada", "tags": ["a", "b"]]),           // a JSONValue literal: sorted keys, stable bytes
    .json(User(id: 1, name: "Ada", email: nil)),           // any Encodable (optional encoder: argument)
    .form(["name": "Ada Lovelace", "langs": ["en", "fr"]]),// name=Ada%20Lovelace&langs=en&langs=fr
    .text("hello"),                                        // text/plain; charset=utf-8
    .data(Data([0x01, 0x02]), contentType: "application/octet-stream"),
    .file(avatar, contentType: "image/png"),               // streamed from disk
    .multipart([
        .field("name", "Ada"),
        .file("avatar", avatar, contentType: "image/png"), // streamed; filename defaults to avatar.png
        .data("notes", Data("hi".utf8), filename: "notes.txt", contentType: "text/plain"),
    ]),
]
_ = avatar
_ = bodies
}

// docs/library.md:584
func snippet14() async throws {
var download = Request(url: URL(string: "https://example.com/big.iso")!, transaction: .download)
download.downloadDestination = URL(fileURLWithPath: "/tmp/big.iso")
let file = try await handler.send(download, mode: .live, onEvent: { event in
    if case .progress(let progress) = event.kind, let fraction = progress.fraction {
        print("\(progress.direction): \(Int(fraction * 100))%")
    }
})
print(file.fileURL?.path ?? "-", file.byteCount)
_ = download
_ = file
}

// docs/library.md:602
func snippet15() async throws {
let transfer = handler.download(Request(url: isoURL), to: URL(fileURLWithPath: "/tmp/big.iso"))
for await progress in transfer.progress {
    let eta = progress.estimatedSecondsRemaining.map { " ETA \(Int($0)) s" } ?? ""
    print("\(progress.bytes)/\(progress.total ?? -1) bytes at \(Int(progress.bytesPerSecond ?? 0)) B/s\(eta)")
}
let response = try await transfer.response()   // response.fileURL is /tmp/big.iso
_ = transfer
_ = response
}

// docs/library.md:634
struct FetchArchive: Spec {
    typealias Result = Void
    let parameter: Int                            // its size in bytes
    var path: String { "/bytes/\(parameter)" }
    var method: HTTPMethod { .get }
    var transaction: Transaction { .download }
    var result: Mapper<Void> { .ignore }          // the body is in a file, not in memory
}

func snippet16() async throws {
// A temporary file (the handler's, or the storage's once stored):
let archive = try await handler.send(FetchArchive(parameter: 1_000_000), mode: .live)
print(archive.fileURL?.path ?? "-", archive.byteCount)

// A file of your choice, with a progress stream:
let destination = URL(fileURLWithPath: "/tmp/archive.bin")
let saved = try await handler.download(FetchArchive(parameter: 1_000_000), to: destination).response()
print(saved.fileURL == destination)             // true
_ = archive
_ = destination
_ = saved
}

// docs/library.md:669
func snippet17() async throws {
let sockets = Handler(transport: HTTPClientTransport.shared, webSockets: WebSocketClientConnector.shared)
let socket = try await sockets.connect(Request(url: URL(string: "wss://echo.example.com/chat")!))
try await socket.send(text: #"{"op":"subscribe","channel":"ticks"}"#)
var ticks = 0
for try await event in socket {
    switch event {
    case .message(.text(let text), _):
        print(text)
        ticks += 1
        if ticks == 3 { await socket.close() }    // 1000, normal closure
    case .message(.binary(let data), _):
        print("\(data.count) bytes")
    case .closed(let close):
        print(close.code, close.reason ?? "")   // 1000 normal closure
    }
}
print(socket.transcript.frames.count)            // every message each way
_ = sockets
_ = socket
_ = ticks
}

// docs/library.md:730
func checkUser(_ response: Response) throws -> [String] {
    let text = #"{"type": "object", "required": ["id"], "properties": {"id": {"minimum": 1}}}"#
    let schema = try JSONSchema(try JSONPathValue(decoding: text))
    let validation = schema.validate(try JSONPathValue(decoding: response.body))
    // ["/id: 0 is less than the minimum 1 (schema /properties/id/minimum)"] for {"id": 0}
    return validation.errors.map { "\($0.instanceLocation): \($0.message) (schema \($0.keywordLocation))" }
}

// docs/library.md:755
func snippet19() async throws {
_ = try await handler.send(UserAPI.user(id: 1), mode: .live)      // fetch and store
let offline = try await handler.send(UserAPI.user(id: 1), mode: .cache)
print(offline.source, offline.cache?.isExpired ?? false)            // cache, true once past validUntil
_ = offline
}

// docs/library.md:778
func snippet20() async throws {
let storage = MemoryStorage(historyLimit: 5)
let handler = Handler(transport: HTTPClientTransport.shared, storage: storage, cacheValidity: .ttl(120))
_ = try await handler.send(UserAPI.user(id: 1))
let latest = await storage.entry(forKey: "user-1")         // StoredResponse?
let history = await storage.list(forKey: "user-1")         // [StoredResponse], oldest first
await storage.removeEntry(forKey: "user-1")
_ = storage
_ = handler
_ = latest
_ = history
}

// docs/library.md:829
func snippet21() async throws {
let user = try await handler.decode(
    User.self, from: UserAPI.user(id: 1),
    getValidUntil: { user in user.id == 0 ? nil : Date().addingTimeInterval(3600) }
)
let uncached = try await handler.send(UserAPI.create(name: "Ada"), validUntil: { _ in nil })
_ = user
_ = uncached
}

// docs/library.md:851
func snippet22() async throws {
var policy = RetryPolicy(
    maxRetries: 5,                          // retries after the first attempt; 0 = one attempt
    backoff: .exponential(initial: .milliseconds(100), multiplier: 3, maximum: .seconds(10)),
    jitter: 0.2,                            // 0...1: how much of each delay is random
    retryableStatuses: [429, 503],
    retriesNonIdempotentMethods: true,      // allow POST/PATCH
    honoursRetryAfter: true,
    maximumRetryAfter: .seconds(30)
)
policy.shouldRetry = { context in context.status == 409 || context.error?.kind == .timeout }

let presets: [RetryPolicy] = [
    .default,                                       // = RetryPolicy()
    .never,                                         // one attempt, no retries
    .exponential(limit: 5),                         // 200 ms … 5 s
    .constant(.seconds(1), limit: 3),               // no jitter
]
_ = policy
_ = presets
}

// docs/library.md:906
func snippet23() async throws {
let get = Request(url: URL(string: "https://api.example.com/users")!)
let failed = Response(status: .serviceUnavailable, headers: [.retryAfter: "2"], request: get)
let decision = RetryPolicy.default.decide(RetryContext(attempt: 1, request: get, response: failed))
// .retryAfter(.seconds(2))
_ = get
_ = failed
_ = decision
}

// docs/library.md:937
struct AttemptHeader: Interceptor {
    func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws -> Response {
        var request = request
        request.headers[HTTPField.Name("X-Attempt")!] = "\(context.requestID)/\(context.attempt)"
        return try await next(request)
    }
}

// docs/library.md:960
func snippet25() async throws {
let handler = Handler(
    transport: HTTPClientTransport.shared,
    interceptors: [
        LoggingInterceptor(logger: Logger(label: "app.http"), level: .debug),
        ErrorProcessor { error in
            // Recover from a 503 that the ValidationInterceptor below turned into an error.
            guard error.kind == .unacceptableStatus, let failed = error.response, failed.statusCode == 503 else {
                throw error
            }
            return Response(status: .ok, body: Data("[]".utf8), request: failed.request)
        },
        ValidationInterceptor(),
        HeaderInterceptor(.acceptLanguage) { "en" },
    ]
)
_ = handler
}

// docs/library.md:995
struct TokenReply: Decodable, Sendable {
    var token: String
}

func snippet26() async throws {
let savedToken: String? = nil   // e.g. from the keychain
let tokens = BearerTokenStore(token: savedToken) { handler in
    var refresh = Request(method: .post, url: URL(string: "https://api.example.com/auth/refresh")!)
    refresh.requiresAuthentication = false    // the auth interceptor must not sign (and wait on) its own refresh
    return try await handler.decode(TokenReply.self, from: refresh, mode: .live).token
}
let handler = Handler(
    transport: HTTPClientTransport.shared,
    interceptors: [ValidationInterceptor(), BearerAuthInterceptor(store: tokens, maxRefreshes: 1)]
)

await tokens.setToken("token-after-sign-in")
let token = await tokens.currentToken
let refreshes = await tokens.refreshCount
_ = savedToken
_ = tokens
_ = handler
_ = token
_ = refreshes
}

// docs/library.md:1061
func snippet27() async throws {
// Every send of this handler, for as long as you iterate. Each call makes a new subscriber.
let events = handler.events()          // AsyncStream<HandlerEvent>, buffering the newest 1024
let watcher = Task {
    for await event in events {
        switch event.kind {
        case .attempt(let number): print(event.requestID, "attempt", number)
        case .retry(let attempt, let cause, let delay): print("retry after attempt \(attempt): \(cause), in \(delay)")
        case .cache(let decision): print("cache", decision)
        case .redirect(let hop): print(hop.status, "to", hop.to)
        case .reconnect(let number, let delay, _): print("stream reconnection", number, "in", delay)
        case .progress(let progress): print(progress.direction, progress.bytes, progress.total ?? -1)
        case .response(let status, let source, let bytes, let duration, let phases):
            print(status, source, bytes, duration, "first byte after", phases?.firstByte ?? .zero)
        case .failure(let error): print("failed:", error)
        }
    }
}

// One send's events only, delivered synchronously on the sending task (keep it cheap).
let response = try await handler.send(UserAPI.user(id: 1), onEvent: { event in print(event.kind) })
_ = events
_ = watcher
_ = response
}

// docs/library.md:1130
func snippet28() async throws {
do {
    let response = try await handler.send(UserAPI.user(id: 1), mode: .cache)
    print(response.statusCode)
} catch {
    if error.kind == .cacheMiss {
        print("not stored yet:", error.message)
    }
    switch error.kind {
    case .timeout, .connection: print("offline?", error)
    case .unacceptableStatus: print("status", error.response?.statusCode ?? 0)
    default: print(error)
    }
}
}

// docs/library.md:1150
func snippet29() async throws {
let lookup = Task {
    do {
        return try await handler.send(UserAPI.user(id: 1), mode: .cache).statusCode
    } catch let error as TernError where error.kind == .cacheMiss {
        print("not stored yet:", error.message)
        return 0
    } catch let error as TernError {
        print(error.kind, error.message)   // e.g. "timeout", then the message
        return -1
    }
}
_ = try await lookup.value   // the Task's error type is `any Error`: anything else lands here
_ = lookup
}

// docs/library.md:1177
func snippet30() async throws {
let task = handler.request(UserAPI.user(id: 1)) { result in
    switch result {
    case .success(let response): print(response.statusCode, response.source)
    case .failure(let error): print(error.kind)
    }
}
task.cancel()            // the completion is then called once, with .cancelled
await task.wait()        // returns after the completion has run
_ = task
}

// docs/library.md:1196
func snippet31() async throws {
handler.request(
    targetGroup: UserAPI.user(id: 1),           // any Endpoint, not only a TargetGroup
    model: User.self,
    keyDecodingStrategy: .convertFromSnakeCase,
    getValidUntil: { _ in Date().addingTimeInterval(600) },
    callback: { user in print(user.name) },
    onError: { error in print(error) }
)
}

// docs/library.md:1212
func snippet32() async throws {
let task = Task { try await handler.send(UserAPI.user(id: 1)) }
task.cancel()
do {
    _ = try await task.value
} catch let error as TernError where error.kind == .cancelled {
    print("cancelled")
}
_ = task
}

// docs/library.md:1257
@Test func retriesThenStores() async throws {
    let clock = TestClock()
    let transport = InMemoryTransport.sequence([
        .success(.json("{}", status: 503)),
        .failure(TernError(.connection, "reset")),
        .success(.json(#"{"id":1,"name":"Ada"}"#)),
    ])
    let handler = Handler(
        transport: transport, retryPolicy: .constant(.milliseconds(150), limit: 3), cacheValidity: .ttl(60),
        clock: clock
    )
    let response = try await handler.send(UserAPI.user(id: 1))
    #expect(response.attempts == 3)
    #expect(clock.sleeps == [.milliseconds(150), .milliseconds(150)])

    #expect(try await handler.send(UserAPI.user(id: 1)).source == .cache)
    clock.advance(by: 61)
    #expect(try await handler.send(UserAPI.user(id: 1)).source == .live)
    #expect(transport.requestCount == 4)
}

// docs/library.md:1290
@Test func specAgainstTheMockServer() async throws {
    let archived = MockRoute(
        method: "GET", path: "/users/42", response: .json(#"{"message":"user is archived","code":7}"#, status: 422)
    )
    try await withMockServer(routes: [archived]) { server in
        let handler = Handler(
            transport: HTTPClientTransport.shared,
            retryPolicy: .constant(.milliseconds(10), limit: 3),
            defaults: SessionDefaults(baseURL: server.baseURL),
            interceptors: [ValidationInterceptor()],  // the 422 below still decodes to APIError
            clock: TestClock()                      // retries against the real server don't wait either
        )
        let user = try await handler.data(GetUser(parameter: 1))
        #expect(user.name == "Ada Lovelace")
        let expected = try await handler.result(GetUser(parameter: 42))
        #expect(expected == .failure(APIError(message: "user is archived", code: 7)))

        let flaky = try await handler.send(Request(url: server.baseURL.appendingPathComponent("flaky/docs")))
        #expect(flaky.attempts == 3)                             // /flaky fails twice with 503 by default
        #expect(server.requestCount(path: "/flaky/docs") == 3)
    }
}
