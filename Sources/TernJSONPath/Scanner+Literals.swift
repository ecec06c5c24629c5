extension Scanner {
    /// string-literal = %x22 *double-quoted %x22 / %x27 *single-quoted %x27
    /// double-quoted  = unescaped / %x27 / ESC %x22 / ESC escapable   (single-quoted: swap %x22 and %x27)
    /// unescaped      = %x20-21 / %x23-26 / %x28-5B / %x5D-D7FF / %xE000-10FFFF
    /// escapable      = %x62 / %x66 / %x6E / %x72 / %x74 / "/" / "\" / (%x75 hexchar)
    mutating func scanStringLiteral() throws -> String {
        guard let quote = current, quote == "\"" || quote == "'" else { throw error("expected a string literal") }
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw error("unterminated string literal", at: start) }
            if scalar == quote {
                position += 1
                return String(text)
            }
            if scalar == "\\" {
                position += 1
                text.append(try scanEscape(quote: quote))
            } else if scalar.value < 0x20 {
                throw error("control character U+\(String(scalar.value, radix: 16)) must be escaped")
            } else {
                text.append(scalar)
                position += 1
            }
        }
    }

    private mutating func scanEscape(quote: Unicode.Scalar) throws -> Unicode.Scalar {
        guard let scalar = current else { throw error("unterminated escape") }
        let escapeStart = position - 1
        position += 1
        switch scalar {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/": return "/"
        case "\\": return "\\"
        case "u": return try scanHexChar(escapeStart: escapeStart)
        default:
            if scalar == quote { return quote }
            throw error("invalid escape '\\\(scalar)'", at: escapeStart)
        }
    }

    /// hexchar = non-surrogate / (high-surrogate "\" %x75 low-surrogate)
    private mutating func scanHexChar(escapeStart: Int) throws -> Unicode.Scalar {
        let high = try scanHex4()
        if (0xDC00...0xDFFF).contains(high) { throw error("unpaired low surrogate", at: escapeStart) }
        guard (0xD800...0xDBFF).contains(high) else {
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape", at: escapeStart) }
            return scalar
        }
        guard consume("\\u") else { throw error("high surrogate without a low surrogate", at: escapeStart) }
        let low = try scanHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate", at: escapeStart) }
        let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(combined) else { throw error("invalid surrogate pair", at: escapeStart) }
        return scalar
    }

    private mutating func scanHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, scalar.isASCII, let digit = hexValue(UInt8(scalar.value)) else {
                throw error("expected 4 hex digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// number = (int / "-0") [ frac ] [ exp ] ; frac = "." 1*DIGIT ; exp = "e" [ "-" / "+" ] 1*DIGIT
    mutating func scanNumberLiteral() throws -> JSONPathValue {
        let start = position
        var text = ""
        if consume("-") { text = "-" }
        guard let first = current, Scanner.isDigit(first) else { throw error("expected a number", at: start) }
        if first == "0", let next = peek(1), Scanner.isDigit(next) {
            throw error("leading zeros are not allowed", at: start)
        }
        var isInteger = true
        appendDigits(to: &text)
        if current == "." {
            isInteger = false
            text += "."
            position += 1
            guard appendDigits(to: &text) > 0 else { throw error("expected digits after '.'") }
        }
        if current == "e" || current == "E" {
            isInteger = false
            text += "e"
            position += 1
            if let sign = current, sign == "+" || sign == "-" {
                text.unicodeScalars.append(sign)
                position += 1
            }
            guard appendDigits(to: &text) > 0 else { throw error("expected digits in the exponent") }
        }
        if isInteger, let integer = Int64(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { throw error("number out of range", at: start) }
        return .double(double)
    }

    @discardableResult
    private mutating func appendDigits(to text: inout String) -> Int {
        var count = 0
        while let scalar = current, Scanner.isDigit(scalar), count < 400 {
            text.unicodeScalars.append(scalar)
            position += 1
            count += 1
        }
        return count
    }
}
