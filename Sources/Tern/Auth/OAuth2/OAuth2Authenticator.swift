public import Foundation
import HTTPTypes
import Synchronization

/// Keeps one OAuth 2.0 token fresh for every request that needs it: loads it from storage, refreshes it
/// shortly before it expires (or runs the grant again), and retries a request once after a 401.
///
/// Refreshes go through a `BearerTokenStore`, so any number of concurrent requests wait for one refresh.
/// A refresh token the provider refuses falls back to the grant itself (a new sign-in when interactive).
public final class OAuth2Authenticator: Sendable {
    /// What the tokens are for, and where they are kept.
    public let key: OAuth2TokenKey
    /// How long before its expiry a token is replaced.
    public let refreshLeeway: TimeInterval
    private let storage: (any OAuth2TokenStorage)?
    private let state: TokenState
    private let store: BearerTokenStore

    /// The token and whether storage was read, shared with the refresh closure.
    private final class TokenState: Sendable {
        let token = Mutex<(value: OAuth2Token?, loaded: Bool)>((nil, false))
    }

    /// Makes an authenticator for `key`, keeping tokens in `storage` and showing interactive sign-ins
    /// through `present`.
    public init(
        key: OAuth2TokenKey, storage: (any OAuth2TokenStorage)?, refreshLeeway: TimeInterval = 60,
        present: (@Sendable (OAuth2Prompt) async -> Void)?
    ) {
        self.key = key
        self.storage = storage
        self.refreshLeeway = refreshLeeway
        let state = TokenState()
        self.state = state
        store = BearerTokenStore { handler in
            let client = OAuth2Client(configuration: key.configuration, handler: handler)
            let previous = state.token.withLock { $0.value }
            let token = try await Self.renew(previous, client: client, present: present)
            state.token.withLock { $0.value = token }
            storage?.save(token, for: key)
            return token.accessToken
        }
    }

    /// The token in force (loaded from storage on first use), without refreshing it.
    public var currentToken: OAuth2Token? {
        loadIfNeeded()
        return state.token.withLock { $0.value }
    }

    /// A usable access token: the current one while it is fresh, else a refreshed one; `replacing` a token
    /// the server refused forces the refresh.
    public func accessToken(handler: Handler, replacing stale: String? = nil) async throws(TernError) -> String {
        loadIfNeeded()
        let current = state.token.withLock { $0.value }
        if stale == nil, let current, current.isFresh(at: handler.clock.now, leeway: refreshLeeway) {
            return current.accessToken
        }
        do {
            return try await store.token(replacing: stale ?? current?.accessToken, handler: handler)
        } catch {
            let failure = TernError.wrap(error)
            if failure.kind == .cancelled || failure.kind == .authentication { throw failure }
            var wrapped = failure
            wrapped.message = "no OAuth 2.0 token: \(failure.message)"
            throw wrapped
        }
    }

    /// Forgets the token, here and in storage: the next request runs the grant again.
    public func signOut() {
        state.token.withLock { $0 = (nil, true) }
        storage?.save(nil, for: key)
    }

    /// Sends `request` with `Authorization: Bearer <token>`; a 401 gets one refreshed token and one more try.
    func send(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws -> Response {
        var token = try await accessToken(handler: context.handler)
        var refreshed = false
        while true {
            var signed = request
            signed.headers[.authorization] = "Bearer \(token)"
            signed.secretValues.append(token)
            // A 401 an inner validator threw earns the refresh too; after the refresh it stays the error it was.
            let outcome = try await UnauthorizedOutcome.of { try await next(signed) }
            guard outcome.unauthorized != nil, !refreshed else { return try outcome.get() }
            refreshed = true
            token = try await accessToken(handler: context.handler, replacing: token)
        }
    }

    /// A new token: the refresh token's, else (none, or the provider refused it) the grant's.
    private static func renew(
        _ previous: OAuth2Token?, client: OAuth2Client, present: (@Sendable (OAuth2Prompt) async -> Void)?
    ) async throws(TernError) -> OAuth2Token {
        guard let refreshToken = previous?.refreshToken else { return try await client.obtainToken(present: present) }
        do throws(TernError) {
            return try await client.refresh(refreshToken)
        } catch {
            // The provider no longer honours the refresh token (4xx): start over.
            guard error.kind == .authentication, (error.response?.statusCode ?? 500) < 500 else { throw error }
            return try await client.obtainToken(present: present)
        }
    }

    private func loadIfNeeded() {
        let storage = self.storage
        let key = self.key
        state.token.withLock { token in
            guard !token.loaded else { return }
            token.loaded = true
            if token.value == nil { token.value = storage?.token(for: key) }
        }
    }
}
