public import Foundation
public import HTTPTypes

/// The HTTP method type used throughout Tern (`.get`, `.post`, ...).
public typealias HTTPMethod = HTTPRequest.Method

/// The one request value every endpoint style lowers to, and the only thing a `Transport` sends.
public struct Request: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields (case-insensitive names, order kept, repeats allowed).
    public var headers: HTTPFields
    /// Where the body's bytes come from.
    public var body: RequestBody
    /// Data, upload or download.
    public var transaction: Transaction
    /// Where a download is written; `nil` lets the transport pick a temporary file.
    public var downloadDestination: URL?
    /// The key the response is stored under, shared by every request that renders to it; `nil` (the
    /// default) keys the response by the request's identity (see `CacheIdentity`).
    public var storageKey: String?
    /// The URL the cache files this request under, when it differs from the one it goes to: the
    /// explorer files requests to its in-process mock server under the mock's usual port, so their
    /// answers replay whichever port the mock got. `nil`: the request's `url`.
    public var identityURL: URL?
    /// A namespace for stored responses (the explorer uses the environment's name): a response stored
    /// in one partition never answers a request of another.
    public var cachePartition: String?
    /// Values that must never leave in clear (the explorer lists what `{{env:NAME}}` read): the recorded
    /// request, the storage key, the history, events, errors and exports show `••••••` instead. The
    /// stored answer itself is kept as the server sent it.
    public var secretValues: [String] = []
    /// Whether the answer is known to carry a credential (the explorer sets it for a spec that captures
    /// a token, a session or a password): a handler told not to store secret-bearing answers skips it.
    public var answerCarriesSecrets = false
    /// Seconds a stored response stays valid, overriding the handler's `CacheValidity`.
    public var validFor: TimeInterval?
    /// The response `sample` mode falls back to.
    public var sample: SampleResponse?
    /// The deadline for one attempt, overriding the handler's default.
    public var timeout: Duration?
    /// Whether a Server-Sent Events stream this request opens reconnects when the server ends it
    /// (`Handler.stream`); `nil` reconnects by `StreamReconnection.default`.
    public var streamReconnection: StreamReconnection?
    /// A redirect policy for this request only, overriding the handler's.
    public var redirectPolicy: RedirectPolicy?
    /// A retry policy for this request only, overriding the handler's.
    public var retryPolicy: RetryPolicy?
    /// Whether auth interceptors should sign this request (STRV's `isAuthenticationRequired`).
    public var requiresAuthentication: Bool
    /// A short name for logs and events (a spec id, a case name); `nil` uses `METHOD URL`.
    public var name: String?
    /// How the request authenticates (basic, bearer, API key, digest, AWS SigV4); applied at send time by
    /// `AuthenticationInterceptor`, after the storage key is worked out. `nil`: the request carries its own.
    public var authentication: RequestAuthentication? = nil
    /// TLS and proxy settings for this request instead of the transport's (e.g. a workspace target's).
    public var connectionSettings: ConnectionSettings? = nil
    /// Whether a `CookieInterceptor` sends the jar's cookies with this request and stores those it sets.
    public var usesCookies: Bool = true

    /// Makes a request; only the method and URL are required.
    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: HTTPFields = [:],
        body: RequestBody = .none,
        transaction: Transaction = .data,
        storageKey: String? = nil,
        validFor: TimeInterval? = nil,
        sample: SampleResponse? = nil,
        timeout: Duration? = nil,
        requiresAuthentication: Bool = true,
        name: String? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.transaction = transaction
        self.storageKey = storageKey
        self.validFor = validFor
        self.sample = sample
        self.timeout = timeout
        self.retryPolicy = nil
        self.requiresAuthentication = requiresAuthentication
        self.name = name
    }

    /// `METHOD URL`, for messages.
    public var label: String {
        "\(method.rawValue) \(url.absoluteString)"
    }

    /// Whether `normal` and `sample` modes may answer from storage: GET and HEAD, or any request
    /// with an explicit `storageKey`. (Every 2xx response is stored regardless, for `cache`-mode replay,
    /// so a repeated POST still reaches the server in `normal` mode.)
    /// The URL the cache knows this request by: `identityURL`, else `url`.
    public var cacheURL: URL { identityURL ?? url }

    /// `target` (the request's URL, or a URL of the same origin) as the cache knows it: on
    /// `identityURL`'s origin when the request has one.
    public func cacheURL(for target: URL) -> URL {
        guard let identityURL, target.hasSameOrigin(as: url) else { return target }
        return target.onOrigin(of: identityURL) ?? target
    }

    public var answersFromStorage: Bool {
        storageKey != nil || method == .get || method == .head
    }

    /// Whether repeating the request is safe by HTTP semantics (GET, HEAD, OPTIONS, TRACE, PUT, DELETE).
    public var isIdempotent: Bool {
        [.get, .head, .options, .trace, .put, .delete].contains(method)
    }

    /// Appends query parameters to the URL, after any query it already has.
    public mutating func appendQuery(_ parameters: QueryParameters, arrayEncoding: ArrayEncoding = .individual) {
        guard !parameters.isEmpty else { return }
        url = Request.url(url, appending: parameters.encoded(arrayEncoding: arrayEncoding))
    }

    /// Sets the body and, unless one is set already, its `Content-Type`.
    public mutating func setBody(_ body: HTTPBody) throws(TernError) {
        let (lowered, contentType) = try body.lowered.get()
        self.body = lowered
        if let contentType, headers[.contentType] == nil {
            headers[.contentType] = contentType
        }
    }

    static func url(_ url: URL, appending encodedQuery: String) -> URL {
        guard !encodedQuery.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        let query = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 + "&" } ?? ""
        components.percentEncodedQuery = QueryParameters.sanitizedEncodedQuery(query + encodedQuery)
        return components.url ?? url
    }
}

/// Canned response data for `sample` mode (Lynn's / Moya's `sampleData`).
public struct SampleResponse: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPFields
    public var body: Data

    /// Makes a sample; JSON bodies get a JSON content type when none is given.
    public init(status: Int = 200, headers: HTTPFields = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON sample from a literal.
    public static func json(_ value: JSONValue, status: Int = 200) -> SampleResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)) ?? Data()
        return SampleResponse(status: status, headers: [.contentType: "application/json"], body: body)
    }
}
