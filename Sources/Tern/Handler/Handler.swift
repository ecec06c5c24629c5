import Foundation
public import HTTPTypes
public import Logging
import Synchronization

/// Sends requests: picks the source by mode, runs interceptors, retries, stores, and reports events.
///
/// ```swift
/// let handler = Handler(transport: HTTPClientTransport.shared, mode: .normal)
/// let user = try await handler.decode(User.self, from: UserAPI.user(id: 1))
/// ```
public final class Handler: Sendable {
    /// Sends the bytes.
    public let transport: any Transport
    /// Keeps responses for `normal`, `cache` and `sample` modes; `nil` disables storage.
    public let storage: (any StorageManager)?
    /// The mode of sends that do not name one.
    public let mode: ResponseMode
    /// The retry policy of requests that do not carry their own.
    public let retryPolicy: RetryPolicy
    /// How long stored responses stay valid.
    public let cacheValidity: CacheValidity
    /// The interceptors, outermost first.
    public let interceptors: [any Interceptor]
    /// Dates and sleeps.
    public let clock: any TernClock
    /// Where the handler logs; `nil` logs nothing.
    public let logger: Logger?
    /// How stored responses are told apart (which headers count, the digest key); by default every
    /// header counts and the key is the storage's `identityKey`.
    public let cacheIdentity: CacheIdentity
    /// Header names redacted wherever a request or an exported answer is written down, beyond the defaults
    /// (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`).
    public let redactedHeaders: [String]
    /// Whether `normal` mode serves the newest stored answer when the network fails after the retries
    /// (stale-if-error, with a `.stale` cache event and `CacheState.staleOffline`). On by default.
    public let staleIfError: Bool
    /// Whether answers that carry a secret (a `Set-Cookie` or another redacted field, a secret value,
    /// a credential the request says its answer holds) are stored. On by default: the storage is
    /// private; off, such answers are never written down (and so are not replayed offline).
    public let storesSecretAnswers: Bool
    /// The largest body stored (`nil`: no limit of the handler's own; the storage may have one). A bigger
    /// answer is served but not stored, with a `.notStored` cache event: a download bigger than the cache
    /// never passes through it.
    public let maximumStoredBodyBytes: Int64?
    /// Whether and how far redirects are followed, for requests without a policy of their own. The
    /// handler follows them itself (transports return 3xx as they are), so every hop goes through the
    /// interceptors — the cookie jar keeps what each hop sets — and is a `.redirect` event.
    public let redirectPolicy: RedirectPolicy
    /// Opens WebSocket conversations (`connect`); `nil` until one is given (`WebSocketClientConnector`
    /// from `TernWebSocket` on Linux).
    public let webSockets: (any WebSocketConnector)?
    /// Runs gRPC calls (`call`); `nil`: a live call is refused with a sentence saying so.
    public let grpc: (any GRPCConnector)?

    private let defaultsBox: Mutex<SessionDefaults>
    let broadcaster = EventBroadcaster<HandlerEvent>()
    private let lastID = Atomic<UInt64>(0)
    /// Keeps and finds the answers, and the download files no storage adopted yet.
    let responses: ResponseStore

    /// Makes a handler. Only the transport is required (`HTTPClientTransport.shared` on Linux).
    public init(
        transport: some Transport,
        storage: (any StorageManager)? = MemoryStorage(),
        mode: ResponseMode = .normal,
        retryPolicy: RetryPolicy = .default,
        cacheValidity: CacheValidity = .responseHeaders(fallback: 300),
        defaults: SessionDefaults = SessionDefaults(),
        interceptors: [any Interceptor] = [],
        clock: any TernClock = SystemClock(),
        logger: Logger? = nil,
        cacheIdentity: CacheIdentity? = nil,
        redactedHeaders: [String] = [],
        staleIfError: Bool = true,
        storesSecretAnswers: Bool = true,
        redirects: RedirectPolicy = .default,
        maximumStoredBodyBytes: Int64? = nil,
        webSockets: (any WebSocketConnector)? = nil,
        grpc: (any GRPCConnector)? = nil
    ) {
        self.transport = transport
        self.storage = storage
        self.mode = mode
        self.retryPolicy = retryPolicy
        self.cacheValidity = cacheValidity
        self.defaultsBox = Mutex(defaults)
        self.interceptors = interceptors
        self.clock = clock
        self.logger = logger
        let identity =
            cacheIdentity ?? CacheIdentity(digestKey: storage?.identityKey, fileDigestsFile: storage?.fileDigestsFile)
        self.cacheIdentity = identity
        self.redactedHeaders = redactedHeaders
        self.staleIfError = staleIfError
        self.storesSecretAnswers = storesSecretAnswers
        self.redirectPolicy = redirects
        self.maximumStoredBodyBytes = maximumStoredBodyBytes
        self.webSockets = webSockets
        self.grpc = grpc
        responses = ResponseStore(
            storage: storage, identity: identity, validity: cacheValidity, storesSecretAnswers: storesSecretAnswers,
            maximumStoredBodyBytes: maximumStoredBodyBytes, clock: clock, logger: logger)
    }

