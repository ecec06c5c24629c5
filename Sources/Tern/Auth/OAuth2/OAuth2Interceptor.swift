import Synchronization

/// Signs every request of a handler with an OAuth 2.0 access token from one configuration (the Moya /
/// Alamofire shape: one API, one sign-in), kept fresh by an `OAuth2Authenticator`.
///
/// ```swift
/// let configuration = OAuth2Configuration(
///     grant: .clientCredentials, tokenURL: tokenURL, clientID: "tern-demo", clientSecret: secret)
/// let handler = Handler(transport: transport, interceptors: [OAuth2Interceptor(configuration)])
/// ```
///
/// Requests with `requiresAuthentication == false` pass through. For per-request configurations use
/// `RequestAuthentication.oauth2` with an `AuthenticationInterceptor`.
public struct OAuth2Interceptor: Interceptor {
    /// The authenticator holding the token.
    public let authenticator: OAuth2Authenticator

    /// Makes the interceptor for `configuration`, keeping tokens in `storage` (memory by default) and
    /// showing interactive sign-ins through `present`.
    public init(
        _ configuration: OAuth2Configuration, storage: (any OAuth2TokenStorage)? = InMemoryOAuth2TokenStorage(),
        present: (@Sendable (OAuth2Prompt) async -> Void)? = nil
    ) {
        authenticator = OAuth2Authenticator(
            key: OAuth2TokenKey(configuration: configuration, partition: nil), storage: storage, present: present)
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.requiresAuthentication else { return try await next(request) }
        return try await authenticator.send(request, context: context, next: next)
    }
}

/// The authenticators of an `AuthenticationInterceptor`, one per configuration and partition, made on
/// first use and shared by every request through it.
public final class OAuth2Authenticators: Sendable {
    private let storage: (any OAuth2TokenStorage)?
    private let present: (@Sendable (OAuth2Prompt) async -> Void)?
    private let authenticators = Mutex<[OAuth2TokenKey: OAuth2Authenticator]>([:])

    /// Makes the registry; tokens go to `storage`, interactive sign-ins to `present`.
    public init(
        storage: (any OAuth2TokenStorage)? = InMemoryOAuth2TokenStorage(),
        present: (@Sendable (OAuth2Prompt) async -> Void)? = nil
    ) {
        self.storage = storage
        self.present = present
    }

    /// The authenticator for `key`, made on first use.
    public func authenticator(for key: OAuth2TokenKey) -> OAuth2Authenticator {
        authenticators.withLock { known in
            if let existing = known[key] { return existing }
            let made = OAuth2Authenticator(key: key, storage: storage, present: present)
            known[key] = made
            return made
        }
    }

    /// Forgets the tokens of `partition` (of every partition when `all`) held by the authenticators made so
    /// far, in memory and in storage.
    public func signOut(partition: String?, all: Bool = false) {
        let matching = authenticators.withLock { known in known.filter { all || $0.key.partition == partition } }
        for authenticator in matching.values { authenticator.signOut() }
    }
}
