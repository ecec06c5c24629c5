public import Foundation

/// The device authorization answer (RFC 8628 §3.2): the code the user enters, where, and how to poll.
public struct OAuth2DeviceAuthorization: Sendable, Hashable {
    /// The code the client polls with (secret).
    public var deviceCode: String
    /// The code the user enters.
    public var userCode: String
    /// Where the user enters it.
    public var verificationURL: URL
    /// The same with the code filled in, when the provider gives one.
    public var completeURL: URL?
    /// When the codes expire.
    public var expiresAt: Date
    /// Seconds between polls (5 when the provider does not say).
    public var interval: Double
}

extension OAuth2Client {
    /// The longest a device code is polled for, whatever the provider says.
    static let maximumDeviceWait: TimeInterval = 30 * 60

    /// Runs the configured grant: client credentials, a refresh token, or an interactive sign-in whose
    /// instructions go to `present`.
    public func obtainToken(present: (@Sendable (OAuth2Prompt) async -> Void)?) async throws(TernError)
        -> OAuth2Token
    {
        switch configuration.grant {
        case .clientCredentials:
            return try await clientCredentials()
        case .refreshToken:
            guard let token = configuration.refreshToken, !token.isEmpty else {
                throw TernError(.invalidRequest, "the refresh_token grant needs a refreshToken")
            }
            return try await refresh(token)
        case .authorizationCode, .deviceCode:
            guard let present else {
                throw TernError(
                    .authentication,
                    "the \(configuration.grant.rawValue) grant needs a user to sign in: give the interceptor a "
                        + "`present` closure that shows the prompt")
            }
            do {
                let token =
                    configuration.grant == .deviceCode
                    ? try await deviceCode(present: present) : try await authorizationCode(present: present)
                await present(.finished(succeeded: true))
                return token
            } catch {
                await present(.finished(succeeded: false))
                throw error
            }
        }
    }

    /// The authorization URL a browser opens: `response_type=code`, the client, the loopback redirect,
    /// `state` and the PKCE challenge (S256).
    public func authorizationRequestURL(redirectURI: String, state: String, pkce: PKCE) throws(TernError) -> URL {
        guard let base = configuration.authorizationURL,
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else {
            throw TernError(.invalidRequest, "the authorization_code grant needs an authorizationURL")
        }
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: configuration.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if let scope = configuration.scope { items.append(URLQueryItem(name: "scope", value: scope)) }
        for (name, value) in configuration.extraParameters.sorted(by: { $0.key < $1.key }) {
            items.append(URLQueryItem(name: name, value: value))
        }
        components.queryItems = items
        // `+` is a space in a form-encoded query; URLComponents leaves it alone.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw TernError(.invalidRequest, "the authorization URL cannot carry the sign-in's query")
        }
        return url
    }

    /// Authorization code with PKCE: listens on 127.0.0.1, has `present` show the sign-in URL, waits for
    /// the redirect, checks its `state` and exchanges the code.
    public func authorizationCode(present: @Sendable (OAuth2Prompt) async -> Void) async throws(TernError)
        -> OAuth2Token
    {
        let listener = try LoopbackRedirectListener.open(port: configuration.redirectPort)
        defer { listener.close() }
        let redirectURI = "http://127.0.0.1:\(listener.port)\(configuration.redirectPath)"
        let pkce = PKCE()
        let state = PKCE.randomState()
        let url = try authorizationRequestURL(redirectURI: redirectURI, state: state, pkce: pkce)
        await present(.openURL(url, redirectURI: redirectURI))
        // Only the redirect with this sign-in's `state` ends the wait (others get an error page).
        let query = try await listener.redirect(
            path: configuration.redirectPath, state: state, timeout: configuration.authorizationTimeout)
        if let error = query["error"] {
            let description = query["error_description"].map { " (\($0))" } ?? ""
            throw TernError(.authentication, "the sign-in was refused: \(error)\(description)")
        }
        guard let code = query["code"], !code.isEmpty else {
            throw TernError(.authentication, "the sign-in redirect carried no authorization code")
        }
        return try await exchange(code: code, redirectURI: redirectURI, verifier: pkce.verifier)
    }

    /// Device code (RFC 8628): asks for a user code, has `present` show it, then polls the token endpoint
    /// at the provider's interval (slowing down when told) until the user approves, refuses, or the code
    /// expires.
    public func deviceCode(present: @Sendable (OAuth2Prompt) async -> Void) async throws(TernError) -> OAuth2Token {
        let authorization = try await deviceAuthorization()
        await present(
            .enterCode(
                userCode: authorization.userCode, verificationURL: authorization.verificationURL,
                completeURL: authorization.completeURL, expiresAt: authorization.expiresAt))
        return try await pollDeviceToken(authorization)
    }

    /// Asks the device authorization endpoint for a device code and a user code.
    public func deviceAuthorization() async throws(TernError) -> OAuth2DeviceAuthorization {
        guard let url = configuration.deviceAuthorizationURL else {
            throw TernError(.invalidRequest, "the device_code grant needs a deviceAuthorizationURL")
        }
        var fields: [String: String] = [:]
        if let scope = configuration.scope { fields["scope"] = scope }
        let response = try await post(fields, to: url)
        guard (200...299).contains(response.statusCode), let object = OAuth2Fields(response.body),
            object.string("error") == nil
        else { throw Self.providerError(response, endpoint: "device authorization endpoint") }
        guard let deviceCode = object.string("device_code"), let userCode = object.string("user_code"),
            let verification = (object.string("verification_uri") ?? object.string("verification_url"))
                .flatMap(URL.init(string:))
        else {
            throw TernError(
                .decoding, "the device authorization answer lacks device_code, user_code or verification_uri",
                response: response)
        }
        let lifetime = min(max(object.number("expires_in") ?? 600, 1), Self.maximumDeviceWait)
        let interval = min(max(object.number("interval") ?? 5, 1), 60)
        return OAuth2DeviceAuthorization(
            deviceCode: deviceCode, userCode: userCode, verificationURL: verification,
            completeURL: object.string("verification_uri_complete").flatMap(URL.init(string:)),
            expiresAt: handler.clock.now.addingTimeInterval(lifetime), interval: interval)
    }

    /// Polls for the device code's token: `authorization_pending` waits the interval again, `slow_down`
    /// adds 5 seconds to it (RFC 8628 §3.5), anything else ends the sign-in.
    public func pollDeviceToken(_ authorization: OAuth2DeviceAuthorization) async throws(TernError) -> OAuth2Token {
        var interval = authorization.interval
        let fields = [
            "grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": authorization.deviceCode,
        ]
        while handler.clock.now < authorization.expiresAt {
            do {
                try await handler.clock.sleep(for: .fromSeconds(interval))
            } catch {
                throw TernError(.cancelled, "the sign-in was cancelled")
            }
            let response = try await post(fields, to: configuration.tokenURL, secrets: [authorization.deviceCode])
            let code = OAuth2Fields(response.body)?.string("error")
            switch code {
            case "authorization_pending"?:
                continue
            case "slow_down"?:
                interval += 5
            case nil where (200...299).contains(response.statusCode):
                return try OAuth2Token.parse(response.body, receivedAt: handler.clock.now)
            case "access_denied"?:
                throw TernError(.authentication, "the sign-in was refused on the other device", response: response)
            case "expired_token"?:
                throw TernError(.authentication, "the device code expired before the sign-in", response: response)
            default:
                throw Self.providerError(response, endpoint: "token endpoint")
            }
        }
        throw TernError(.timeout, "the device code expired before anyone signed in")
    }
}
