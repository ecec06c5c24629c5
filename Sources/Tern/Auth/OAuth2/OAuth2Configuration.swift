public import Foundation

/// How to obtain an OAuth 2.0 access token (RFC 6749) for `RequestAuthentication.oauth2`: the grant, the
/// provider's endpoints and the client's credentials.
///
/// ```swift
/// var github = OAuth2Configuration(
///     grant: .deviceCode, tokenURL: URL(string: "https://github.com/login/oauth/access_token")!,
///     clientID: "Iv1.0123456789abcdef")
/// github.deviceAuthorizationURL = URL(string: "https://github.com/login/device/code")
/// github.scope = "repo"
/// ```
public struct OAuth2Configuration: Sendable, Hashable {
    /// How the client obtains its first token.
    public enum Grant: String, Sendable, Hashable, CaseIterable {
        /// The client's own credentials, no user (RFC 6749 §4.4).
        case clientCredentials = "client_credentials"
        /// A user signs in in a browser; the redirect comes back to a listener on 127.0.0.1, with PKCE
        /// (RFC 6749 §4.1, RFC 7636, RFC 8252).
        case authorizationCode = "authorization_code"
        /// A user enters a short code on another device while the client polls (RFC 8628).
        case deviceCode = "device_code"
        /// A refresh token the user already holds (`refreshToken`) is exchanged for access tokens (§6).
        case refreshToken = "refresh_token"
    }

    /// How the client proves itself to the token endpoint (RFC 6749 §2.3.1).
    public enum ClientAuthentication: String, Sendable, Hashable, CaseIterable {
        /// `Authorization: Basic` with the form-encoded id and secret (the RFC's preferred way).
        case basic
        /// `client_id` and `client_secret` in the form body.
        case body
    }

    /// The grant.
    public var grant: Grant
    /// The token endpoint.
    public var tokenURL: URL
    /// The client's id.
    public var clientID: String
    /// The client's secret; `nil` for a public client (PKCE and device code need none).
    public var clientSecret: String?
    /// The scopes asked for, space-separated; `nil` asks for the provider's default.
    public var scope: String?
    /// The authorization endpoint (authorization code grant).
    public var authorizationURL: URL?
    /// The device authorization endpoint (device code grant).
    public var deviceAuthorizationURL: URL?
    /// The refresh token the `refreshToken` grant starts from.
    public var refreshToken: String?
    /// The loopback port the authorization code's redirect comes back to; `0` picks a free one (providers
    /// that register an exact redirect URI need a fixed port).
    public var redirectPort: Int = 0
    /// The redirect URI's path on the loopback listener.
    public var redirectPath: String = "/callback"
    /// How the client authenticates at the token endpoint.
    public var clientAuthentication: ClientAuthentication = .basic
    /// Extra form fields sent with every token and authorization request (`audience`, `resource`, ...).
    public var extraParameters: [String: String] = [:]
    /// How long a user has to finish a browser sign-in before it fails.
    public var authorizationTimeout: Duration = .seconds(300)

    /// Makes a configuration; set the grant's other fields (endpoints, secret, scope) afterwards.
    public init(grant: Grant, tokenURL: URL, clientID: String, clientSecret: String? = nil, scope: String? = nil) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
    }

    /// The values that must never be written down in clear.
    public var secretValues: [String] {
        [clientSecret, refreshToken].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// What tells one token from another: the grant, the endpoints, the client and the scope (never a
    /// secret), e.g. to key a token cache.
    public var tokenIdentity: String {
        let endpoints = [
            tokenURL.absoluteString, authorizationURL?.absoluteString, deviceAuthorizationURL?.absoluteString,
        ]
        let fields =
            [grant.rawValue] + endpoints.map { $0 ?? "" } + [clientID, scope ?? ""]
            + extraParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return fields.joined(separator: "\u{0}")
    }

    /// A one-line description without secrets: `client_credentials tern-demo → https://…/token`.
    public var summary: String {
        "\(grant.rawValue) \(clientID) → \(tokenURL.absoluteString)" + (scope.map { " [\($0)]" } ?? "")
    }
}
