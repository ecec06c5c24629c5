import HTTPTypes

/// Signs requests with `Authorization: Bearer …`; on a 401 it refreshes the token once for all
/// concurrent requests, then replays each waiting request with the new token.
///
/// A request still answered 401 after `maxRefreshes` refreshes fails with `.authentication`
/// (no refresh loops). Requests with `requiresAuthentication == false` pass through untouched.
public struct BearerAuthInterceptor: Interceptor {
    /// The token store shared by every request.
    public let store: BearerTokenStore
    private let maxRefreshes: Int

    /// Makes the interceptor over `store`, refreshing at most `maxRefreshes` times per request.
    public init(store: BearerTokenStore, maxRefreshes: Int = 1) {
        self.store = store
        self.maxRefreshes = max(0, maxRefreshes)
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.requiresAuthentication else { return try await next(request) }
        var token: String
        if let current = await store.currentToken {
            token = current
        } else {
            token = try await refreshed(replacing: nil, request: request, context: context)
        }
        var refreshes = 0
        while true {
            var signed = request
            signed.headers[.authorization] = "Bearer \(token)"
            // A 401 an inner `ValidationInterceptor` threw counts as a 401 response, wherever it sits.
            let response = try await UnauthorizedOutcome.of { try await next(signed) }.response
            guard response.statusCode == 401 else { return response }
            guard refreshes < maxRefreshes else {
                throw TernError(
                    .authentication,
                    "the server still answered 401 after \(refreshes) token refresh(es); sign in again",
                    requestLabel: request.label, response: response, attempt: context.attempt
                )
            }
            refreshes += 1
            token = try await refreshed(replacing: token, request: request, context: context)
        }
    }

    private func refreshed(replacing stale: String?, request: Request, context: InterceptorContext) async throws
        -> String
    {
        do {
            return try await store.token(replacing: stale, handler: context.handler)
        } catch {
            let wrapped = TernError.wrap(error)
            if wrapped.kind == .cancelled { throw wrapped }
            throw TernError(
                .authentication, "the token refresh failed: \(wrapped.message)",
                requestLabel: request.label, response: wrapped.response, attempt: context.attempt, underlying: error
            )
        }
    }
}
