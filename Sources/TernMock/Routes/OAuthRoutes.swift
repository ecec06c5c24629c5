import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// An OAuth 2.0 provider for tests and demos: `POST /oauth/token` (client credentials, refresh token,
/// authorization code with PKCE, device code), `GET /oauth/authorize` (approves at once and redirects),
/// `POST /oauth/device/code` and `GET /oauth/device?user_code=…` (the user's approval), and
/// `GET /oauth/userinfo`, which accepts only the tokens issued here while they last.
///
/// A confidential client's secret is `demo-secret` (Basic or in the form); `?expires_in=N` on the token URL sets
/// the tokens' lifetime (3600 s by default), `?interval=N` on the device URL the polling interval (1 s).
enum OAuthRoutes {
    /// The client secret the provider accepts, for any client id.
    static let clientSecret = "demo-secret"

    /// The answer for `/oauth/…`, or `nil` when no OAuth route matches.
    static func response(to request: MockRequest, body: ByteBuffer, state: MockOAuthState) -> MockResponse? {
        let route = Array(request.segments.dropFirst())
        switch (request.method, route) {
        case ("POST", ["token"]): return token(request, form: form(body), state: state)
        case ("GET", ["authorize"]): return authorize(request, state: state)
        case ("POST", ["device", "code"]): return deviceCode(request, form: form(body), state: state)
        case ("GET", ["device"]): return approveDevice(request, state: state)
        case ("GET", ["userinfo"]), ("HEAD", ["userinfo"]): return userInfo(request, state: state)
        default: return nil
        }
    }

    private static func token(_ request: MockRequest, form: [String: String], state: MockOAuthState) -> MockResponse {
        let client = clientID(request, form: form)
        guard let clientID = client.id, client.secretValid else {
            return error("invalid_client", "unknown client or wrong secret", status: 401)
        }
        let lifetime = Double(request.queryInt("expires_in") ?? 3600)
        switch form["grant_type"] {
        case "client_credentials":
            guard client.hasSecret else { return error("unauthorized_client", "client credentials need a secret") }
            return issue(clientID: clientID, scope: form["scope"] ?? "read", lifetime: lifetime, refresh: false, state)
        case "refresh_token":
            guard let old = form["refresh_token"].flatMap(state.takeRefresh), old.clientID == clientID else {
                return error("invalid_grant", "unknown or used refresh token")
            }
            return issue(clientID: clientID, scope: old.scope, lifetime: lifetime, refresh: true, state)
        case "authorization_code":
            guard let code = form["code"].flatMap(state.takeCode), code.clientID == clientID,
                code.redirectURI == form["redirect_uri"]
            else { return error("invalid_grant", "unknown or used code, or another redirect_uri") }
            guard let verifier = form["code_verifier"], challenge(verifier) == code.challenge else {
                return error("invalid_grant", "the code_verifier does not match the code_challenge")
            }
            return issue(clientID: clientID, scope: code.scope, lifetime: lifetime, refresh: true, state)
        case "urn:ietf:params:oauth:grant-type:device_code":
            return devicePoll(form["device_code"] ?? "", clientID: clientID, lifetime: lifetime, state: state)
        case let other:
            return error("unsupported_grant_type", "grant_type \(other ?? "(none)") is not supported")
        }
    }

    private static func devicePoll(_ code: String, clientID: String, lifetime: Double, state: MockOAuthState)
        -> MockResponse
    {
        let now = Date()
        guard let (device, tooFast) = state.poll(code, at: now), device.clientID == clientID else {
            return error("invalid_grant", "unknown device code")
        }
        if now > device.expiresAt { return error("expired_token", "the device code expired") }
        if tooFast { return error("slow_down", "polled faster than every \(Int(device.interval)) s") }
        switch device.decision {
        case nil: return error("authorization_pending", "the user has not approved yet")
        case false?: return error("access_denied", "the user refused")
        case true?: return issue(clientID: clientID, scope: device.scope, lifetime: lifetime, refresh: true, state)
        }
    }

    private static func authorize(_ request: MockRequest, state: MockOAuthState) -> MockResponse {
        guard let redirect = request.queryValue("redirect_uri"), var target = URLComponents(string: redirect),
            ["127.0.0.1", "localhost", "[::1]", "::1"].contains(target.host ?? "")
        else { return error("invalid_request", "redirect_uri must be a loopback http URL (RFC 8252)") }
        guard request.queryValue("response_type") == "code", let clientID = request.queryValue("client_id"),
            let challenge = request.queryValue("code_challenge"), request.queryValue("code_challenge_method") == "S256"
        else { return error("invalid_request", "needs response_type=code, client_id and an S256 code_challenge") }
        var items = [URLQueryItem]()
        if request.queryValue("deny") == "1" {
            items.append(URLQueryItem(name: "error", value: "access_denied"))
        } else {
            let code = state.newValue("code")
            state.storeCode(
                code,
                .init(
                    clientID: clientID, redirectURI: redirect, challenge: challenge,
                    scope: request.queryValue("scope") ?? "read"))
            items.append(URLQueryItem(name: "code", value: code))
        }
        if let value = request.queryValue("state") { items.append(URLQueryItem(name: "state", value: value)) }
        target.queryItems = (target.queryItems ?? []) + items
        let location = target.string ?? redirect
        return .json(.object([("redirect", .string(location))]), status: 302, headers: [("Location", location)])
    }

