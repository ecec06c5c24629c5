import Foundation
import HTTPTypes

/// HTTP Digest authentication (RFC 7616): answers a `401` digest challenge with one more request through
/// `next`, then keeps the nonce so later requests to the same origin go out answered.
///
/// Speaks MD5, SHA-256 and SHA-512-256, each plain or `-sess`, `qop=auth` (and `auth-int` when it is all
/// the server offers), `userhash`, and counts `nc` per nonce. A challenge is answered at most once per
/// attempt; only a `stale=true` answer (right credentials, old nonce) earns one more try. Requests with
/// `requiresAuthentication == false` pass through.
public struct DigestAuthInterceptor: Interceptor {
    private let username: String
    private let password: String
    private let cache = DigestNonceCache()

    /// Answers every challenge as `username` with `password`.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.requiresAuthentication else { return try await next(request) }
        return try await Self.authenticate(
            request, username: username, password: password, cache: cache, next: next)
    }

    /// The digest exchange for one attempt of `request`, with `cache` holding the nonces.
    static func authenticate(
        _ request: Request, username: String, password: String, cache: DigestNonceCache, next: InterceptorNext
    ) async throws -> Response {
        let space = "\(Self.origin(of: request.url))\u{0}\(username)"
        var outgoing = request
        if let known = await cache.next(for: space) {
            outgoing.headers[.authorization] = answer(
                known.challenge, count: known.nonceCount, request: request, username: username, password: password)
        }
        var outcome = try await UnauthorizedOutcome.of { try await next(outgoing) }
        var answered = false
        var staleRetried = false
        while let response = outcome.unauthorized,
            let challenge = DigestChallenge.best(in: response.headers[values: .wwwAuthenticate])
        {
            if answered {
                guard challenge.stale, !staleRetried else { break }
                staleRetried = true
            }
            answered = true
            let count = await cache.store(challenge, for: space)
            outgoing = request
            outgoing.headers[.authorization] = answer(
                challenge, count: count, request: request, username: username, password: password)
            outcome = try await UnauthorizedOutcome.of { try await next(outgoing) }
        }
        return try outcome.get()
    }

    private static func answer(
        _ challenge: DigestChallenge, count: Int, request: Request, username: String, password: String
    ) -> String {
        var body: Data?
        switch request.body {
        case .none: body = Data()
        case .data(let data): body = data
        case .file, .multipart: body = nil
        }
        return DigestAuthorization(
            username: username, password: password, challenge: challenge, method: request.method.rawValue,
            uri: target(of: request.url), nonceCount: count, cnonce: DigestAuthorization.makeCnonce(), body: body
        ).headerValue
    }

    /// The request target as sent: the percent-encoded path (`/` when empty) and query.
    static func target(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        let query = url.query(percentEncoded: true).map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }

    /// `scheme://host:port`, the part of a URL a protection space lives on.
    static func origin(of url: URL) -> String {
        "\(url.scheme ?? "")://\(url.host(percentEncoded: true) ?? ""):\(url.port.map(String.init) ?? "")"
    }
}

/// A response, or a `401` an inner `ValidationInterceptor` threw, kept so the challenge can be answered
/// and the caller still sees the error it expects when the answer fails.
struct UnauthorizedOutcome {
    let response: Response
    let error: TernError?

    /// Runs `send`, catching only a thrown `401`.
    static func of(_ send: () async throws -> Response) async throws -> UnauthorizedOutcome {
        do {
            return UnauthorizedOutcome(response: try await send(), error: nil)
        } catch let error as TernError where error.kind == .unacceptableStatus && error.response?.statusCode == 401 {
            guard let response = error.response else { throw error }
            return UnauthorizedOutcome(response: response, error: error)
        }
    }

    /// The response when it is a `401`.
    var unauthorized: Response? { response.statusCode == 401 ? response : nil }

    /// The response, or the error it came as.
    func get() throws -> Response {
        if let error { throw error }
        return response
    }
}
