/// The one scanner of JSON bytes in Tern: it splits bytes into tokens, so the validator, the
/// formatter, the import pre-checks and the OpenAPI skimmer each read tokens instead of keeping
/// their own string-and-escape loops. Linear, allocation-free, and iterative (containers are the
/// caller's business, so nesting cannot overflow the call stack).
///
/// `strict` tokens follow RFC 8259 (string escapes and control bytes, number and literal syntax);
/// lenient ones only find where strings end, and hand any other run of bytes over as a `.scalar`,
/// for pre-checks that leave syntax errors to the parser that follows.
package struct JSONTokenizer {
    /// One token and where it lies in the bytes.
    package enum Token: Equatable, Sendable {
        case beginObject, endObject, beginArray, endArray, comma, colon
        /// A string, quotes included.
        case string(Range<Int>)
        /// A number, `true`, `false` or `null` (lenient: any other run of bytes).
        case scalar(Range<Int>)
    }

    /// Where the bytes stop being tokens.
    package enum Failure: Error, Equatable, Sendable {
        /// A byte that cannot be here (strict: a bad escape, a control byte in a string, a malformed number).
        case unexpectedByte(at: Int)
        /// A string that starts at `from` and never ends.
        case unterminatedString(from: Int)
    }

    /// The bytes being read.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Whether tokens are checked against RFC 8259.
    package let strict: Bool
    /// Where the next token starts (after `next()`, where the last one ended).
    package private(set) var offset = 0
    /// Where the last token returned starts.
    package private(set) var tokenStart = 0

    /// A tokenizer over `bytes`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, strict: Bool = true) {
        self.bytes = bytes
        self.strict = strict
    }

    /// The next token, or `nil` at the end of the bytes.
    package mutating func next() throws(Failure) -> Token? {
        skipWhitespace()
        guard offset < bytes.count else { return nil }
        tokenStart = offset
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "{"): return single(.beginObject)
        case UInt8(ascii: "}"): return single(.endObject)
        case UInt8(ascii: "["): return single(.beginArray)
        case UInt8(ascii: "]"): return single(.endArray)
        case UInt8(ascii: ","): return single(.comma)
        case UInt8(ascii: ":"): return single(.colon)
        case UInt8(ascii: "\""):
            try string()
            return .string(tokenStart..<offset)
        default:
            if strict {
                try strictScalar(byte)
            } else {
                while offset < bytes.count, !Self.ends(bytes[offset]) { offset += 1 }
            }
            return .scalar(tokenStart..<offset)
        }
    }

    /// Whether `byte` is JSON white space.
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The 1-based line and column of byte `offset` in `bytes`, columns counting characters (UTF-8
    /// lead bytes), as people count them.
    package static func lineAndColumn(of offset: Int, in bytes: some Sequence<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private mutating func single(_ token: Token) -> Token {
        offset += 1
        return token
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
    }

    /// Whether `byte` ends a lenient scalar: white space, a structural byte or a quote.
    private static func ends(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
            true
        default: false
        }
    }

    /// Moves past a string that starts at `offset`.
    private mutating func string() throws(Failure) {
        let start = offset
        offset += 1
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return
            }
            if strict, byte < 0x20 { throw .unexpectedByte(at: offset) }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                guard offset < bytes.count else { break }
                if strict { try escape() }
            }
            offset += 1
        }
        throw .unterminatedString(from: start)
    }

    /// Checks the escape whose letter is at `offset`, leaving `offset` on its last byte.
    private mutating func escape() throws(Failure) {
        switch bytes[offset] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            for _ in 0..<4 {
                offset += 1
                guard offset < bytes.count, Self.isHex(bytes[offset]) else { throw .unexpectedByte(at: offset) }
            }
        default:
            throw .unexpectedByte(at: offset)
        }
    }

    /// Moves past a number or a literal that starts with `first`.
    private mutating func strictScalar(_ first: UInt8) throws(Failure) {
        switch first {
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw .unexpectedByte(at: offset) }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for index in 0..<count where bytes[offset + index] != expected[index] { throw .unexpectedByte(at: offset) }
        offset += count
    }

    private mutating func number() throws(Failure) {
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        try digits(leadingZeroAlone: true)
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            try digits(leadingZeroAlone: false)
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            try digits(leadingZeroAlone: false)
        }
    }

    /// One or more digits; with `leadingZeroAlone`, a leading `0` is the whole run (`01` is `0`, then `1`).
    private mutating func digits(leadingZeroAlone: Bool) throws(Failure) {
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw .unexpectedByte(at: offset) }
        if leadingZeroAlone, bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            return
        }
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
