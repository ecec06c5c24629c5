public import Foundation

/// An access token from an OAuth 2.0 token endpoint (RFC 6749 §5.1), with when it expires.
public struct OAuth2Token: Sendable, Hashable, Codable {
    /// The access token sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// The token type the server named (`Bearer`).
    public var tokenType: String
    /// The refresh token, when the server issued one.
    public var refreshToken: String?
    /// When the access token expires; `nil` when the server did not say.
    public var expiresAt: Date?
    /// The scopes granted, when the server said (it may grant fewer than asked).
    public var scope: String?

    /// Makes a token.
    public init(
        accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil,
        scope: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// Whether the token is still good `leeway` from `now` (a token without an expiry always is).
    public func isFresh(at now: Date, leeway: TimeInterval = 60) -> Bool {
        guard let expiresAt else { return true }
        return expiresAt.timeIntervalSince(now) > leeway
    }

    /// The values that must never be written down in clear.
    public var secretValues: [String] {
        [accessToken] + (refreshToken.map { [$0] } ?? [])
    }

    /// The largest token response read (a token endpoint's answer is a few KB at most).
    static let maximumResponseBytes = 256 * 1024

    /// Parses a successful token response (`access_token`, `token_type`, `expires_in`, `refresh_token`,
    /// `scope`) received at `now`; a refresh response without a new refresh token keeps `previousRefresh`.
    static func parse(_ data: Data, receivedAt now: Date, previousRefresh: String? = nil) throws(TernError)
        -> OAuth2Token
    {
        guard let object = OAuth2Fields(data) else {
            throw TernError(.decoding, "the token endpoint's answer is not a JSON object")
        }
        guard let accessToken = object.string("access_token"), !accessToken.isEmpty else {
            throw TernError(.decoding, "the token endpoint's answer has no access_token")
        }
        let tokenType = object.string("token_type") ?? "Bearer"
        guard tokenType.caseInsensitiveCompare("bearer") == .orderedSame else {
            throw TernError(
                .authentication, "the token endpoint issued a '\(tokenType)' token; only Bearer tokens can be sent")
        }
        var expiresAt: Date?
        if let seconds = object.number("expires_in"), seconds.isFinite, seconds > 0, seconds < 1e9 {
            expiresAt = now.addingTimeInterval(seconds)
        }
        return OAuth2Token(
            accessToken: accessToken, tokenType: "Bearer",
            refreshToken: object.string("refresh_token") ?? previousRefresh,
            expiresAt: expiresAt, scope: object.string("scope"))
    }
}

/// The top-level fields of a JSON object from a token or device endpoint.
struct OAuth2Fields {
    let object: [String: Any]

    init?(_ data: Data) {
        guard data.count <= OAuth2Token.maximumResponseBytes,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        self.object = object
    }

    /// A string field (a number is given as its text). Booleans are not told apart from 0 and 1: Foundation
    /// on Linux bridges both to `NSNumber`, and no token field is a boolean.
    func string(_ name: String) -> String? {
        if let text = object[name] as? String { return text }
        if let number = object[name] as? NSNumber { return number.stringValue }
        return nil
    }

    /// A numeric field, also when sent as a string.
    func number(_ name: String) -> Double? {
        if let number = object[name] as? NSNumber { return number.doubleValue }
        return (object[name] as? String).flatMap(Double.init)
    }
}
