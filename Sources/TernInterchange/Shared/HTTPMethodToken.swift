/// An HTTP method as RFC 9110 §9.1 defines it: a token, one or more of letters, digits and
/// ``!#$%&'*+-.^_`|~`` (no space, no `/`, nothing else).
enum HTTPMethodToken {
    /// What is wrong with a method that is not a token, for messages.
    static let problem =
        "is not an HTTP method: a method is one word of letters, digits and !#$%&'*+-.^_`|~ (RFC 9110), "
        + "such as GET or POST"

    /// Whether `method` is a token.
    static func isValid(_ method: String) -> Bool {
        !method.isEmpty && method.utf8.allSatisfy(isTokenCharacter)
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
