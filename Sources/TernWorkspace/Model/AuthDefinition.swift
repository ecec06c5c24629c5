public import Tern

/// An `auth:` block on a target or a spec, before templating: how the request proves who sends it.
///
/// A spec's block wins over its target's; `auth: none` turns the target's off for one spec. Every string
/// is templated like a header (`{{env:NAME}}` keeps secrets out of the files).
public enum AuthDefinition: Sendable, Equatable {
    /// `auth: none`: no authentication, whatever the target says.
    case none
    /// `{type: basic, username, password}`.
    case basic(username: String, password: String)
    /// `{type: bearer, token}`.
    case bearer(token: String)
    /// `{type: apiKey, name, value, in: header | query}`.
    case apiKey(name: String, value: String, location: RequestAuthentication.APIKeyLocation)
    /// `{type: digest, username, password}`.
    case digest(username: String, password: String)
    /// `{type: aws, accessKey, secretKey, sessionToken?, region, service}`.
    case aws(accessKey: String, secretKey: String, sessionToken: String?, region: String, service: String)
    /// `{type: oauth2, grant, tokenURL, clientId, ...}`: see `OAuth2Definition`.
    case oauth2(OAuth2Definition)

    /// The `type:` values, in the order the docs list them.
    public static let types = ["basic", "bearer", "apiKey", "digest", "aws", "oauth2"]

    /// The `type:` value (`none` for `.none`).
    public var type: String {
        switch self {
        case .none: "none"
        case .basic: "basic"
        case .bearer: "bearer"
        case .apiKey: "apiKey"
        case .digest: "digest"
        case .aws: "aws"
        case .oauth2: "oauth2"
        }
    }

    /// The fields of each type, required ones first, in the order files are written.
    public static func fields(of type: String) -> (required: [String], optional: [String]) {
        switch type {
        case "basic", "digest": (["username", "password"], [])
        case "bearer": (["token"], [])
        case "apiKey": (["name", "value"], ["in"])
        case "aws": (["accessKey", "secretKey", "region", "service"], ["sessionToken"])
        case "oauth2":
            (
                ["grant"] + OAuth2Definition.requiredFields,
                OAuth2Definition.fieldNames.filter { !OAuth2Definition.requiredFields.contains($0) }
            )
        default: ([], [])
        }
    }

    /// The field values in `fields(of:)` order (absent optional ones left out), for writing and templating.
    public var values: [(field: String, value: String)] {
        switch self {
        case .none: return []
        case .basic(let username, let password), .digest(let username, let password):
            return [("username", username), ("password", password)]
        case .bearer(let token): return [("token", token)]
        case .apiKey(let name, let value, let location):
            return [("name", name), ("value", value), ("in", location.rawValue)]
        case .aws(let accessKey, let secretKey, let sessionToken, let region, let service):
            return [("accessKey", accessKey), ("secretKey", secretKey)]
                + (sessionToken.map { [("sessionToken", $0)] } ?? [])
                + [("region", region), ("service", service)]
        case .oauth2(let definition):
            return definition.values
        }
    }
}
