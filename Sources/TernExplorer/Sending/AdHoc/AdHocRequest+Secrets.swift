import Foundation
import Tern
import TernInterchange
package import TernJSONPath
package import TernWorkspace

/// The secrets a typed request carries, moved out of it before it is saved as a spec
/// (`tern get URL … --save NAME`): each becomes `{{secret:NAME}}` in the spec, and its value goes to
/// the workspace's secret store. What is a credential is what curl import says it is
/// (`CredentialName`): `Authorization` (its scheme kept), session cookies, `X-API-Key`-like headers,
/// query parameters and body fields named like `token`, `password`, `api_key`.
package struct SecretExtraction: Sendable {
    /// The secrets to keep, each with its value, in the order met.
    package private(set) var secrets: [(name: String, value: String)] = []
    private let prefix: String
    private let existing: SecretStore

    /// An extraction naming its secrets `PREFIX_LABEL` (upper case), reusing a name `existing` already
    /// keeps for the same value and never taking one it keeps for another.
    package init(prefix: String, existing: SecretStore) {
        self.prefix = prefix
        self.existing = existing
    }

    /// `{{secret:NAME}}` standing for `value`, with NAME after `label`.
    package mutating func reference(_ value: String, label: String) -> String {
        if let known = secrets.first(where: { $0.value == value }) { return "{{secret:\(known.name)}}" }
        let base = Slug.environmentName(prefix + "_" + label)
        var name = base
        var suffix = 2
        while true {
            let kept = existing.source(of: name)
            if kept == .value(value) { break }
            if kept == nil, !secrets.contains(where: { $0.name == name }) {
                secrets.append((name, value))
                break
            }
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        return "{{secret:\(name)}}"
    }

    /// A header's value with its credentials replaced: the scheme of an `Authorization` is kept,
    /// session cookies are replaced one by one, other credential headers whole.
    package mutating func header(_ name: String, _ value: String) -> String {
        guard !value.isEmpty, !value.contains("{{") else { return value }
        let lower = name.lowercased()
        if lower == "authorization" || lower == "proxy-authorization" {
            let parts = value.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].allSatisfy(\.isLetter) {
                let label = parts[0].lowercased() == "bearer" ? "token" : "\(parts[0]) credentials"
                return "\(parts[0]) " + reference(String(parts[1]), label: label)
            }
            return reference(value, label: name)
        }
        if lower == "cookie" {
            return value.split(separator: ";", omittingEmptySubsequences: false).map { cookie -> String in
                let text = String(cookie)
                guard let equals = text.firstIndex(of: "=") else { return text }
                let cookieName = text[..<equals].trimmingWhitespace()
                let cookieValue = String(text[text.index(after: equals)...])
                guard !cookieValue.isEmpty, CredentialName.isCredentialCookie(cookieName) else { return text }
                return text[...equals] + reference(cookieValue, label: cookieName)
            }.joined(separator: ";")
        }
        return CredentialName.isCredential(name) ? reference(value, label: name) : value
    }

    /// A value of a query parameter, form field or JSON member called `name`.
    package mutating func field(_ name: String, _ value: String) -> String {
        guard !value.isEmpty, !value.contains("{{"), CredentialName.isCredential(name) else { return value }
        return reference(value, label: name)
    }

    /// `url` with the values of credential query parameters in its own query replaced (as written,
    /// percent-encoding and all, so the URL sent is the same).
    package mutating func url(_ url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let end = url[mark...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: mark)..<end].split(separator: "&", omittingEmptySubsequences: false).map {
            pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = String(pair[..<equals]).removingPercentEncoding ?? String(pair[..<equals])
            return pair[...equals] + field(name, String(pair[pair.index(after: equals)...]))
        }
        return url[...mark] + query.joined(separator: "&") + url[end...]
    }

    /// A JSON document with the string members named like credentials replaced. The secret keeps the
    /// value as the JSON text spells it (escapes and all), so the body rendered is the same bytes.
    package mutating func json(_ value: JSONPathValue, name: String? = nil) -> JSONPathValue {
        switch value {
        case .object(let object):
            return .object(JSONPathObject(object.members.map { ($0.key, json($0.value, name: $0.key)) }))
        case .array(let elements):
            return .array(elements.map { json($0, name: name) })
        case .string(let text):
            guard let name, !text.isEmpty, !text.contains("{{"), CredentialName.isCredential(name) else { return value }
            let spelled = String(JSONPathValue.string(text).jsonText.dropFirst().dropLast())
            return .string(reference(spelled, label: name))
        default:
            return value
        }
    }
}

extension AdHocRequest {
    /// This request with every credential it carries replaced by `{{secret:NAME}}` (`extraction`
    /// collects the values).
    package func movingSecrets(into extraction: inout SecretExtraction) -> AdHocRequest {
        var moved = self
        moved.url = extraction.url(url)
        moved.headers = headers.map { Pair(name: $0.name, value: extraction.header($0.name, $0.value)) }
        moved.query = query.map { Pair(name: $0.name, value: extraction.field($0.name, $0.value)) }
        switch body {
        case .json(let document): moved.body = .json(extraction.json(document))
        case .form(let pairs):
            moved.body = .form(pairs.map { Pair(name: $0.name, value: extraction.field($0.name, $0.value)) })
        case .multipart(let fields, let files):
            moved.body = .multipart(
                fields: fields.map { Pair(name: $0.name, value: extraction.field($0.name, $0.value)) }, files: files)
        case .raw, nil: break
        }
        return moved
    }
}
