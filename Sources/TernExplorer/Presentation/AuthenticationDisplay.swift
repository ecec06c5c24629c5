import Foundation
import HTTPTypes
package import Tern

/// How the faces show a request's `authentication`: the header or query item it stands for, its secrets
/// masked, and the values to mask wherever the sent request shows them.
package enum AuthenticationDisplay {
    /// The header line standing for `authentication` when `request` does not carry it yet (before sending),
    /// secrets masked: `Authorization: Digest alice:•••••• (answers the server's challenge)`.
    package static func pendingHeader(of request: Request) -> (name: String, value: String)? {
        guard let authentication = request.authentication else { return nil }
        let mask = Redactor.mask
        let unsigned = request.headers[.authorization] == nil
        switch authentication {
        case .basic(let username, _):
            return unsigned ? ("Authorization", "Basic \(username):\(mask)") : nil
        case .bearer:
            return unsigned ? ("Authorization", "Bearer \(mask)") : nil
        case .apiKey(let name, _, .header):
            let present = request.headers.contains { $0.name.canonicalName == name.lowercased() }
            return present ? nil : (name, mask)
        case .apiKey(_, _, .query):
            return nil
        case .digest(let username, _):
            return unsigned ? ("Authorization", "Digest \(username):\(mask) (answers the server's challenge)") : nil
        case .aws(let credentials, let region, let service):
            let scope = "\(credentials.accessKeyID):\(mask) \(region)/\(service)"
            return unsigned ? ("Authorization", "AWS4-HMAC-SHA256 \(scope) (signed when sent)") : nil
        case .oauth2(let configuration):
            return unsigned ? ("Authorization", "Bearer \(mask) (OAuth 2.0 \(configuration.grant.rawValue))") : nil
        }
    }

    /// `&name=••••••` for an API key sent in the query that the URL does not carry yet, else `nil`.
    package static func pendingQuery(of request: Request) -> String? {
        guard case .apiKey(let name, _, .query) = request.authentication else { return nil }
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard !items.contains(where: { $0.name == name }) else { return nil }
        return (request.url.query == nil ? "?" : "&") + "\(name)=\(Redactor.mask)"
    }

    /// The values to mask in a request carrying `authentication` (its secrets, and a basic header's base64
    /// form); very short ones are left out so that masking them would not garble the rest of the text.
    package static func secretValues(of authentication: RequestAuthentication?) -> [String] {
        guard let authentication else { return [] }
        var values = authentication.secretValues
        if case .basic(let username, let password) = authentication {
            values.append(Data("\(username):\(password)".utf8).base64EncodedString())
        }
        return values.filter { $0.count >= 4 }
    }
}
