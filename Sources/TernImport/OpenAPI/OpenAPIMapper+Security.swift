import OpenAPIKit
import Tern
import TernWorkspace

extension OpenAPIMapper {
    /// The operation's security (or the document's; `security: []` means none) as the spec's `auth:`
    /// (API key, bearer, basic, digest) or headers and query rows, holding `{{env:NAME}}` placeholders:
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
            let placeholder = "{{env:\(variable)}}"
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
                    let username = "{{env:\(variable)_USERNAME}}"
                    let password = "{{env:\(variable)_PASSWORD}}"
                    spec.auth =
                        kind.lowercased() == "basic"
                        ? .basic(username: username, password: password)
                        : .digest(username: username, password: password)
                    warn("set \(variable)_USERNAME and \(variable)_PASSWORD in the environment for \(name)")
                    continue
                case "basic":
                    spec.headers.append(("Authorization", "Basic \(placeholder)"))
                    warn("\(name) is HTTP basic: set \(variable) to the base64 of user:password")
                default:
                    spec.headers.append(("Authorization", "\(kind) \(placeholder)"))
                    warn("\(name) uses the HTTP \(kind) scheme: set \(variable) to its credentials")
                }
            case .oauth2, .openIdConnect:
                spec.headers.append(("Authorization", "Bearer \(placeholder)"))
                warn(
                    "\(name) is OAuth 2 / OpenID Connect: Tern does not run the flow; set \(variable) to an "
                        + "access token")
            case .mutualTLS:
                warn("\(name) is mutual TLS, which a spec cannot hold: configure the client certificate")
                continue
            }
            warn("set \(variable) in the environment for \(name)")
        }
    }

    private func addCookie(_ pair: String, to spec: inout SpecDefinition) {
        if let index = spec.headers.firstIndex(where: { $0.name == "Cookie" }) {
            spec.headers[index].value += "; " + pair
        } else {
            spec.headers.append(("Cookie", pair))
        }
    }
}
