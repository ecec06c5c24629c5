import HTTPTypes

/// Applies each request's own `authentication` at send time: one interceptor for a handler whose requests
/// authenticate differently (the explorer's, where every spec may name its `auth:`).
///
/// Basic, bearer and API key set a header or query item; digest answers the challenge (nonces kept per
/// origin and user, shared by every request through this interceptor); AWS signs each attempt. Requests
/// without `authentication`, or with `requiresAuthentication == false`, pass through.
public struct AuthenticationInterceptor: Interceptor {
    private let nonces = DigestNonceCache()
    /// The OAuth 2.0 authenticators, one per configuration and `cachePartition`.
    public let oauth2: OAuth2Authenticators

    /// Makes the interceptor; OAuth 2.0 tokens are kept and sign-ins shown as `oauth2` says (in memory,
    /// and no interactive grant, by default).
    public init(oauth2: OAuth2Authenticators = OAuth2Authenticators()) {
        self.oauth2 = oauth2
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.requiresAuthentication, let authentication = request.authentication else {
            return try await next(request)
        }
        switch authentication {
        case .digest(let username, let password):
            return try await DigestAuthInterceptor.authenticate(
                request, username: username, password: password, cache: nonces, next: next)
        case .aws(let credentials, let region, let service):
            let signer = AWSSigV4Signer(credentials: credentials, region: region, service: service)
            return try await next(signer.signed(request, at: context.handler.clock.now))
        case .oauth2(let configuration):
            let key = OAuth2TokenKey(configuration: configuration, partition: request.cachePartition)
            return try await oauth2.authenticator(for: key).send(request, context: context, next: next)
        case .basic, .bearer, .apiKey:
            return try await next(Self.applied(authentication, to: request))
        }
    }

    /// `request` with a basic, bearer or API-key `authentication` set in its header or query (digest and
    /// AWS need the send, and OAuth 2.0 a token, and leave it unchanged).
    public static func applied(_ authentication: RequestAuthentication, to request: Request) -> Request {
        var request = request
        switch authentication {
        case .basic(let username, let password):
            request.headers[.authorization] = BasicAuthInterceptor.headerValue(username: username, password: password)
        case .bearer(let token):
            request.headers[.authorization] = "Bearer \(token)"
        case .apiKey(let name, let value, .header):
            if let field = HTTPField.Name(name) { request.headers[field] = value }
        case .apiKey(let name, let value, .query):
            var query = QueryParameters()
            query.set(name, .string(value))
            request.appendQuery(query)
        case .digest, .aws, .oauth2:
            break
        }
        return request
    }
}
