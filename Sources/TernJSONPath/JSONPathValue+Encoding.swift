extension JSONPathValue {
    /// Compact JSON text for this value (no whitespace; ±infinity, from a number beyond `Double`'s range,
    /// as `±1e999`).
    ///
    /// Works iteratively, so arbitrarily deep values cannot overflow the stack.
    public var jsonText: String {
        var output = ""
        var stack: [Frame] = [.value(self)]
        while let frame = stack.popLast() {
            switch frame {
            case .text(let text):
                output += text
            case .value(let value):
                Self.append(value, to: &output, stack: &stack)
            }
        }
        return output
    }

    private enum Frame {
        case value(JSONPathValue)
        case text(String)
    }

    private static func append(_ value: JSONPathValue, to output: inout String, stack: inout [Frame]) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number):
            // A number beyond Double's range was one in the JSON it came from: it stays a number that big.
            output += number.isFinite ? "\(number)" : number.isNaN ? "null" : number > 0 ? "1e999" : "-1e999"
        case .string(let text): appendQuoted(text, to: &output)
        case .array(let elements):
            output += "["
            stack.append(.text("]"))
            for (position, element) in elements.enumerated().reversed() {
                stack.append(.value(element))
                if position > 0 { stack.append(.text(",")) }
            }
        case .object(let object):
            output += "{"
            stack.append(.text("}"))
            for (position, member) in object.members.enumerated().reversed() {
                stack.append(.value(member.value))
                var key = ""
                appendQuoted(member.key, to: &key)
                stack.append(.text(key + ":"))
                if position > 0 { stack.append(.text(",")) }
            }
        }
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    package static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    output += "\\u00" + hexByte(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// Two lowercase hex digits for a byte.
    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
