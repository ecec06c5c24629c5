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
        }
    }
}
