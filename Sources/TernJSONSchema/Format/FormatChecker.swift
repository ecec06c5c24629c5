import TernJSONPath

/// Checks string values against the `format` names JSON Schema defines; other values and unknown formats pass.
enum FormatChecker {
    /// Whether `value` satisfies `format`.
    static func isValid(_ value: JSONPathValue, format: String) -> Bool {
        guard case .string(let text) = value else { return true }
        switch format {
        case "date-time": return DateTimeFormat.isDateTime(text)
        case "date": return DateTimeFormat.isDate(Array(text.utf8))
        case "time": return DateTimeFormat.isTime(Array(text.utf8))
        case "duration": return DateTimeFormat.isDuration(text)
        case "email": return NetworkFormat.isEmail(text, international: false)
        case "idn-email": return NetworkFormat.isEmail(text, international: true)
        case "hostname": return NetworkFormat.isHostname(text, international: false)
        case "idn-hostname": return NetworkFormat.isHostname(text, international: true)
        case "ipv4": return NetworkFormat.isIPv4(text)
        case "ipv6": return NetworkFormat.isIPv6(text)
        case "uri": return URIFormat.isValid(text, requireScheme: true, international: false)
        case "uri-reference": return URIFormat.isValid(text, requireScheme: false, international: false)
        case "iri": return URIFormat.isValid(text, requireScheme: true, international: true)
        case "iri-reference": return URIFormat.isValid(text, requireScheme: false, international: true)
        case "uri-template": return URIFormat.isTemplate(text)
        case "uuid": return isUUID(text)
        case "json-pointer": return isJSONPointer(Substring(text))
        case "relative-json-pointer": return isRelativeJSONPointer(text)
        case "regex":
            return !ECMAScriptPattern.hasNonECMASyntax(text) && BoundedRegex(ECMAScriptPattern.icuPattern(text)) != nil
        default: return true
        }
    }

    /// Whether `text` is an RFC 4122 UUID (`8-4-4-4-12` hex digits).
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHexDigit(byte) {
                return false
            }
        }
        return true
    }

    /// Whether `text` is an RFC 6901 JSON pointer (each `~` followed by `0` or `1`).
    static func isJSONPointer(_ text: Substring) -> Bool {
        guard text.isEmpty || text.hasPrefix("/") else { return false }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "~" {
            guard index + 1 < scalars.count, scalars[index + 1] == "0" || scalars[index + 1] == "1" else {
                return false
            }
        }
        return true
    }

    /// Whether `text` is a relative JSON pointer: a non-negative integer then `#` or a JSON pointer.
    static func isRelativeJSONPointer(_ text: String) -> Bool {
        let digits = text.prefix { ("0"..."9").contains($0) && $0.isASCII }
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = text.dropFirst(digits.count)
        return rest == "#" || isJSONPointer(rest)
    }

    /// Whether `byte` is an ASCII hex digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Whether `byte` is an ASCII decimal digit.
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
