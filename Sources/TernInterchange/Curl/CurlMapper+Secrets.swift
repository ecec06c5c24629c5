import Foundation

extension CurlMapper {
    /// Whether a header, cookie or query parameter called `name` holds a credential.
    static func isCredential(_ name: String) -> Bool { CredentialName.isCredential(name) }

    /// `{{secret:NAME}}` standing for `value`, which goes to the workspace's secret store. The same
    /// value keeps one name; a name already used for another value gets a suffix. A value that is a
    /// shell variable (`$TOKEN`, read as `{{env:TOKEN}}`) stays what it is.
    mutating func secret(_ value: String, suggested: String, item: String) -> String {
        if value.hasPrefix("{{env:"), value.hasSuffix("}}"), !value.dropFirst(2).contains("{{") { return value }
        if let name = secretNames[value] { return "{{secret:\(name)}}" }
        let base = Slug.environmentName(suggested)
        let name = usedSecretNames.claim(base) { "\(base)_\($0)" }
        secretNames[value] = name
        secrets.append(ImportedSecret(name: name, value: value, item: item))
        return "{{secret:\(name)}}"
    }

    /// A header value with its credentials moved to the secret store: the scheme of an `Authorization`
    /// is kept, session-like cookies are replaced one by one, other credential headers entirely.
    mutating func secretHeader(_ name: String, _ value: String, item: String) -> String {
        let lower = name.lowercased()
        if lower == "authorization" || lower == "proxy-authorization" {
            let parts = value.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                let scheme = String(parts[0])
                let suggested = scheme.lowercased() == "bearer" ? "token" : "\(scheme) auth"
                return scheme + " " + secret(String(parts[1]), suggested: suggested, item: item)
            }
            return secret(value, suggested: name, item: item)
        }
        if lower == "cookie" {
            return value.split(separator: ";", omittingEmptySubsequences: false).map { cookie -> String in
                let text = String(cookie)
                let (cookieName, cookieValue) = CurlArguments.splitOnce(text, at: "=")
                let trimmed = cookieName.trimmingCharacters(in: .whitespaces)
                guard let cookieValue, CredentialName.isCredentialCookie(trimmed) else {
                    return text
                }
                return cookieName + "=" + secret(cookieValue, suggested: trimmed, item: item)
            }.joined(separator: ";")
        }
        if Self.isCredential(lower) {
            return secret(value, suggested: name, item: item)
        }
        return value
    }

    /// A query string with credential-like values moved to the secret store.
    mutating func secretQuery(_ query: String, item: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let (name, value) = CurlArguments.splitOnce(String(pair), at: "=")
            guard let value, !value.isEmpty, Self.isCredential(name) else { return String(pair) }
            return name + "=" + secret(value, suggested: name, item: item)
        }.joined(separator: "&")
    }
}
