public import Tern

/// An `auth: {type: oauth2, ...}` block before templating: the grant and its string fields.
///
/// ```yaml
/// auth:
///   type: oauth2
///   grant: client_credentials      # authorization_code | device_code | refresh_token
///   tokenURL: "{{base}}/oauth/token"
///   clientId: tern-demo
///   clientSecret: "{{env:CLIENT_SECRET}}"
///   scope: read write
/// ```
public struct OAuth2Definition: Sendable, Equatable {
    /// The grant.
    public var grant: OAuth2Configuration.Grant
    /// The other fields by name (`tokenURL`, `clientId`, ...), as written.
    public var fields: [String: String]

    /// Makes a definition.
    public init(grant: OAuth2Configuration.Grant, fields: [String: String]) {
        self.grant = grant
        self.fields = fields
    }

    /// Every field but `grant`, required ones first, in the order files are written.
    public static let fieldNames = [
        "tokenURL", "clientId", "clientSecret", "scope", "authorizationURL", "deviceAuthorizationURL", "refreshToken",
        "redirectPort", "clientAuth", "audience",
    ]

    /// The fields every grant needs.
    public static let requiredFields = ["tokenURL", "clientId"]

    /// The field a grant needs besides the required ones (`authorizationURL` for `authorization_code`, ...).
    public static func grantField(_ grant: OAuth2Configuration.Grant) -> String? {
        switch grant {
        case .clientCredentials: "clientSecret"
        case .authorizationCode: "authorizationURL"
        case .deviceCode: "deviceAuthorizationURL"
        case .refreshToken: "refreshToken"
        }
    }

    /// The fields whose values are secrets.
    public static let secretFields: Set<String> = ["clientSecret", "refreshToken"]

    /// `grant` then the fields in `fieldNames` order, absent ones left out.
    public var values: [(field: String, value: String)] {
        [("grant", grant.rawValue)] + Self.fieldNames.compactMap { name in fields[name].map { (name, $0) } }
    }

    /// The definition with every field value passed through `transform` (the grant stays).
    public func mapValues(_ transform: (String) -> String) -> OAuth2Definition {
        OAuth2Definition(grant: grant, fields: fields.mapValues(transform))
    }
}
