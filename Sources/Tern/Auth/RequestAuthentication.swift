/// How one request proves who sends it; `AuthenticationInterceptor` applies it at send time.
///
/// Basic, bearer and API-key schemes only add a header or a query item; digest answers the server's
/// challenge (RFC 7616) and AWS signs the request (Signature Version 4), so both need the send itself.
public enum RequestAuthentication: Sendable, Hashable {
    /// `Authorization: Basic base64(username:password)` (RFC 7617).
    case basic(username: String, password: String)
    /// `Authorization: Bearer token` (RFC 6750).
    case bearer(token: String)
    /// A key sent as a header or a query item.
    case apiKey(name: String, value: String, location: APIKeyLocation)
    /// HTTP Digest (RFC 7616): a 401 challenge answered once, the nonce then reused.
    case digest(username: String, password: String)
    /// AWS Signature Version 4 with `credentials`, for `region` and `service`.
    case aws(AWSCredentials, region: String, service: String)
    /// OAuth 2.0: a bearer token obtained (and refreshed) as `OAuth2Configuration` says.
    case oauth2(OAuth2Configuration)

    /// Where an API key travels.
    public enum APIKeyLocation: String, Sendable, Hashable, CaseIterable {
        /// A request header.
        case header
        /// A query item of the URL.
        case query
    }

    /// The scheme's name as the workspace format spells it (`basic`, `bearer`, `apiKey`, `digest`, `aws`, `oauth2`).
    public var scheme: String {
        switch self {
        case .basic: "basic"
        case .bearer: "bearer"
        case .apiKey: "apiKey"
        case .digest: "digest"
        case .aws: "aws"
        case .oauth2: "oauth2"
        }
    }

    /// A one-line description with every secret masked (`digest alice:••••••`), for request views.
    public var maskedDescription: String {
        let mask = Redactor.mask
        switch self {
        case .basic(let username, _): return "basic \(username):\(mask)"
        case .bearer: return "bearer \(mask)"
        case .apiKey(let name, _, let location): return "apiKey \(name)=\(mask) in \(location.rawValue)"
        case .digest(let username, _): return "digest \(username):\(mask)"
        case .aws(let credentials, let region, let service):
            return "aws \(credentials.accessKeyID):\(mask) \(region)/\(service)"
        case .oauth2(let configuration):
            return "oauth2 \(configuration.summary)"
        }
    }

    /// The values that must never be written down in clear (passwords, tokens, keys, secrets).
    public var secretValues: [String] {
        switch self {
        case .basic(_, let password), .digest(_, let password): return [password]
        case .bearer(let token): return [token]
        case .apiKey(_, let value, _): return [value]
        case .aws(let credentials, _, _):
            return [credentials.secretAccessKey] + (credentials.sessionToken.map { [$0] } ?? [])
        case .oauth2(let configuration):
            return configuration.secretValues
        }
    }

    /// Everything that tells one identity from another, secrets included: only ever fed to the keyed
    /// digest of `CacheIdentity`, so two users never share a stored answer and no key shows a secret.
    var identityMaterial: String {
        let fields: [String]
        switch self {
        case .basic(let username, let password), .digest(let username, let password): fields = [username, password]
        case .bearer(let token): fields = [token]
        case .apiKey(let name, let value, let location): fields = [location.rawValue, name, value]
        case .aws(let credentials, let region, let service):
            fields = [
                credentials.accessKeyID, credentials.secretAccessKey, credentials.sessionToken ?? "", region, service,
            ]
        case .oauth2(let configuration):
            // Who signs in, not the token of the day: answers stay valid across refreshes.
            fields = [configuration.tokenIdentity, configuration.refreshToken ?? ""]
        }
        return ([scheme] + fields).joined(separator: "\u{0}")
    }
}
