/// Whether a header, cookie, query parameter or body field holds a credential, by its name: what
/// curl import and `tern get --save` move to the secret store.
package enum CredentialName {
    /// Names whose values are credentials (compared lower-cased, as substrings).
    static let words = [
        "token", "secret", "password", "passwd", "apikey", "api_key", "api-key", "auth", "session", "sessid",
        "jwt", "csrf", "xsrf", "signature", "credential", "private",
    ]

    /// Whether `name` names a credential (`Authorization`, `X-API-Key`, `password`, `api_key`, `sid`...).
    package static func isCredential(_ name: String) -> Bool {
        let lower = name.lowercased()
        if ["key", "sig", "sid", "code", "pass", "pwd", "access_key", "client_secret", "x-api-key"].contains(lower) {
            return true
        }
        return words.contains { lower.contains($0) }
    }

    /// Whether a cookie called `name` is a session or credential cookie.
    package static func isCredentialCookie(_ name: String) -> Bool {
        isCredential(name) || name.lowercased().hasSuffix("sid")
    }
}
