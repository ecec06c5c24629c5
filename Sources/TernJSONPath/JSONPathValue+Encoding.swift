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
        // Most strings need no escape: appended whole. The others go through the bytes writer below (a
        // scalar at a time, this was a seventh of a run's instructions).
        guard text.utf8.contains(where: mustEscape) else {
            output.append("\"")
            output.append(text)
            output.append("\"")
            return
        }
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        output.append(String(decoding: bytes, as: UTF8.self))
    }

    /// Appends `text` as a JSON string literal to UTF-8 bytes (the string variant's escaper too), the runs
    /// between escaped bytes whole: for a writer that builds its JSON as bytes and makes one string at the end.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { buffer in
            var run = 0
            for index in buffer.indices where mustEscape(buffer[index]) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run..<index]))
                bytes.append(contentsOf: escape(buffer[index]).utf8)
                run = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run...]))
        }
        if copied == nil {
            for byte in text.utf8 {
                if mustEscape(byte) { bytes.append(contentsOf: escape(byte).utf8) } else { bytes.append(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether a byte may not stand raw in a JSON string: a quote, a backslash, a control character.
    private static func mustEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
    }

    /// The JSON escape of a byte that must not appear raw in a string.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "\n"): "\\n"
        case UInt8(ascii: "\r"): "\\r"
        case UInt8(ascii: "\t"): "\\t"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        default: "\\u00" + hexByte(byte)
        }
    }

    /// Two lowercase hex digits for a byte.
    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
