import Foundation
import HTTPTypes

/// Talks to an OAuth 2.0 provider's endpoints through a `Handler`: token requests for every grant, the
/// device authorization request, and the authorization code sign-in with PKCE.
///
/// Its requests skip authentication interceptors (`requiresAuthentication == false`), always go to the
/// network and are never stored (tokens must not reach the cache); the secrets they carry are marked so
/// events and logs show `••••••`.
public struct OAuth2Client: Sendable {
    /// What the client asks for.
    public let configuration: OAuth2Configuration
    /// The handler its requests go through.
    public let handler: Handler

    /// Makes a client for `configuration` sending through `handler`.
    public init(configuration: OAuth2Configuration, handler: Handler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// A token for the client itself (client credentials grant).
    public func clientCredentials() async throws(TernError) -> OAuth2Token {
        var fields = ["grant_type": "client_credentials"]
        if let scope = configuration.scope { fields["scope"] = scope }
        return try await requestToken(fields)
    }

    /// A new access token for `refreshToken` (RFC 6749 §6); the answer keeps `refreshToken` when the
    /// server does not rotate it.
    public func refresh(_ refreshToken: String) async throws(TernError) -> OAuth2Token {
        var fields = ["grant_type": "refresh_token", "refresh_token": refreshToken]
        if let scope = configuration.scope { fields["scope"] = scope }
        return try await requestToken(fields, previousRefresh: refreshToken, secrets: [refreshToken])
    }

    /// Exchanges an authorization `code` for a token, proving the PKCE `verifier` (RFC 7636 §4.5).
    public func exchange(code: String, redirectURI: String, verifier: String) async throws(TernError) -> OAuth2Token {
        let fields = [
            "grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI, "code_verifier": verifier,
        ]
        return try await requestToken(fields, secrets: [code, verifier])
    }

    /// Posts `fields` to the token endpoint and parses the token, or throws the provider's error.
    func requestToken(_ fields: [String: String], previousRefresh: String? = nil, secrets: [String] = [])
        async throws(TernError) -> OAuth2Token
    {
        let response = try await post(fields, to: configuration.tokenURL, secrets: secrets)
        // Some providers (GitHub) answer errors with 200 and an `error` field.
        guard (200...299).contains(response.statusCode), OAuth2Fields(response.body)?.string("error") == nil else {
            throw Self.providerError(response, endpoint: "token endpoint")
        }
        return try OAuth2Token.parse(response.body, receivedAt: handler.clock.now, previousRefresh: previousRefresh)
    }

    /// Posts a form to one of the provider's endpoints, authenticating the client as configured.
    func post(_ fields: [String: String], to url: URL, secrets: [String] = []) async throws(TernError) -> Response {
        var form = fields
        for (name, value) in configuration.extraParameters where form[name] == nil { form[name] = value }
        var request = Request(method: .post, url: url, requiresAuthentication: false, name: "OAuth 2.0 token request")
        switch (configuration.clientAuthentication, configuration.clientSecret) {
        case (.basic, let secret?):
            let id = Self.formEncoded(configuration.clientID)
            request.headers[.authorization] = BasicAuthInterceptor.headerValue(
                username: id, password: Self.formEncoded(secret))
        case (.body, let secret?):
            form["client_id"] = configuration.clientID
            form["client_secret"] = secret
        case (_, nil):
            form["client_id"] = configuration.clientID
        }
        request.headers[.contentType] = "application/x-www-form-urlencoded"
        request.headers[.accept] = "application/json"
        request.body = .data(Data(Self.formBody(form).utf8))
        request.usesCookies = false
        request.secretValues = configuration.secretValues + secrets
        do {
            return try await handler.send(request, mode: .live, validUntil: nil, stores: false, onEvent: nil)
        } catch {
            var failure = error
            failure.message = "the OAuth 2.0 request to \(url.absoluteString) failed: \(error.message)"
            throw failure
        }
    }

    /// The provider's `error` and `error_description` (RFC 6749 §5.2) as an `.authentication` error.
    static func providerError(_ response: Response, endpoint: String) -> TernError {
        let fields = OAuth2Fields(response.body)
        var message = "the \(endpoint) answered \(response.statusCode)"
        if let code = fields?.string("error") {
            message += ": \(code)"
            if let description = fields?.string("error_description") { message += " (\(description))" }
        }
        return TernError(.authentication, message, response: response)
    }

    /// `fields` as an `application/x-www-form-urlencoded` body, in name order (stable bytes).
    static func formBody(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(formEncoded($0.key))=\(formEncoded($0.value))" }
            .joined(separator: "&")
    }

    /// `text` encoded as a form value: unreserved characters kept, everything else percent-encoded.
    static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
