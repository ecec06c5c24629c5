import Tern
import TernWorkspace

extension PostmanWriter {
    /// The item's Postman `auth` block for `auth:` (the spec's, else its target's), secrets as variables.
    mutating func auth(for spec: SpecDefinition) -> JSONValue? {
        guard let auth = spec.auth ?? workspace.target(for: spec)?.auth else { return nil }
        let block: (type: String, entries: [(String, String)])
        switch auth {
        case .none:
            return .object(["type": .string("noauth")])
        case .basic(let username, let password):
            block = ("basic", [("username", username), ("password", password)])
        case .digest(let username, let password):
            block = ("digest", [("username", username), ("password", password)])
        case .bearer(let token):
            block = ("bearer", [("token", token)])
        case .apiKey(let name, let value, let location):
            block = ("apikey", [("key", name), ("value", value), ("in", location.rawValue)])
        case .aws(let accessKey, let secretKey, let sessionToken, let region, let service):
            let token = sessionToken.map { [("sessionToken", $0)] } ?? []
            block = (
                "awsv4",
                [("accessKey", accessKey), ("secretKey", secretKey)] + token + [
                    ("region", region), ("service", service),
                ]
            )
        case .oauth2(let definition):
            block = ("oauth2", Self.postmanOAuth2(definition))
        }
        let list = block.entries.map { key, value -> JSONValue in
            .object(["key": .string(key), "value": .string(convert(value)), "type": .string("string")])
        }
        return .object(["type": .string(block.type), block.type: .array(list)])
    }

    /// Postman's `oauth2` entries: its grant names (`authorization_code_with_pkce`) and field names.
    private static func postmanOAuth2(_ definition: OAuth2Definition) -> [(String, String)] {
        let grant = definition.grant == .authorizationCode ? "authorization_code_with_pkce" : definition.grant.rawValue
        let names = [
            ("tokenURL", "accessTokenUrl"), ("authorizationURL", "authUrl"), ("clientId", "clientId"),
            ("clientSecret", "clientSecret"), ("scope", "scope"), ("refreshToken", "refreshToken"),
            ("audience", "audience"),
        ]
        var entries = [("grant_type", grant)]
        for (ours, theirs) in names { if let value = definition.fields[ours] { entries.append((theirs, value)) } }
        if definition.grant == .authorizationCode { entries.append(("challengeAlgorithm", "S256")) }
        if definition.fields["clientAuth"] == "body" { entries.append(("client_authentication", "body")) }
        return entries
    }
}
