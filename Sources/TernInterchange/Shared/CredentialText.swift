import Foundation

/// Credentials inside written text (a `Cookie` header, a query string, a form or JSON body as the
/// source wrote it) replaced, value by value, with what `secret` gives for them (a `{{secret:NAME}}`),
/// the rest kept byte for byte, so the request sent from the spec is the one the source sent.
///
/// A value is moved as written (percent-encoding or JSON escapes and all): rendered back into the
/// same place, it gives the same bytes. What is a credential is `CredentialName`'s rule.
enum CredentialText {
    /// Gives the text standing for a credential `value` called `label`.
    typealias Secret = (_ value: String, _ label: String) -> String

    /// A `Cookie` header value with each session or credential cookie's value replaced.
    static func cookies(_ value: String, secret: Secret) -> String {
        value.split(separator: ";", omittingEmptySubsequences: false).map { cookie -> String in
            let text = String(cookie)
            guard let equals = text.firstIndex(of: "=") else { return text }
            let name = text[..<equals].trimmingCharacters(in: .whitespaces)
            let cookieValue = String(text[text.index(after: equals)...])
            guard !cookieValue.isEmpty, !cookieValue.contains("{{"), CredentialName.isCredentialCookie(name) else {
                return text
            }
            return text[...equals] + secret(cookieValue, name)
        }.joined(separator: ";")
    }

    /// `name=value&…` (a query string or a form body) with credential fields' values replaced.
    static func pairs(_ text: String, secret: Secret) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            let decodedName = name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name
            guard !value.isEmpty, !value.contains("{{"), CredentialName.isCredential(decodedName) else {
                return String(pair)
            }
            return name + "=" + secret(value, decodedName)
        }.joined(separator: "&")
    }

    /// `url` with the credentials of its query replaced (the fragment kept).
    static func url(_ url: String, secret: Secret) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let end = url[mark...].firstIndex(of: "#") ?? url.endIndex
        let query = String(url[url.index(after: mark)..<end])
        return String(url[...mark]) + pairs(query, secret: secret) + String(url[end...])
    }

    /// JSON text with the string members named like credentials replaced inside their quotes, at any
    /// depth; text that is not JSON is scanned the same way (only `"name": "value"` pairs are touched).
    static func json(_ text: String, secret: Secret) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        var pendingKey: String?
        var afterColon = false
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\"" else {
                output.append(scalar)
                if scalar == ":" {
                    afterColon = pendingKey != nil
                } else if !scalar.properties.isWhitespace {
                    pendingKey = nil
                    afterColon = false
                }
                index += 1
                continue
            }
            // A string literal: up to the closing quote not escaped.
            var end = index + 1
            while end < scalars.count, scalars[end] != "\"" {
                end += scalars[end] == "\\" ? 2 : 1
            }
            let contents = String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)]))
            if afterColon, let key = pendingKey, end < scalars.count, !contents.isEmpty, !contents.contains("{{"),
                CredentialName.isCredential(key)
            {
                output.append("\"")
                output.append(contentsOf: secret(contents, key).unicodeScalars)
                output.append("\"")
                pendingKey = nil
                afterColon = false
            } else {
                output.append(contentsOf: scalars[index..<min(end + 1, scalars.count)])
                // A string is a key when a colon follows it; a value string ends the pair.
                pendingKey = afterColon ? nil : contents
                afterColon = false
            }
            index = end + 1
        }
        return String(output)
    }

    /// A text body with its credentials replaced: JSON when `contentType` says so or it starts like JSON,
    /// a form when it says so or looks like `name=value&…`; anything else is kept.
    static func body(_ text: String, contentType: String?, secret: Secret) -> String {
        let type = contentType?.lowercased() ?? ""
        let start = text.first { !$0.isWhitespace }
        if type.contains("json") || (type.isEmpty && (start == "{" || start == "[")) {
            return json(text, secret: secret)
        }
        if type.contains("x-www-form-urlencoded")
            || (type.isEmpty && !text.contains(where: \.isWhitespace) && text.contains("="))
        {
            return pairs(text, secret: secret)
        }
        return text
    }
}
