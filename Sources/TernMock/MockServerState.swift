import Synchronization

/// The mutable state of one ``MockServer``: canned routes, counters and the auth token.
final class MockServerState: Sendable {
    private struct Storage {
        var routes: [MockRoute]
        var requestCounts: [String: Int] = [:]
        var totalRequests = 0
        var refreshCount = 0
        var uploadedBytes = 0
        var flakyAttempts: [String: Int] = [:]
        var cacheServed: [String: Int] = [:]
    }

    private let storage: Mutex<Storage>
    /// The nonces the `/digest-auth` routes issued.
    let digestNonces = MockDigestNonces()
    /// What the `/oauth` routes issued.
    let oauth = MockOAuthState()
    /// Holds requests until the canned routes are in, when they were not at the start.
    let routeGate: MockRouteGate

    init(routes: [MockRoute], awaitingRoutes: Bool = false, routeWait: Duration = .seconds(10)) {
        storage = Mutex(Storage(routes: routes))
        routeGate = MockRouteGate(open: !awaitingRoutes, limit: routeWait)
    }

    /// Replaces every canned route and lets the requests held for them through.
    func setRoutes(_ routes: [MockRoute]) {
        storage.withLock { $0.routes = routes }
        routeGate.open()
    }

    /// Adds a canned route; later routes take precedence over earlier ones.
    func add(_ route: MockRoute) {
        storage.withLock { $0.routes.append(route) }
    }

    /// The most recently added canned route matching the request, if any.
    func cannedRoute(method: String, path: String) -> MockRoute? {
        storage.withLock { storage in
            storage.routes.last { $0.matches(method: method, path: path) }
        }
    }

    /// Counts one received request for `path`.
    func recordRequest(path: String) {
        storage.withLock { storage in
            storage.requestCounts[path, default: 0] += 1
            storage.totalRequests += 1
        }
    }

    /// How many requests were received for `path`.
    func requestCount(path: String) -> Int {
        storage.withLock { $0.requestCounts[path] ?? 0 }
    }

    /// How many requests were received in total.
    var totalRequestCount: Int {
        storage.withLock { $0.totalRequests }
    }

    /// The bearer token `/auth/protected` currently accepts.
    var currentToken: String {
        storage.withLock { "token-\($0.refreshCount)" }
    }

    /// How many token refreshes succeeded.
    var refreshCount: Int {
        storage.withLock { $0.refreshCount }
    }

    /// Rotates the token and returns the new one.
    func refreshToken() -> String {
        storage.withLock { storage in
            storage.refreshCount += 1
            return "token-\(storage.refreshCount)"
        }
    }

    /// Total bytes received by `/upload`.
    var uploadedByteCount: Int {
        storage.withLock { $0.uploadedBytes }
    }

    /// Adds bytes received by `/upload`.
    func addUploadedBytes(_ count: Int) {
        storage.withLock { $0.uploadedBytes += count }
    }

    /// Counts one attempt for a `/flaky` key and returns its 1-based attempt number.
    func nextFlakyAttempt(key: String) -> Int {
        storage.withLock { storage in
            storage.flakyAttempts[key, default: 0] += 1
            return storage.flakyAttempts[key] ?? 0
        }
    }

    /// Counts one serving of a `/cache` path and returns how many times it was served.
    func recordNotModified(path: String) {
        storage.withLock { $0.cacheServed["304 " + path, default: 0] += 1 }
    }

    func notModifiedCount(path: String) -> Int {
        storage.withLock { $0.cacheServed["304 " + path] ?? 0 }
    }

    func nextCacheServe(path: String) -> Int {
        storage.withLock { storage in
            storage.cacheServed[path, default: 0] += 1
            return storage.cacheServed[path] ?? 0
        }
    }
}
