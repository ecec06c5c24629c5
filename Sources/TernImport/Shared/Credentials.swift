/// Literal credentials in headers and query parameters (`Authorization: Bearer abc`,
/// `?api_key=abc`) moved to `{{env:NAME}}` so no secret reaches a spec in clear.
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
    static func protect(_ draft: inout RequestDraft, context: ImportContext) {
        for index in draft.headers.indices where looksSecret(draft.headers[index].name) {
            draft.headers[index].value = protected(
                draft.headers[index].value, name: draft.headers[index].name, item: draft.name, context: context)
        }
        for index in draft.query.indices where looksSecret(draft.query[index].name) {
            draft.query[index].value = protected(
                draft.query[index].value, name: draft.query[index].name, item: draft.name, context: context)
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