    private static func deviceCode(_ request: MockRequest, form: [String: String], state: MockOAuthState)
        -> MockResponse
    {
        let client = clientID(request, form: form)
        guard let clientID = client.id, client.secretValid else {
            return error("invalid_client", "unknown client or wrong secret", status: 401)
        }
        let interval = Double(max(1, min(request.queryInt("interval") ?? 1, 60)))
        let deviceCode = state.newValue("device")
        let userCode = userCode()
        state.storeDevice(
            deviceCode,
            .init(
                clientID: clientID, userCode: userCode, scope: form["scope"] ?? "read", interval: interval,
                expiresAt: Date().addingTimeInterval(600)))
        let host = request.headers.first(name: "host") ?? "127.0.0.1"
        let verification = "http://\(host)/oauth/device"
        return .json(
            .object([
                ("device_code", .string(deviceCode)), ("user_code", .string(userCode)),
                ("verification_uri", .string(verification)),
                ("verification_uri_complete", .string("\(verification)?user_code=\(userCode)")),
                ("expires_in", .int(600)), ("interval", .int(Int(interval))),
            ]))
    }

    private static func approveDevice(_ request: MockRequest, state: MockOAuthState) -> MockResponse {
        guard let userCode = request.queryValue("user_code") else {
            return error("invalid_request", "open /oauth/device?user_code=XXXX-XXXX to approve a device")
        }
        let approve = request.queryValue("deny") != "1"
        guard state.decide(userCode: userCode, approve: approve) else {
            return error("invalid_request", "no device is waiting for code \(userCode)", status: 404)
        }
        return .json(.object([("userCode", .string(userCode)), ("approved", .bool(approve))]))
    }

    private static func userInfo(_ request: MockRequest, state: MockOAuthState) -> MockResponse {
        let header = request.headers.first(name: "authorization") ?? ""
        guard header.lowercased().hasPrefix("bearer "), let access = state.access(String(header.dropFirst(7))),
            access.expiresAt > Date()
        else {
            return .json(
                .object([("error", .string("invalid_token"))]), status: 401,
                headers: [("WWW-Authenticate", "Bearer error=\"invalid_token\"")])
        }
        return .json(.object([("sub", .string(access.clientID)), ("scope", .string(access.scope))]))
    }

    private static func issue(clientID: String, scope: String, lifetime: Double, refresh: Bool, _ state: MockOAuthState)
        -> MockResponse
    {
        let access = MockOAuthState.Access(
            clientID: clientID, scope: scope, expiresAt: Date().addingTimeInterval(lifetime))
        let token = state.newValue("at")
        state.storeAccess(token, access)
        var fields: [(String, MockJSONValue)] = [
            ("access_token", .string(token)), ("token_type", .string("Bearer")), ("expires_in", .int(Int(lifetime))),
            ("scope", .string(scope)),
        ]
        if refresh {
            let refreshToken = state.newValue("rt")
            state.storeRefresh(refreshToken, access)
            fields.append(("refresh_token", .string(refreshToken)))
        }
        return .json(.object(fields), headers: [("Cache-Control", "no-store")])
    }

    /// The client id from Basic auth or the form, whether a secret came, and whether it was right.
    private static func clientID(_ request: MockRequest, form: [String: String]) -> (
        id: String?, hasSecret: Bool, secretValid: Bool
    ) {
        if let header = request.headers.first(name: "authorization"), header.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
            let colon = decoded.firstIndex(of: ":")
        {
            let id = String(decoded[..<colon]).removingPercentEncoding ?? ""
            let secret = String(decoded[decoded.index(after: colon)...]).removingPercentEncoding ?? ""
            return (id.isEmpty ? nil : id, true, secret == clientSecret)
        }
        guard let id = form["client_id"], !id.isEmpty else { return (nil, false, false) }
        guard let secret = form["client_secret"] else { return (id, false, true) }
        return (id, true, secret == clientSecret)
    }

    private static func error(_ code: String, _ description: String, status: Int = 400) -> MockResponse {
        .json(
            .object([("error", .string(code)), ("error_description", .string(description))]), status: status,
            headers: [("Cache-Control", "no-store")])
    }

    private static func challenge(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func userCode() -> String {
        let letters = Array("BCDFGHJKLMNPQRSTVWXZ")
        var generator = SystemRandomNumberGenerator()
        let pick = { String((0..<4).compactMap { _ in letters.randomElement(using: &generator) }) }
        return pick() + "-" + pick()
    }

    /// An `application/x-www-form-urlencoded` body's fields (the first of each name).
    private static func form(_ body: ByteBuffer) -> [String: String] {
        var fields: [String: String] = [:]
        let text = String(decoding: body.readableBytesView, as: UTF8.self)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            let name = decode(parts[0])
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return fields
    }
}
