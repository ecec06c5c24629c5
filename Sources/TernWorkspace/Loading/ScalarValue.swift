import Tern
import Yams

/// Types YAML scalars by the YAML 1.2 core schema, without regular expressions.
///
/// Workspaces are composed with `Resolver.basic` (no regex tag resolution, which is slow on
/// Linux), so typing happens here: quoted scalars and `!!str` are strings; plain scalars are
/// `null` (`~`, `null`, empty), booleans (`true`/`false`), integers, finite floats, or strings.
enum ScalarValue {
    /// The JSON value a scalar stands for.
    static func json(_ scalar: Node.Scalar) -> JSONValue {
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        let value = plain(scalar.string)
        if case .string = value { return value }
        return scalar.tag.rawValue == Tag.Name.str.rawValue ? .string(scalar.string) : value
    }

    /// Whether a scalar is a plain `null` (`~`, `null`, or nothing at all).
    static func isNull(_ scalar: Node.Scalar) -> Bool {
        if case .null = json(scalar) { return true }
        return false
    }

    /// The value of a plain (unquoted) scalar's text.
    static func plain(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        guard let first = text.utf8.first, isNumberStart(first) else { return .string(text) }
        if let value = integer(text) { return .int(value) }
        if isDecimalFloat(text), let value = Double(text), value.isFinite { return .double(value) }
        return .string(text)
    }

    /// Whether `text` must be quoted to read back as the same string (it would type as
    /// something else, here or under YAML 1.1's `yes`/`no`/`on`/`off`).
    static func needsQuotes(_ text: String) -> Bool {
        if case .string = plain(text) {
            switch text.lowercased() {
            case "yes", "no", "on", "off", "y", "n", ".inf", "-.inf", "+.inf", ".nan", "<<", "=": return true
            default:
                // Dates, versions and the like read as other types in some YAML tools: quote them.
                return text.utf8.first.map(isNumberStart) ?? true || text.hasPrefix(" ") || text.hasSuffix(" ")
            }
        }
        return true
    }

    private static func isNumberStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
    private static func isDecimalFloat(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
