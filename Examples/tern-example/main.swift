// The README's library example, kept compiling and runnable: `swift run tern-example`.
// It starts the in-process mock server, so it needs no network.
import Foundation
import HTTPTypes
import Tern
import TernHTTPClient
import TernMock

// README:begin
/// The API, declared once: routes resolve against the handler's base URL.
enum UserAPI: Router {
    case user(id: Int)
    case users

    var route: Route {
        switch self {
        case .user(let id): Route(path: "/users/\(id)", method: .get)
        case .users: Route(path: "/users", method: .get)
        }
    }
}

struct User: Decodable, Sendable {
    let id: Int
    let name: String
}

func explore(baseURL: URL) async throws {
    let handler = Handler(
        transport: HTTPClientTransport.shared,
        storage: MemoryStorage(),
        retryPolicy: .exponential(limit: 3),
        defaults: SessionDefaults(baseURL: baseURL, headers: [.accept: "application/json"]),
        interceptors: [ValidationInterceptor()]
    )

    // Typed, and stored for 5 minutes: the second send is served from storage.
    let ada = try await handler.decode(User.self, from: UserAPI.user(id: 1))
    let again = try await handler.send(UserAPI.user(id: 1))
    print("\(ada.name), then from \(again.source)")  // Ada Lovelace, then from cache

    // Offline replay: cache mode never touches the network.
    let offline = try await handler.send(UserAPI.user(id: 1), mode: .cache)
    print("offline: \(offline.statusCode) from \(offline.source)")

    // Every attempt, retry, cache decision and response is an event.
    let list = try await handler.send(
        UserAPI.users.with(addQuery(["tags": ["math", "poetry"]])),
        onEvent: { event in print("  \(event.requestID) \(event.kind)") }
    )
    print("users: \(list.statusCode), \(list.body.count) bytes in \(list.timing.duration)")
}
// README:end

let server = try await MockServer.start()
do {
    try await explore(baseURL: server.baseURL)
    try await server.shutdown()
} catch {
    try? await server.shutdown()
    print("error: \(error)")
    exit(1)
}
