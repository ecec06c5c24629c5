import Foundation
import Tern
import TernHTTPClient
import TernTesting

/// A handler on the real AsyncHTTPClient transport, aimed at `server`.
func liveHandler(
    _ server: MockServer,
    storage: (any StorageManager)? = MemoryStorage(),
    mode: ResponseMode = .normal,
    retryPolicy: RetryPolicy = .constant(.milliseconds(10), limit: 3),
    interceptors: [any Interceptor] = [],
    clock: any TernClock = TestClock(),
    defaults: SessionDefaults? = nil
) -> Handler {
    Handler(
        transport: HTTPClientTransport.shared, storage: storage, mode: mode, retryPolicy: retryPolicy,
        defaults: defaults ?? SessionDefaults(baseURL: server.baseURL, timeout: .seconds(60)),
        interceptors: interceptors, clock: clock
    )
}

/// The JSON the mock server's `/echo` route answers.
struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: String?
    var bodyBytes: Int
}

/// A plain GET of `path` on the handler's base URL.
func get(_ path: String, on server: MockServer) -> Request {
    Request(url: server.baseURL.appendingPathComponent(path))
}