    /// Lynn's shape: a transport, storage, a retry count and a mode.
    public convenience init(
        transport: some Transport, storage: (any StorageManager)? = MemoryStorage(), maxRetries: Int,
        mode: ResponseMode = .normal
    ) {
        var policy = RetryPolicy.default
        policy.maxRetries = max(0, maxRetries)
        self.init(transport: transport, storage: storage, mode: mode, retryPolicy: policy)
    }

    /// The session defaults in force.
    public var defaults: SessionDefaults {
        defaultsBox.withLock { $0 }
    }

    /// Changes the session defaults for every later request.
    public func updateDefaults(_ change: (inout SessionDefaults) -> Void) {
        defaultsBox.withLock { change(&$0) }
    }

    /// Sets a header on every later request (VSNL's `setHeader`); `nil` removes it.
    public func setDefaultHeader(_ name: HTTPField.Name, _ value: String?) {
        updateDefaults { $0.headers[name] = value }
    }

    /// Sets a query parameter on every later request (VSNL's `setQueryStringParameter`); `nil` removes it.
    public func setDefaultQueryParameter(_ name: String, _ value: JSONValue?) {
        updateDefaults { defaults in
            if let value { defaults.query.set(name, value) } else { defaults.query.remove(name) }
        }
    }

    /// A stream of every event of every later send (attempts, retries, cache, progress, responses).
    ///
    /// Each call makes a new subscriber; the stream ends when the consuming task stops iterating.
    public func events(
        bufferingPolicy: AsyncStream<HandlerEvent>.Continuation.BufferingPolicy = .bufferingNewest(1024)
    ) -> AsyncStream<HandlerEvent> {
        broadcaster.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Lowers `endpoint` to the request this handler would send, with session defaults applied; sends nothing.
    public func preparedRequest(for endpoint: some Endpoint) throws(TernError) -> Request {
        let defaults = self.defaults
        var request = try endpoint.makeRequest(
            in: EndpointContext(baseURL: defaults.baseURL, arrayEncoding: defaults.arrayEncoding)
        )
        defaults.apply(to: &request)
        if request.timeout == nil { request.timeout = defaults.timeout }
        // Downloads are written as received, so they ask for no coding Tern would have to undo.
        if defaults.automaticDecompression, request.transaction != .download, request.headers[.acceptEncoding] == nil {
            request.headers[.acceptEncoding] = ContentDecoder.acceptEncoding
        }
        return request
    }

    func nextRequestID() -> RequestID {
        RequestID(rawValue: lastID.add(1, ordering: .relaxed).newValue)
    }

    /// The redactor for `request`: its secret values and this handler's sensitive headers.
    public func redactor(for request: Request) -> Redactor {
        Redactor(secretValues: request.secretValues, extraHeaders: redactedHeaders)
    }

    /// The key `request`'s response is stored under by this handler.
    public func storageKey(for request: Request) -> String {
        cacheIdentity.key(for: request, redactor: redactor(for: request))
    }

    /// Removes the download files this handler made that no storage adopted (the body of an
    /// unstored download). Call it when the responses are no longer needed; `deinit` calls it too.
    public func removeTemporaryFiles() {
        responses.removeTemporaryFiles()
    }

    deinit {
        removeTemporaryFiles()
        broadcaster.finish()
    }
}
