import Foundation
import OpenAPIKit
import Tern
import TernWorkspace

extension OpenAPIMapper {
    /// The operation's security (or the document's; `security: []` means none) as the spec's `auth:`
    /// (API key, bearer, basic, digest) or headers and query rows, holding `{{secret:NAME}}` placeholders:
    /// secrets never reach a spec in clear.
    mutating func applySecurity(
        _ operation: OpenAPI.Operation, to spec: inout SpecDefinition, pointer: String, label: String
    ) throws(ImportError) {
        let requirements = operation.security ?? document.security
        guard let first = requirements.first, !first.isEmpty else { return }
        if requirements.count > 1 {
            let alternatives = requirements.dropFirst().map {
                $0.keys.compactMap(\.name).sorted().joined(separator: "+")
            }
            warn(
                "the first security requirement is used where several are allowed; the others are "
                    + alternatives.joined(separator: ", "))
        }
        for reference in first.keys.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) {
            let name = reference.name ?? reference.absoluteString
            guard let scheme = document.components[reference] else {
                throw ImportError(
                    "the security scheme \(name) is not defined in components/securitySchemes",
                    at: operation.security == nil ? "#/security" : pointer + "/security")
            }
            let variable = Slug.environmentName(name)
            let placeholder = "{{secret:\(variable)}}"
            // The first scheme becomes the spec's `auth:`; any other of the same requirement (all are sent
            // together) stays a header or query row.
            let free = spec.auth == nil
            switch scheme.type {
            case .apiKey(let field, let location):
                switch location {
                case .header where free: spec.auth = .apiKey(name: field, value: placeholder, location: .header)
                case .header: spec.headers.append((field, placeholder))
                case .query where free: spec.auth = .apiKey(name: field, value: placeholder, location: .query)
                case .query: spec.query.append((field, .string(placeholder)))
                case .cookie: addCookie("\(field)=\(placeholder)", to: &spec)
                }
            case .http(let kind, _):
                switch kind.lowercased() {
                case "bearer" where free:
                    spec.auth = .bearer(token: placeholder)
                case "bearer":
                    spec.headers.append(("Authorization", "Bearer \(placeholder)"))
                case "basic" where free, "digest" where free:
                    let username = "{{secret:\(variable)_USERNAME}}"
                    let password = "{{secret:\(variable)_PASSWORD}}"
                    spec.auth =
                        kind.lowercased() == "basic"
                        ? .basic(username: username, password: password)
                        : .digest(username: username, password: password)
                    needSecret(variable + "_USERNAME", for: name)
                    needSecret(variable + "_PASSWORD", for: name)
                    continue
                case "basic":
                    spec.headers.append(("Authorization", "Basic \(placeholder)"))
                    warn("\(name) is HTTP basic: the secret \(variable) is the base64 of user:password")
                default:
                    spec.headers.append(("Authorization", "\(kind) \(placeholder)"))
                    warn("\(name) uses the HTTP \(kind) scheme: the secret \(variable) is its credentials")
                }
            case .oauth2(let flows, _):
                if free, let definition = Self.oauth2(flows, scopes: first[reference] ?? [], variable: variable) {
                    spec.auth = .oauth2(definition)
                    needSecret(variable + "_CLIENT_ID", for: "\(name) (OAuth 2.0 \(definition.grant.rawValue))")
                    if definition.fields["clientSecret"] != nil {
                        needSecret(variable + "_CLIENT_SECRET", for: "\(name) (OAuth 2.0 \(definition.grant.rawValue))")
                    }
                    continue
                }
                fallthrough
            case .openIdConnect:
                spec.headers.append(("Authorization", "Bearer \(placeholder)"))
                warn(
                    "\(name) is OAuth 2 / OpenID Connect: Tern does not run the flow; the secret \(variable) is an "
                        + "access token")
            case .mutualTLS:
                warn("\(name) is mutual TLS, which a spec cannot hold: configure the client certificate")
                continue
            }
            needSecret(variable, for: name)
        }
    }

    /// Notes that the specs read `{{secret:NAME}}`, which the description cannot give a value.
    mutating func needSecret(_ name: String, for item: String) {
        guard !secrets.contains(where: { $0.name == name }) else { return }
        secrets.append(ImportedSecret(name: name, value: nil, item: item))
    }

    /// An `oauth2` block for the first flow Tern runs (client credentials, authorization code with PKCE,
    /// device authorization), its client id and secret as `{{secret:…}}`; `nil` for implicit and password
    /// flows, or a relative token URL.
    static func oauth2(_ flows: OpenAPI.OAuthFlows, scopes: [String], variable: String)
        -> OAuth2Definition?
    {
        var fields = ["clientId": "{{secret:\(variable)_CLIENT_ID}}"]
        let grant: OAuth2Configuration.Grant
        let scopeNames: [String]
        if let flow = flows.clientCredentials {
            grant = .clientCredentials
            fields["tokenURL"] = flow.tokenUrl.absoluteString
            fields["clientSecret"] = "{{secret:\(variable)_CLIENT_SECRET}}"
            scopeNames = Array(flow.scopes.keys)
        } else if let flow = flows.authorizationCode {
            grant = .authorizationCode
            fields["tokenURL"] = flow.tokenUrl.absoluteString
            fields["authorizationURL"] = flow.authorizationUrl.absoluteString
            scopeNames = Array(flow.scopes.keys)
        } else if let flow = flows.deviceAuthorization {
            grant = .deviceCode
            fields["tokenURL"] = flow.tokenUrl.absoluteString
            fields["deviceAuthorizationURL"] = flow.deviceAuthorizationUrl.absoluteString
            scopeNames = Array(flow.scopes.keys)
        } else {
            return nil
        }
        guard fields.values.allSatisfy({ !$0.hasPrefix("/") }), fields["tokenURL"]?.contains("://") == true else {
            return nil
        }
        // The operation's own scopes, else every scope the flow offers.
        let chosen = scopes.isEmpty ? scopeNames : scopes
        if !chosen.isEmpty { fields["scope"] = chosen.joined(separator: " ") }
        return OAuth2Definition(grant: grant, fields: fields)
    }

    private func addCookie(_ pair: String, to spec: inout SpecDefinition) {
        if let index = spec.headers.firstIndex(where: { $0.name == "Cookie" }) {
            spec.headers[index].value += "; " + pair
        } else {
            spec.headers.append(("Cookie", pair))
        }
    }
}
