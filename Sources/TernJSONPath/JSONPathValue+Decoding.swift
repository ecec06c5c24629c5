public import Foundation

extension JSONPathValue {
    /// The default nesting limit of the decoder.
    public static let defaultMaxDepth = 512

    /// Decodes RFC 8259 JSON text, keeping integers exact and object member order.
    ///
    /// Throws `JSONPathError` (kind `.invalidJSON`, with the byte offset) for malformed input, invalid UTF-8,
    /// or nesting deeper than `maxDepth`. A number beyond `Double`'s range (`1e400`) is `.double(±infinity)`.
    public init(decoding data: Data, maxDepth: Int = JSONPathValue.defaultMaxDepth) throws {
        var decoder = JSONDecoderState(bytes: [UInt8](data), maxDepth: maxDepth)
        self = try decoder.decodeDocument()
    }

    /// Decodes JSON text given as a string (see `init(decoding:maxDepth:)`).
    public init(decoding text: String, maxDepth: Int = JSONPathValue.defaultMaxDepth) throws {
        try self.init(decoding: Data(text.utf8), maxDepth: maxDepth)
    }
}

/// A recursive-descent JSON parser over bytes with a depth cap.
struct JSONDecoderState {
    let bytes: [UInt8]
    let maxDepth: Int
    var position = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func decodeDocument() throws -> JSONPathValue {
        skipWhitespace()
        let value = try decodeValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> JSONPathError {
        JSONPathError(kind: .invalidJSON, message: "invalid JSON: \(message)", offset: position)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSONPathValue) throws -> JSONPathValue {
        for byte in literal.utf8 {
            guard current == byte else { throw failure("expected '\(literal)'") }
            position += 1
        }
        return value
    }

    private mutating func decodeValue(depth: Int) throws -> JSONPathValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try decodeObject(depth: depth + 1)
        case UInt8(ascii: "["): return try decodeArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try decodeString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try decodeNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func decodeArray(depth: Int) throws -> JSONPathValue {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        position += 1
        var elements: [JSONPathValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try decodeValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in array")
            }
        }
    }

    private mutating func decodeObject(depth: Int) throws -> JSONPathValue {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        position += 1
        var object = JSONPathObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name string") }
            let key = try decodeString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after member name") }
            position += 1
            skipWhitespace()
            object[key] = try decodeValue(depth: depth)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(object)
            default: throw failure("expected ',' or '}' in object")
            }
        }
    }

    private mutating func decodeNumber() throws -> JSONPathValue {
        let start = position
        var isInteger = true
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard skipDigits() > 0 else { throw failure("expected digits in number") }
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw failure("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw failure("expected digits in exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .int(integer) }
        // Valid JSON whatever its size (RFC 8259 §6): beyond Double's range (`1e400`) it is ±infinity,
        // which compares above (below) every other number.
        guard let double = Double(text) else {
            position = start
            throw failure("number out of range")
        }
        return .double(double)
    }

    private mutating func skipDigits() -> Int {
        var count = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            position += 1
            count += 1
        }
        return count
    }

    private mutating func decodeString() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                try appendRun(from: runStart, to: &scalars)
                position += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                scalars.append(try decodeEscape())
                runStart = position
            } else if byte < 0x20 {
                throw failure("control character in string")
            } else {
                position += 1
            }
        }
    }

    private func appendRun(from start: Int, to scalars: inout String.UnicodeScalarView) throws {
        guard start < position else { return }
        guard let run = String(validating: bytes[start..<position], as: UTF8.self) else {
            throw JSONPathError(kind: .invalidJSON, message: "invalid JSON: invalid UTF-8 in string", offset: start)
        }
        scalars.append(contentsOf: run.unicodeScalars)
    }

    private mutating func decodeEscape() throws -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try decodeHex4()
            if (0xDC00...0xDFFF).contains(high) { throw failure("unpaired low surrogate") }
            if (0xD800...0xDBFF).contains(high) {
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired high surrogate") }
                position += 2
                let low = try decodeHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("invalid low surrogate") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(combined) else { throw failure("invalid surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("invalid \\u escape") }
            return scalar
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func decodeHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else { throw failure("expected 4 hex digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}

/// The value of an ASCII hex digit, or nil.
func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
}
