import Foundation
import HTTPTypes
import Tern

extension SpecLowering {
    /// The spec's `auth:` (or else its target's) rendered: `nil` when there is none or it is `none`.
    ///
    /// Values are templated like headers, positioned at the file that wrote them.
    func authentication(target: WorkspaceTarget?) throws(WorkspaceError) -> RequestAuthentication? {
        let fromSpec = spec.auth != nil
        guard let auth = spec.auth ?? target?.auth else { return nil }
        let source = fromSpec ? file : workspace.manifestFile
        func value(_ text: String, _ field: String) throws(WorkspaceError) -> String {
            if fromSpec { return try render(text, at: "auth/" + field) }
            return try renderer.render(text, file: source, at: target?.locations["auth/" + field])
        }
        switch auth {
        case .none:
            return nil
        case .basic(let username, let password):
            return .basic(username: try value(username, "username"), password: try value(password, "password"))
        case .digest(let username, let password):
            return .digest(username: try value(username, "username"), password: try value(password, "password"))
        case .bearer(let token):
            return .bearer(token: try value(token, "token"))
        case .apiKey(let name, let key, let location):
            let renderedName = try value(name, "name")
            if location == .header, HTTPField.Name(renderedName) == nil {
                throw WorkspaceError(
                    .invalidRequest, "the API key name '\(renderedName)' is not a valid header name", file: source)
            }
            return .apiKey(name: renderedName, value: try value(key, "value"), location: location)
        case .aws(let accessKey, let secretKey, let sessionToken, let region, let service):
            let credentials = AWSCredentials(
                accessKeyID: try value(accessKey, "accessKey"), secretAccessKey: try value(secretKey, "secretKey"),
                sessionToken: try sessionToken.map { token throws(WorkspaceError) in
                    try value(token, "sessionToken")
                })
            return .aws(credentials, region: try value(region, "region"), service: try value(service, "service"))
        case .oauth2(let definition):
            var rendered: [String: String] = [:]
            for (field, text) in definition.fields { rendered[field] = try value(text, field) }
            return .oauth2(try Self.oauth2(definition.grant, rendered, file: source))
        }
    }

    /// The rendered `oauth2` fields as a configuration; a URL that is not http(s) or a bad port is an error.
    static func oauth2(_ grant: OAuth2Configuration.Grant, _ fields: [String: String], file: URL?)
        throws(WorkspaceError) -> OAuth2Configuration
    {
        func url(_ field: String) throws(WorkspaceError) -> URL? {
            guard let text = fields[field], !text.isEmpty else { return nil }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else {
                throw WorkspaceError(.invalidRequest, "auth.\(field) '\(text)' is not an http(s) URL", file: file)
            }
            return url
        }
        guard let tokenURL = try url("tokenURL") else {
            throw WorkspaceError(.invalidRequest, "auth.tokenURL is empty", file: file)
        }
        var configuration = OAuth2Configuration(
            grant: grant, tokenURL: tokenURL, clientID: fields["clientId"] ?? "",
            clientSecret: fields["clientSecret"].flatMap { $0.isEmpty ? nil : $0 },
            scope: fields["scope"].flatMap { $0.isEmpty ? nil : $0 })
        configuration.authorizationURL = try url("authorizationURL")
        configuration.deviceAuthorizationURL = try url("deviceAuthorizationURL")
        configuration.refreshToken = fields["refreshToken"].flatMap { $0.isEmpty ? nil : $0 }
        if let port = fields["redirectPort"], !port.isEmpty {
            guard let number = Int(port), (0...65535).contains(number) else {
                throw WorkspaceError(.invalidRequest, "auth.redirectPort '\(port)' is not a port number", file: file)
            }
            configuration.redirectPort = number
        }
        if let mode = fields["clientAuth"], !mode.isEmpty {
            guard let parsed = OAuth2Configuration.ClientAuthentication(rawValue: mode) else {
                throw WorkspaceError(
                    .invalidRequest, "auth.clientAuth must be basic or body, not '\(mode)'", file: file)
            }
            configuration.clientAuthentication = parsed
        }
        if let audience = fields["audience"], !audience.isEmpty { configuration.extraParameters["audience"] = audience }
        return configuration
    }
}
