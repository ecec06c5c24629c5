public import Foundation

/// One `Set-Cookie` field parsed by the lenient algorithm of RFC 6265 section 5.2: the name, the value
/// and the attributes a server gave, before the storage rules of section 5.3 apply.
public struct SetCookie: Sendable, Hashable {
    /// The longest `Set-Cookie` field considered; longer ones are ignored whole.
    public static let maximumFieldLength = 8192

    /// The cookie's name.
    public var name: String
    /// The cookie's value.
    public var value: String
    /// When the cookie expires: from `Max-Age` if given (it beats `Expires`), else from `Expires`.
    public var expires: Date?
    /// The `Domain` attribute, lower-cased, leading dot removed.
    public var domain: String?
    /// The `Path` attribute, when it was given and starts with `/`.
    public var path: String?
    /// Whether `Secure` was given.
    public var secure = false
    /// Whether `HttpOnly` was given.
    public var httpOnly = false
    /// The `SameSite` attribute, when it named `Strict`, `Lax` or `None`.
    public var sameSite: Cookie.SameSite?

    /// Parses `field` (the value of one `Set-Cookie` header) received at `now`; `nil` when the
    /// field is to be ignored (no `=` in the name-value pair, an empty name, or longer than the limit).
    public init?(_ field: String, at now: Date) {
        guard field.utf8.count <= Self.maximumFieldLength else { return nil }
        var parts = field.split(separator: ";", omittingEmptySubsequences: false)[...]
        guard let pair = parts.popFirst(), let equals = pair.firstIndex(of: "=") else { return nil }
        name = Self.trimmed(pair[..<equals])
        value = Self.trimmed(pair[pair.index(after: equals)...])
        guard !name.isEmpty, !Self.hasControl(name), !Self.hasControl(value) else { return nil }
        var maxAge: Date?
        var expiresAttribute: Date?
        for attribute in parts {
            let (key, rawValue) = Self.split(attribute)
            switch key.lowercased() {
            case "expires":
                if let date = CookieDate.parse(rawValue) { expiresAttribute = date }
            case "max-age":
                if let seconds = Self.deltaSeconds(rawValue) { maxAge = Self.expiry(after: seconds, from: now) }
            case "domain":
                guard !rawValue.isEmpty else { continue }
                let stripped = rawValue.hasPrefix(".") ? String(rawValue.dropFirst()) : rawValue
                domain = stripped.lowercased()
            case "path":
                path = rawValue.hasPrefix("/") ? rawValue : nil
            case "secure": secure = true
            case "httponly": httpOnly = true
            case "samesite": sameSite = Self.sameSite(rawValue)
            default: continue
            }
        }
        expires = maxAge ?? expiresAttribute
    }

    /// The attribute's name and value, each trimmed of spaces and tabs.
    private static func split(_ attribute: Substring) -> (String, String) {
        guard let equals = attribute.firstIndex(of: "=") else { return (trimmed(attribute), "") }
        return (trimmed(attribute[..<equals]), trimmed(attribute[attribute.index(after: equals)...]))
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }
    }

    /// `Max-Age`'s value: an optional `-` then digits, saturating far beyond any real lifetime.
    private static func deltaSeconds(_ text: String) -> Int64? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        if negative { return -1 }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 12, let seconds = Int64(significant.isEmpty ? "0" : significant) else {
            return 999_999_999_999
        }
        return seconds
    }

    private static func expiry(after seconds: Int64, from now: Date) -> Date {
        guard seconds > 0 else { return .distantPast }
        return now.addingTimeInterval(TimeInterval(seconds))
    }

    private static func sameSite(_ text: String) -> Cookie.SameSite? {
        switch text.lowercased() {
        case "strict": Cookie.SameSite.strict
        case "lax": Cookie.SameSite.lax
        case "none": Cookie.SameSite.none
        default: nil
        }
    }
}
