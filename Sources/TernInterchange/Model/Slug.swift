/// Names made safe for files and variables.
package enum Slug {
    /// A file name for `text`: lower-case ASCII letters, digits and `-` (`Get user by ID` → `get-user-by-id`);
    /// camelCase is split (`getUserById` → `get-user-by-id`); `fallback` when nothing is left; at most 80 characters.
    package static func file(_ text: String, fallback: String = "request") -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                    out.append("-")
                }
                out.append(Character(character.lowercased()))
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
            previous = character
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.count > 80 {
            out = String(out.prefix(80))
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out.isEmpty ? fallback : out
    }

    /// An environment variable name for `text`: upper-case ASCII letters, digits and `_` (`api-key` → `API_KEY`),
    /// never starting with a digit.
    package static func environmentName(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber {
                out.append(Character(character.uppercased()))
            } else if !out.isEmpty, out.last != "_" {
                out.append("_")
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if out.isEmpty { return "SECRET" }
        if let first = out.first, first.isNumber { out = "_" + out }
        return out
    }

    /// A template variable name for `text` (`pet-id` → `petId`-like text is kept; spaces and symbols become `_`).
    package static func variable(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber || character == "_" {
                out.append(character)
            } else if !out.isEmpty, out.last != "_" {
                out.append("_")
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out.isEmpty ? "value" : out
    }
}
