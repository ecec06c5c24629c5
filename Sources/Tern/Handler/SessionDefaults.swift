public import Foundation
public import HTTPTypes

/// Settings applied to every request a handler sends (VSNL's session, Dyson's default headers).
public struct SessionDefaults: Sendable {
    /// The base URL of routes and specs that do not name their own.
    public var baseURL: URL?
    /// Headers added to every request that does not set them itself.
    public var headers: HTTPFields
    /// Query parameters added to every request whose URL does not have them already.
    public var query: QueryParameters
    /// How query arrays are written when the endpoint does not say.
    public var arrayEncoding: ArrayEncoding
    /// The deadline of one attempt when the request does not set one.
    public var timeout: Duration?
    /// Whether requests ask for `Accept-Encoding: gzip, deflate` (unless they set it) and compressed bodies are
    /// decoded transparently; off, bodies are as received.
    public var automaticDecompression = true
    /// The `User-Agent` sent when a request sets none (`tern/VERSION` by default; `nil` or empty sends
    /// none). A request whose `User-Agent` is empty sends none either: that is how a spec removes it.
    public var userAgent: String? = TernVersion.userAgent

    /// Makes defaults.
    public init(
        baseURL: URL? = nil,
        headers: HTTPFields = [:],
        query: QueryParameters = [:],
        arrayEncoding: ArrayEncoding = .individual,
        timeout: Duration? = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.query = query
        self.arrayEncoding = arrayEncoding
        self.timeout = timeout
    }

    /// Adds the default `User-Agent` to a request without one, and removes an empty one.
    package func applyUserAgent(to request: inout Request) {
        if let given = request.headers[.userAgent] {
            if given.trimmingWhitespace().isEmpty { request.headers[.userAgent] = nil }
        } else if let userAgent, !userAgent.isEmpty {
            request.headers[.userAgent] = userAgent
        }
    }

    /// Applies the default headers and query to `request`, leaving what it sets itself.
    func apply(to request: inout Request) {
        for field in headers where request.headers[field.name] == nil {
            request.headers.append(field)
        }
        applyUserAgent(to: &request)
        guard !query.isEmpty else { return }
        let present = Set(
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? []
        )
        var missing = QueryParameters()
        for item in query.items where !present.contains(item.name) {
            missing.set(item.name, item.value, arrayEncoding: item.arrayEncoding)
        }
        request.appendQuery(missing, arrayEncoding: arrayEncoding)
    }
}
