public import Foundation
public import HTTPTypes

/// Replaces secrets with `••••••` wherever a request or an answer leaves Tern: the recorded request and
/// the storage key, the history, events, logs, errors, reports and exports (a stored answer is kept as
/// the server sent it, and masked when it is exported). A secret is a header whose name is sensitive
/// (`Authorization`, `Cookie`, …) or a value the request marks secret (`Request.secretValues`, e.g.
/// what `{{env:NAME}}` read).
///
/// A secret value is found in every encoding it can take on its way out: as written; percent-encoded,
/// upper- or lower-case hex, in part or in whole, with `+` for a space; JSON-escaped (`\/`, `\"`,
/// `\\`, `\n`…, `\uXXXX`); and, for values of at least `minimumBase64Bytes` bytes, base64 (standard
/// or URL-safe, padded or not, at any of the three alignments within a longer encoded text).
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    public static let mask = "••••••"
    /// The mask as it appears in a URL (percent-encoded).
    public static let encodedMask = "%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2"
    /// Headers whose values are always redacted.
    public static let defaultHeaders = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
    /// The shortest secret value (in UTF-8 bytes) also looked for in base64: the encoding of a shorter
    /// one is too short not to turn up by chance in unrelated base64 text.
    public static let minimumBase64Bytes = SecretMatcher.minimumBase64Bytes

    /// Lower-cased names of the headers whose values are redacted.
    public let headerNames: Set<String>
    /// The secret values and their encodings, worked out once.
    private let matcher: SecretMatcher

    /// Makes a redactor for `secretValues` and the default sensitive headers plus `extraHeaders`.
    /// Hides only the sensitive fields (`Authorization`, `Cookie`, `Set-Cookie`): no secret values.
    public static let none = Redactor()

    public init(secretValues: [String] = [], extraHeaders: [String] = []) {
        headerNames = Set((Self.defaultHeaders + extraHeaders).map { $0.lowercased() })
        matcher = SecretMatcher(secrets: Set(secretValues.filter { !$0.isEmpty }).sorted { $0.count > $1.count })
    }

    /// Whether there is any secret value to look for.
    public var hasSecretValues: Bool { !matcher.isEmpty }

    /// `text` with every secret value, in any of its encodings, replaced by the mask.
    public func redact(_ text: String) -> String {
        replacing(in: text, with: Self.mask)
    }

    /// A URL's text with every secret (in any of its encodings) replaced by the encoded mask, and any
    /// userinfo password hidden.
    public func redact(url: URL) -> String {
        var text = url.absoluteString
        if matcher.isEmpty, !text.contains("@") { return text }
        text = replacing(in: text, with: Self.encodedMask)
        if let password = url.password(percentEncoded: true), !password.isEmpty, let at = text.firstIndex(of: "@") {
            let head = text[..<at]
            if let colon = head.lastIndex(of: ":"), colon > (head.range(of: "://")?.upperBound ?? head.startIndex) {
                text = String(text[...colon]) + Self.encodedMask + String(text[at...])
            }
        }
        return text
    }

    /// A URL written as text (a recorded one, say) with every secret replaced by the encoded mask.
    public func redact(urlText text: String) -> String {
        replacing(in: text, with: Self.encodedMask)
    }

    /// `text` with each range holding a secret replaced by `mask`.
    private func replacing(in text: String, with mask: String) -> String {
        guard !matcher.isEmpty, !text.isEmpty else { return text }
        var utf8 = text
        let redacted = utf8.withUTF8 { bytes -> String? in
            let ranges = matcher.ranges(in: bytes)
            guard !ranges.isEmpty else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var position = 0
            for range in ranges {
                result.append(contentsOf: bytes[position..<range.lowerBound])
                result.append(contentsOf: mask.utf8)
                position = range.upperBound
            }
            result.append(contentsOf: bytes[position...])
            return String(decoding: result, as: UTF8.self)
        }
        return redacted ?? text
    }

    /// The byte ranges of `data` that hold a secret value in any of its encodings, in order and
    /// without overlaps; at most `limit`.
    func secretRanges(in data: Data, limit: Int = .max) -> [Range<Int>] {
        guard !matcher.isEmpty else { return [] }
        return data.withUnsafeBytes { raw in matcher.ranges(in: raw.bindMemory(to: UInt8.self), limit: limit) }
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
        guard !matcher.isEmpty, let text = String(data: data, encoding: .utf8) else { return data }
        let redacted = redact(text)
        return redacted == text ? data : Data(redacted.utf8)
    }

    /// A secret as written and as the usual percent-encodings write it into a URL (for replacing it
    /// with a reference to its variable; `redact` finds every encoding).
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
