import Foundation

/// Rewrites an ECMA-262 pattern (what JSON Schema's `pattern` uses) into ICU syntax where the two differ.
///
/// ECMA-262 `\d` and `\w` are ASCII only, `\s` adds U+000B and U+FEFF, `$` (without the multiline flag)
/// matches only at the very end (ICU also matches before a final line break), and `[]` / `[^]` are the empty
/// and the any-character classes.
enum ECMAScriptPattern {
    /// The ICU pattern that behaves as the ECMA-262 `pattern` does.
    static func icuPattern(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var output = ""
        var inClass = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else {
                    output += "\\"
                    continue
                }
                output += translateEscape(scalars[index], inClass: inClass)
                index += 1
            case "[" where !inClass:
                if index < scalars.count, scalars[index] == "]" {
                    output += "(?!)"
                    index += 1
                } else if index + 1 < scalars.count, scalars[index] == "^", scalars[index + 1] == "]" {
                    output += "(?s:.)"
                    index += 2
                } else {
                    inClass = true
                    output += "["
                }
            case "]" where inClass:
                inClass = false
                output += "]"
            case "$" where !inClass:
                output += "\\z"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `pattern` uses syntax ICU accepts but ECMA-262 does not (`\a`, `(?#...)`, inline flag groups).
    static func hasNonECMASyntax(_ pattern: String) -> Bool {
        pattern.contains("\\a") || pattern.contains("(?#")
            || pattern.range(of: #"\(\?[imsxwu-]+[):]"#, options: .regularExpression) != nil
    }
    private static func translateEscape(_ escaped: Unicode.Scalar, inClass: Bool) -> String {
        let members: String
        let negated: Bool
        switch escaped {
        case "d": (members, negated) = ("0-9", false)
        case "D": (members, negated) = ("0-9", true)
        case "w": (members, negated) = ("a-zA-Z0-9_", false)
        case "W": (members, negated) = ("a-zA-Z0-9_", true)
        case "s": (members, negated) = (#"\s\x{0B}\x{FEFF}"#, false)
        case "S": (members, negated) = (#"\s\x{0B}\x{FEFF}"#, true)
        default: return "\\" + String(escaped)
        }
        if negated { return "[^" + members + "]" }
        return inClass ? members : "[" + members + "]"
    }
}
