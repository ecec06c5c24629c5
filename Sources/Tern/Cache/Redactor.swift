public import Foundation
public import HTTPTypes

/// Replaces secrets with `••••••` wherever a request or an answer leaves Tern: the recorded request and
/// the storage key, the history, events, logs, errors, reports and exports (a stored answer is kept as
/// the server sent it, and masked when it is exported). A secret is a header whose name is sensitive
/// (`Authorization`, `Cookie`, …) or a value the request marks secret (`Request.secretValues`, e.g.
/// what `{{env:NAME}}` read).
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    public static let mask = "••••••"
    /// The mask as it appears in a URL (percent-encoded).
    public static let encodedMask = "%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2"
    /// Headers whose values are always redacted.
    public static let defaultHeaders = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Lower-cased names of the headers whose values are redacted.
    public let headerNames: Set<String>
    /// Secret values, longest first (so a secret containing another is masked whole), with the forms
    /// percent-encoding may give them in a URL.
    private let secrets: [(plain: String, forms: [String])]

    /// Makes a redactor for `secretValues` and the default sensitive headers plus `extraHeaders`.
    public init(secretValues: [String] = [], extraHeaders: [String] = []) {
        headerNames = Set((Self.defaultHeaders + extraHeaders).map { $0.lowercased() })
        secrets = Set(secretValues.filter { $0.count >= 1 }).sorted { $0.count > $1.count }
            .map { ($0, Self.forms(of: $0)) }
    }

    /// The secret values as bytes, longest first.
    var secretNeedles: [Data] { secrets.map { Data($0.plain.utf8) } }

    /// Whether there is any secret value to look for.
    public var hasSecretValues: Bool { !secrets.isEmpty }

    /// `text` with every secret value replaced by the mask.
    public func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var result = text
        for secret in secrets where result.contains(secret.plain) {
            result = result.replacingOccurrences(of: secret.plain, with: Self.mask)
        }
        return result
    }

    /// A URL's text with every secret (in any percent-encoded form) replaced by the encoded mask, and
    /// any userinfo password hidden.
    public func redact(url: URL) -> String {
        var text = url.absoluteString
        if secrets.isEmpty, !text.contains("@") { return text }
        for secret in secrets {
            for form in secret.forms where text.contains(form) {
                text = text.replacingOccurrences(of: form, with: Self.encodedMask)
            }
        }
        if let password = url.password(percentEncoded: true), !password.isEmpty, let at = text.firstIndex(of: "@") {
            let head = text[..<at]
            if let colon = head.lastIndex(of: ":"), colon > (head.range(of: "://")?.upperBound ?? head.startIndex) {
                text = String(text[...colon]) + Self.encodedMask + String(text[at...])
            }
        }
        return text
    }

    /// Whether `name`'s values are always redacted.
    public func isSensitive(_ name: HTTPField.Name) -> Bool {
        headerNames.contains(name.canonicalName)
    }

    /// `fields` with sensitive headers masked and secret values replaced in the others.
    public func redact(_ fields: HTTPFields) -> HTTPFields {
        var result = HTTPFields()
        for field in fields {
            result.append(HTTPField(name: field.name, value: isSensitive(field.name) ? Self.mask : redact(field.value)))
        }
        return result
    }

    /// `data` with secret values replaced when it is UTF-8 text, else unchanged.
    public func redact(body data: Data) -> Data {
        guard !secrets.isEmpty, let text = String(data: data, encoding: .utf8) else { return data }
        let redacted = redact(text)
        return redacted == text ? data : Data(redacted.utf8)
    }

    /// A secret as written and as percent-encoding may have written it into a URL.
    public static func forms(of secret: String) -> [String] {
        // ASCII letters and digits are never percent-encoded, by any of the sets below: one form.
        if secret.utf8.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }) {
            return [secret]
        }
        let encodings: [CharacterSet] = [.urlQueryAllowed, .urlPathAllowed, .urlHostAllowed, .alphanumerics]
        var forms = [secret]
        for allowed in encodings {
            if let form = secret.addingPercentEncoding(withAllowedCharacters: allowed), !forms.contains(form) {
                forms.append(form)
            }
        }
        return forms
    }
}

extension Redactor {
    /// What secret `response` carries, in words (`a Set-Cookie field`, `a secret value in its body`),
    /// or `nil` when it carries none this redactor knows of.
    public func secretCarried(by response: Response) -> String? {
        if response.request.answerCarriesSecrets { return "a credential its spec captures" }
        if let field = response.headers.first(where: { isSensitive($0.name) }) {
            return "a \(field.name.rawName) field"
        }
        guard hasSecretValues else { return nil }
        if response.headers.contains(where: { redact($0.value) != $0.value }) { return "a secret value in its fields" }
        if response.fileURL == nil, redact(body: response.body) != response.body { return "a secret value in its body" }
        return nil
    }
}
