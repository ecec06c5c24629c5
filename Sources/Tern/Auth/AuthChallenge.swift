/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): a scheme and its parameters.
///
/// `parse` reads every challenge of every header field, quoted strings and escapes included,
/// parameter names case-insensitively; it never fails, and malformed parts are skipped.
public struct AuthChallenge: Sendable, Hashable {
    /// The scheme, lower-cased (`digest`, `basic`, `bearer`).
    public var scheme: String
    /// The parameters, names lower-cased; a repeated name keeps its first value.
    public var parameters: [String: String]
    /// The token68 form's value (`Negotiate abc==`), if the challenge used it.
    public var token68: String?

    /// Makes a challenge.
    public init(scheme: String, parameters: [String: String] = [:], token68: String? = nil) {
        self.scheme = scheme.lowercased()
        self.parameters = parameters
        self.token68 = token68
    }

    /// The value of parameter `name` (any case).
    public subscript(name: String) -> String? {
        parameters[name.lowercased()]
    }

    /// The longest header value read; longer ones are cut there (a hostile server cannot make parsing costly).
    public static let maxFieldLength = 16 * 1024
    /// The most challenges and parameters kept per field.
    public static let maxItems = 64

    /// Every challenge in `fields` (the values of each `WWW-Authenticate` field), in order.
    public static func parse(_ fields: [String]) -> [AuthChallenge] {
        var challenges: [AuthChallenge] = []
        for field in fields.prefix(maxItems) {
            var reader = ChallengeReader(Array(field.utf8.prefix(maxFieldLength)))
            challenges.append(contentsOf: reader.challenges())
        }
        return challenges
    }
}

/// A cursor over one header value's bytes; every step consumes at least one byte, so it always ends.
private struct ChallengeReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func challenges() -> [AuthChallenge] {
        var result: [AuthChallenge] = []
        var current: AuthChallenge?
        var items = 0
        while index < bytes.count, items < AuthChallenge.maxItems * 4 {
            items += 1
            skip { $0 == .space || $0 == .tab || $0 == .comma }
            guard index < bytes.count else { break }
            let start = index
            let name = token()
            guard !name.isEmpty else {
                index = start + 1  // not a token: skip the byte
                continue
            }
            let afterName = index
            skip { $0 == .space || $0 == .tab }
            if index < bytes.count, bytes[index] == .equals, var challenge = current {
                index += 1
                skip { $0 == .space || $0 == .tab }
                let value = index < bytes.count && bytes[index] == .quote ? quoted() : token()
                let key = name.lowercased()
                if challenge.parameters[key] == nil, challenge.parameters.count < AuthChallenge.maxItems {
                    challenge.parameters[key] = value
                }
                current = challenge
                continue
            }
            // A scheme starts a new challenge (an `=` after a name with no challenge yet is dropped too).
            if let finished = current { result.append(finished) }
            index = afterName
            current = AuthChallenge(scheme: name)
            skip { $0 == .space || $0 == .tab }
            if let token68 = token68() { current?.token68 = token68 }
        }
        if let current { result.append(current) }
        return result
    }

    /// Reads a token68 (`abc==`) when the next item is one: `=` padding, then a comma or the end.
    private mutating func token68() -> String? {
        let start = index
        let value = token(allowing: [.slash, .plus])
        var end = index
        while end < bytes.count, bytes[end] == .equals { end += 1 }
        var probe = end
        while probe < bytes.count, bytes[probe] == .space || bytes[probe] == .tab { probe += 1 }
        guard !value.isEmpty, end > index, probe == bytes.count || bytes[probe] == .comma else {
            index = start
            return nil
        }
        let padding = end - index
        index = end
        return value + String(repeating: "=", count: padding)
    }

    private mutating func token(allowing extra: Set<UInt8> = []) -> String {
        let start = index
        while index < bytes.count, Self.isTokenByte(bytes[index]) || extra.contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted string with `\` escapes; an unterminated one runs to the end.
    private mutating func quoted() -> String {
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == .quote { break }
            if byte == .backslash, index < bytes.count {
                value.append(bytes[index])
                index += 1
            } else {
                value.append(byte)
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func skip(while matches: (UInt8) -> Bool) {
        while index < bytes.count, matches(bytes[index]) { index += 1 }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension UInt8 {
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let plus = UInt8(ascii: "+")
}
