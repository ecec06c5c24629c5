package import Foundation
import HTTPTypes
package import Tern
import TernWorkspace

/// Hides secrets (the values of `{{env:NAME}}`) in what the explorer prints.
package enum SecretMask {
    /// What a secret is shown as.
    package static let text = "••••••"

    /// The mask as it appears in a URL (percent-encoded).
    static let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "******"

    /// The URL as people read it: masked secrets shown as `••••••` rather than percent-encoded.
    package static func display(_ url: URL) -> String {
        url.absoluteString.replacingOccurrences(of: encoded, with: text)
    }

    /// `request` with every secret value (in any of the encodings `Redactor` finds) replaced in its URL,
    /// headers and text bodies.
    package static func mask(_ request: Request, secrets: [String]) -> Request {
        let secrets = secrets.filter { !$0.isEmpty }
        guard !secrets.isEmpty else { return request }
        let redactor = SecretBook.redactor(hiding: secrets)
        var masked = request
        masked.url = URL(string: redactor.redact(url: request.url)) ?? request.url
        var headers = HTTPFields()
        for field in request.headers {
            headers.append(HTTPField(name: field.name, value: redactor.redact(field.value)))
        }
        masked.headers = headers
        if case .data(let data) = request.body, let body = BodyRendering.exactText(data) {
            masked.body = .data(Data(redactor.redact(body).utf8))
        }
        if let key = request.storageKey { masked.storageKey = redactor.redact(key) }
        return masked
    }

    /// Whether a variable's name says it holds a credential.
    static func looksSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return [
            "token", "secret", "password", "passwd", "session", "cookie", "auth", "apikey", "api_key",
            "credential", "jwt", "bearer",
        ].contains { lowered.contains($0) }
    }

    /// `text` with every secret replaced by the mask.
    static func mask(_ text: String, _ secrets: [String]) -> String {
        SecretBook.redactor(hiding: secrets).redact(text)
    }

    /// A secret as written and as percent-encoding may have written it into a URL.
    static func forms(of secret: String) -> [String] {
        Redactor.forms(of: secret)
    }

    /// The `NAME`s of every `{{env:NAME}}` and `{{secret:NAME}}` in `text`.
    static func secretNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstASCIIRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstASCIIRange(of: "}}") else { break }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            for prefix in ["env:", "secret:"] where inner.hasPrefix(prefix) {
                let name = inner.dropFirst(prefix.count).trimmingWhitespace()
                if !name.isEmpty { names.append(name) }
            }
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// The strings of a spec that are templated when it is lowered.
    static func templatedStrings(of spec: SpecDefinition) -> [String] {
        var strings = [spec.path] + spec.headers.map(\.value)
        if let key = spec.storageKey { strings.append(key) }
        strings += spec.auth?.values.map(\.value) ?? []
        var values = spec.query.map(\.value)
        switch spec.body {
        case .json(let value): values.append(value)
        case .form(let pairs): strings += pairs.map(\.value)
        case .text(let text): strings.append(text)
        case .file(let path): strings.append(path)
        case .multipart(let parts): strings += parts.compactMap { $0.value ?? $0.file }
        case .graphql(let graphQL): if let variables = graphQL.variables { values.append(variables) }
        case nil: break
        }
        // Checks are templated too (`$.key: '{{secret:API_KEY}}'`): what they print is masked like the rest.
        for expectation in spec.expect {
            switch expectation {
            case .status(.template(let text)): strings.append(text)
            case .header(_, let check), .body(let check):
                switch check {
                case .equals(let text), .contains(let text), .matches(let text): strings.append(text)
                case .exists: break
                }
            case .json(_, let check):
                switch check {
                case .equals(let value), .notEquals(let value), .contains(let value): values.append(value)
                case .matches(let pattern): strings.append(pattern)
                case .exists, .type, .compare, .count: break
                }
            case .status, .durationUnder, .timing, .schema, .openAPIContract, .grpcStatus, .graphQLNoErrors: break
            }
        }
        // A gRPC spec's messages and metadata are templated too.
        values += spec.grpc?.messages ?? []
        strings += spec.grpc?.metadata.map(\.value) ?? []
        // A WebSocket spec's messages are templated too (`auth {{env:TOKEN}}`).
        for message in spec.websocket?.messages ?? [] {
            switch message {
            case .text(let text), .binary(let text): strings.append(text)
            case .json(let value): values.append(value)
            }
        }
        while let value = values.popLast() {
            switch value {
            case .string(let text): strings.append(text)
            case .array(let elements): values += elements
            case .object(let fields): values += Array(fields.values)
            default: break
            }
        }
        return strings
    }
}
