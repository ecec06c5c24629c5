import Foundation
import Tern
import TernWorkspace

/// Literal credentials in headers, query parameters and body fields (`Authorization: Bearer abc`,
/// `?api_key=abc`, a form's `password=hunter2`, a JSON body's `"token": "abc"`) moved to
/// `{{secret:NAME}}`, their values to the secret store, so no secret reaches a spec in clear.
enum Credentials {
    private static let fragments = [
        "authorization", "token", "secret", "password", "passwd", "apikey", "api-key", "api_key", "credential",
    ]

    /// Whether a header, query parameter or variable called `name` holds a credential.
    static func looksSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "key" || fragments.contains { lower.contains($0) }
    }

    /// `draft` with each literal credential replaced by a process environment reference.
    /// Session cookies, credentials left in the URL's query and in a text body (form or JSON) move too,
    /// and a value moved is taken out of the request's name (which names its file) as well.
    static func protect(_ draft: inout RequestDraft, context: ImportContext) {
        let item = draft.name
        var moved: [String] = []
        let secret: CredentialText.Secret = { value, label in
            moved.append(value)
            return context.secret(value, label: label, item: item)
        }
        for index in draft.headers.indices where looksSecret(draft.headers[index].name) {
            draft.headers[index].value = protected(
                draft.headers[index].value, name: draft.headers[index].name, item: draft.name, context: context)
        }
        for index in draft.headers.indices where draft.headers[index].name.lowercased() == "cookie" {
            draft.headers[index].value = CredentialText.cookies(draft.headers[index].value, secret: secret)
        }
        draft.url = CredentialText.url(draft.url, secret: secret)
        for row in draft.query where looksSecret(row.name) && !row.value.isEmpty && !row.value.contains("{{") {
            moved.append(row.value)
        }
        if case .text(let text) = draft.body {
            let type = draft.headers.last { $0.name.lowercased() == "content-type" }?.value
            draft.body = .text(CredentialText.body(text, contentType: type, secret: secret))
        }
        for value in moved where value.count >= 3 {
            draft.name = draft.name.replacingOccurrences(of: value, with: "…")
        }
        for index in draft.query.indices where looksSecret(draft.query[index].name) {
            draft.query[index].value = protected(
                draft.query[index].value, name: draft.query[index].name, item: draft.name, context: context)
        }
        switch draft.body {
        case .form(let pairs):
            draft.body = .form(
                pairs.map { pair in
                    guard looksSecret(pair.name) else { return pair }
                    return (pair.name, field(pair.value, name: pair.name, item: draft.name, context: context))
                })
        case .multipart(let parts):
            draft.body = .multipart(
                parts.map { part in
                    guard let value = part.value, looksSecret(part.name) else { return part }
                    var moved = part
                    moved.value = field(value, name: part.name, item: draft.name, context: context)
                    return moved
                })
        case .json(let value):
            draft.body = .json(json(value, name: nil, item: draft.name, context: context))
        default:
            break
        }
        if let messages = draft.grpc?.messages {
            let item = draft.name
            draft.grpc?.messages = messages.map { json($0, name: nil, item: item, context: context) }
        }
    }

    /// A body field's value as a secret (whole: a form value has no scheme to keep).
    private static func field(_ value: String, name: String, item: String, context: ImportContext) -> String {
        guard !value.isEmpty, !value.contains("{{") else { return value }
        return context.secret(value, label: name, item: item)
    }

    /// A JSON body with the string members named like credentials moved (rendered into a JSON string
    /// when sent, so the value is escaped as JSON then).
    private static func json(_ value: JSONValue, name: String?, item: String, context: ImportContext) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.reduce(into: [:]) { $0[$1.key] = json($1.value, name: $1.key, item: item, context: context) })
        case .array(let elements):
            return .array(elements.map { json($0, name: name, item: item, context: context) })
        case .string(let text):
            guard let name, looksSecret(name) else { return value }
            return .string(field(text, name: name, item: item, context: context))
        default:
            return value
        }
    }

    private static func protected(_ value: String, name: String, item: String, context: ImportContext) -> String {
        guard !value.isEmpty, !value.contains("{{") else { return value }
        let words = value.split(separator: " ", maxSplits: 1)
        if words.count == 2, let scheme = words.first, scheme.count <= 10, scheme.allSatisfy(\.isLetter) {
            return "\(scheme) " + context.secret(String(words[1]), label: name, item: item)
        }
        return context.secret(value, label: name, item: item)
    }
}
