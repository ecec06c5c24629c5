/// A JSON value as read: numbers keep their exact text (so `18446744073709551615` and `1e400` reach
/// the field's type intact), objects keep their keys in order.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// A short description for error messages: `a string`, `12`, `an object`.
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text.count > 24 ? "a number" : text
        case .string(let text): text.count > 24 ? "a string" : "\"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Reads a stream of JSON documents, as `tern grpc -d` and `grpcurl -d` take them: `{"a":1} {"a":2}`,
/// one per line or simply one after the other. Comments (`//`, `/* */`) and trailing commas are
/// allowed. Each document's bytes are returned as given; errors name the document and line:column.
public func jsonDocuments(_ text: some Collection<UInt8>, limits: ProtobufLimits = .init()) throws(ProtobufError)
    -> [[UInt8]]
{
    guard text.count <= limits.maximumBytes else {
        throw ProtobufError("the JSON is \(text.count) bytes, over the limit of \(limits.maximumBytes)")
    }
    var reader = JSONReader(bytes: Array(text), maximumDepth: limits.maximumDepth)
    var documents: [[UInt8]] = []
    while true {
        do throws(ProtobufError) {
            try reader.skipSpace()
        } catch {
            throw ProtobufError("document \(documents.count + 1), \(error.message)")
        }
        guard reader.position < reader.bytes.count else { break }
        let start = reader.position
        do throws(ProtobufError) {
            _ = try reader.value(depth: 0)
        } catch {
            throw ProtobufError("document \(documents.count + 1), \(error.message)")
        }
        documents.append(Array(reader.bytes[start..<reader.position]))
    }
    return documents
}

struct JSONReader {
    let bytes: [UInt8]
    let maximumDepth: Int
    var position = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads exactly one JSON document (whitespace and comments around it are fine).
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(ProtobufError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        try reader.skipSpace()
        guard reader.position < bytes.count else { throw ProtobufError("the JSON is empty") }
        let value = try reader.value(depth: 0)
        try reader.skipSpace()
        guard reader.position >= bytes.count else {
            throw reader.failure("unexpected text after the JSON value")
        }
        return value
    }

    /// `line L:C: message`, 1-based.
    func failure(_ message: String, at offset: Int? = nil) -> ProtobufError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return ProtobufError("line \(line):\(column): \(message)")
    }

    mutating func skipSpace() throws(ProtobufError) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                let start = position
                position += 2
                while true {
                    guard position + 1 < bytes.count else { throw failure("a /* comment is not closed", at: start) }
                    if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        break
                    }
                    position += 1
                }
            default:
                return
            }
        }
    }

    mutating func value(depth: Int) throws(ProtobufError) -> JSONValue {
        guard position < bytes.count else { throw failure("the JSON ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else { throw failure("JSON nests deeper than \(maximumDepth) levels") }
            return try object(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < maximumDepth else { throw failure("JSON nests deeper than \(maximumDepth) levels") }
            return try array(depth: depth + 1)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            throw failure("expected a JSON value, found \(describeHere())")
        }
    }

    private func describeHere() -> String {
        guard position < bytes.count else { return "the end" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "the byte 0x\(String(byte, radix: 16))"
    }

    private mutating func literal(_ word: String) throws(ProtobufError) {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected
        else { throw failure("expected a JSON value, found \(describeHere())") }
        position += expected.count
        if position < bytes.count, Self.isWordByte(bytes[position]) {
            throw failure("unexpected text after \(word)")
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private mutating func object(depth: Int) throws(ProtobufError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []
        while true {
            try skipSpace()
            guard position < bytes.count else { throw failure("the JSON ends inside an object") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a quoted key or '}', found \(describeHere())")
            }
            let keyStart = position
            let key = try string()
            guard seen.insert(key).inserted else { throw failure("the key \"\(key)\" appears twice", at: keyStart) }
            try skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \"\(key)\", found \(describeHere())")
            }
            position += 1
            try skipSpace()
            members.append((key: key, value: try value(depth: depth)))
            try skipSpace()
            guard position < bytes.count else { throw failure("the JSON ends inside an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "}") {
                throw failure("expected ',' or '}' in an object, found \(describeHere())")
            }
        }
    }

    private mutating func array(depth: Int) throws(ProtobufError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        while true {
            try skipSpace()
            guard position < bytes.count else { throw failure("the JSON ends inside an array") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            elements.append(try value(depth: depth))
            try skipSpace()
            guard position < bytes.count else { throw failure("the JSON ends inside an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "]") {
                throw failure("expected ',' or ']' in an array, found \(describeHere())")
            }
        }
    }

    private mutating func number() throws(ProtobufError) -> String {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let leadingZero = position < bytes.count && bytes[position] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("a number needs digits", at: start) }
        if leadingZero && integerDigits > 1 { throw failure("a number cannot start with 0", at: start) }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("a number needs digits after '.'", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent", at: start) }
        }
        if position < bytes.count, Self.isWordByte(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
            throw failure("malformed number", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func hex4() throws(ProtobufError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    mutating func string() throws(ProtobufError) -> String {
        let start = position
        position += 1
        // The common case: no escape before the closing quote, no control character.
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[position..<end], as: UTF8.self) else {
                throw failure("a string is not valid UTF-8", at: start)
            }
            position = end + 1
            return text
        }
        var out: [UInt8] = []
        var runStart = position
        while true {
            guard position < bytes.count else { throw failure("a string is not closed", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                out += bytes[runStart..<position]
                position += 1
                break
            }
            if byte < 0x20 { throw failure("a string holds a raw control character; escape it") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            out += bytes[runStart..<position]
            position += 1
            guard position < bytes.count else { throw failure("a string is not closed", at: start) }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else { throw failure("a \\u escape holds half of a surrogate pair") }
                    position += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw failure("a \\u escape holds half of a surrogate pair")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw failure("a \\u escape holds half of a surrogate pair")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape") }
                out += Array(String(Character(unicode)).utf8)
            default:
                throw failure("an invalid escape \\\(Character(Unicode.Scalar(escape)))")
            }
            runStart = position
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw failure("a string is not valid UTF-8", at: start)
        }
        return text
    }
}
