/// The credentials a HAR recording holds in clear, moved to `{{secret:NAME}}` (their values to the
/// workspace's secret store): one name per header, cookie or field name and value (`AUTHORIZATION`,
/// `SESSIONID`, `PASSWORD`), a second value of the same name getting `NAME_2`.
struct HARCredentials {
    private var names: [String: String] = [:]
    private var taken: [String: Int] = [:]
    /// The values moved to placeholders, in the order first met.
    private(set) var values: [String] = []
    /// The secrets named, with their values and the first request that uses each.
    private(set) var secrets: [ImportedSecret] = []

    /// `{{secret:NAME}}` for `value` found under `hint` in `item`.
    mutating func placeholder(for value: String, hint: String, item: String) -> String {
        let base = Slug.environmentName(hint)
        let key = base + "\u{0}" + value
        if let name = names[key] {
            return "{{secret:\(name)}}"
        }
        if !values.contains(value) { values.append(value) }
        let count = (taken[base] ?? 0) + 1
        taken[base] = count
        let name = count == 1 ? base : "\(base)_\(count)"
        names[key] = name
        secrets.append(ImportedSecret(name: name, value: value, item: item))
        return "{{secret:\(name)}}"
    }

    /// Whether a header carries a credential (`Authorization`, `X-API-Key`, `X-Auth-Token`, ...).
    /// `Cookie` is handled cookie by cookie.
    static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "authorization" || lower == "proxy-authorization" { return true }
        let squeezed = lower.filter { $0.isLetter || $0.isNumber }
        let markers = ["apikey", "token", "secret", "password", "session", "credential", "signature"]
        return markers.contains { squeezed.contains($0) } || squeezed.hasPrefix("xauth")
    }

    /// Whether a cookie holds a session or a token (`JSESSIONID`, `sid`, `auth_token`, `__Host-…`).
    static func isSecretCookie(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower.hasPrefix("__host-") || lower.hasPrefix("__secure-") { return true }
        let squeezed = lower.filter { $0.isLetter || $0.isNumber }
        if ["sid", "id", "ssid", "hsid", "apisid", "sapisid"].contains(squeezed) { return true }
        let markers = ["sess", "token", "auth", "jwt", "login", "remember", "csrf", "xsrf", "secret", "key", "pass"]
        return markers.contains { squeezed.contains($0) }
    }

    /// Whether a form field, query parameter or JSON key holds a credential (`password`, `api_key`,
    /// `access_token`, `client_secret`), but not `author` or `keyword`.
    static func isSecretField(_ name: String) -> Bool {
        let squeezed = name.lowercased().filter { $0.isLetter || $0.isNumber }
        if ["key", "pass", "pwd", "sig", "auth", "otp"].contains(squeezed) { return true }
        let markers = [
            "password", "passwd", "secret", "token", "apikey", "accesskey", "privatekey", "credential", "session",
            "authorization", "authcode", "signature",
        ]
        return markers.contains { squeezed.contains($0) }
    }
}
