/// A cursor over the Unicode scalars of a query, with the RFC 9535 lexical rules.
struct Scanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var isAtEnd: Bool { position >= scalars.count }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    /// Consumes `text` if it comes next.
    mutating func consume(_ text: String) -> Bool {
        var index = position
        for scalar in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// Whether `text` comes next (without consuming it).
    func looksAt(_ text: String) -> Bool {
        var copy = self
        return copy.consume(text)
    }

    /// B = %x20 / %x09 / %x0A / %x0D ; S = *B. Returns whether any blank was skipped.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = position
        while let scalar = current, Scanner.isBlank(scalar) { position += 1 }
        return position > start
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// name-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        isAlpha(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    /// name-char = name-first / DIGIT
    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool { isNameFirst(scalar) || isDigit(scalar) }

    /// function-name-first = LCALPHA ; function-name-char = function-name-first / "_" / DIGIT
    static func isFunctionNameChar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || scalar == "_" || isDigit(scalar)
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONPathError {
        JSONPathError(kind: .syntax, message: message, offset: offset ?? position)
    }

    /// member-name-shorthand = name-first *name-char
    mutating func scanMemberName() throws -> String {
        guard let first = current, Scanner.isNameFirst(first) else { throw error("expected a member name") }
        var name = String.UnicodeScalarView()
        while let scalar = current, Scanner.isNameChar(scalar) {
            name.append(scalar)
            position += 1
        }
        return String(name)
    }

    /// int = "0" / (["-"] DIGIT1 *DIGIT), within the I-JSON range [-(2^53)+1, (2^53)-1].
    mutating func scanInteger() throws -> Int {
        let start = position
        var text = ""
        if consume("-") { text = "-" }
        guard let first = current, Scanner.isDigit(first) else { throw error("expected an integer", at: start) }
        if first == "0" {
            position += 1
            if text == "-" { throw error("'-0' is not a valid integer", at: start) }
            if let next = current, Scanner.isDigit(next) { throw error("leading zeros are not allowed", at: start) }
            return 0
        }
        while let scalar = current, Scanner.isDigit(scalar), text.count < 20 {
            text.unicodeScalars.append(scalar)
            position += 1
        }
        let limit = 9_007_199_254_740_991
        guard let value = Int(text), value >= -limit, value <= limit else {
            throw error("integer outside the range ±(2^53-1)", at: start)
        }
        return value
    }

    /// Whether the next scalars start an int (an optional "-" and a digit).
    var looksAtInteger: Bool {
        guard let scalar = current else { return false }
        if Scanner.isDigit(scalar) { return true }
        if scalar == "-", let next = peek(1) { return Scanner.isDigit(next) }
        return false
    }
}
