extension ShellWords {
    /// `$'…'`: ANSI-C quoting.
    mutating func ansiQuoted() throws(ImportError) {
        let start = position(at: index)
        advance()
        advance()
        while let scalar = peek() {
            if scalar == "'" {
                advance()
                return
            }
            try checkNUL(scalar)
            if scalar == "\\", let next = peek(1) {
                advance()
                try ansiEscape(next)
            } else {
                appendByte(scalar)
                advance()
            }
        }
        throw ImportError("this $' quote is never closed", at: location(start))
    }

    /// One escape after `\` in `$'…'`; `index` is at the escaped character.
    mutating func ansiEscape(_ escaped: Unicode.Scalar) throws(ImportError) {
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "a": "\u{07}", "b": "\u{08}", "e": "\u{1B}", "E": "\u{1B}", "f": "\u{0C}", "n": "\n", "r": "\r",
            "t": "\t", "v": "\u{0B}", "\\": "\\", "'": "'", "\"": "\"", "?": "?",
        ]
        if let replacement = simple[escaped] {
            appendScalar(replacement)
            advance()
            return
        }
        switch escaped {
        case "x":
            advance()
            appendCode(digits: 2, radix: 16, fallback: "\\x")
        case "u":
            advance()
            appendCode(digits: 4, radix: 16, fallback: "\\u")
        case "U":
            advance()
            appendCode(digits: 8, radix: 16, fallback: "\\U")
        case "0"..."7":
            appendCode(digits: 3, radix: 8, fallback: "\\")
        case "c":
            advance()
            if let control = peek() {
                appendScalar(Unicode.Scalar(UInt8(truncatingIfNeeded: control.value) & 0x1F))
                advance()
            }
        default:
            appendByte("\\")
            appendByte(escaped)
            advance()
        }
    }

    /// Up to `digits` digits in `radix` as one scalar (bytes above 0x7F from `\x`/octal kept as Latin-1).
    mutating func appendCode(digits: Int, radix: UInt32, fallback: String) {
        var value: UInt32 = 0
        var count = 0
        while count < digits, let scalar = peek(), let digit = Self.digit(scalar, radix: radix) {
            value = value * radix + digit
            count += 1
            advance()
        }
        guard count > 0 else {
            word.append(contentsOf: fallback.utf8)
            return
        }
        if value == 0 { return }
        appendScalar(Unicode.Scalar(value) ?? "\u{FFFD}")
    }

    static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 48
        case "a"..."f": value = scalar.value - 87
        case "A"..."F": value = scalar.value - 55
        default: return nil
        }
        return value < radix ? value : nil
    }
}
