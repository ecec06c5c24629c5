public import Foundation

/// The `Authorization: Digest …` answer to a challenge (RFC 7616 §3.4), computed from its parts.
public struct DigestAuthorization: Sendable, Hashable {
    /// Who answers.
    public var username: String
    /// Their password (only its hashes leave the machine).
    public var password: String
    /// What is answered.
    public var challenge: DigestChallenge
    /// The request method.
    public var method: String
    /// The request target as sent (`/path?query`).
    public var uri: String
    /// How many times this nonce was used, this one included (1-based).
    public var nonceCount: Int
    /// The client nonce.
    public var cnonce: String
    /// The body's bytes, for `qop=auth-int` (used only when the server offers no `auth`).
    public var body: Data?

    /// Makes the answer's parts.
    public init(
        username: String, password: String, challenge: DigestChallenge, method: String, uri: String,
        nonceCount: Int, cnonce: String, body: Data? = nil
    ) {
        self.username = username
        self.password = password
        self.challenge = challenge
        self.method = method
        self.uri = uri
        self.nonceCount = nonceCount
        self.cnonce = cnonce
        self.body = body
    }

    /// The quality of protection answered: `auth` when offered, else `auth-int` when the body is known,
    /// `nil` for an RFC 2069 server (no `qop`).
    public var qop: String? {
        let options = challenge.qopOptions
        if options.isEmpty { return nil }
        if options.contains("auth") { return "auth" }
        return options.contains("auth-int") && body != nil ? "auth-int" : "auth"
    }

    /// `nc`: the nonce count as 8 hex digits.
    public var nc: String {
        let hex = String(max(0, nonceCount), radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    /// The `response` value: `H(HA1:nonce:nc:cnonce:qop:HA2)`, or `H(HA1:nonce:HA2)` without qop.
    public var response: String {
        let hash = challenge.algorithm
        var ha1 = hash.hash("\(username):\(challenge.realm):\(password)")
        if hash.isSession { ha1 = hash.hash("\(ha1):\(challenge.nonce):\(cnonce)") }
        var a2 = "\(method):\(uri)"
        if qop == "auth-int" { a2 += ":" + hash.hash(body ?? Data()) }
        let ha2 = hash.hash(a2)
        guard let qop else { return hash.hash("\(ha1):\(challenge.nonce):\(ha2)") }
        return hash.hash("\(ha1):\(challenge.nonce):\(nc):\(cnonce):\(qop):\(ha2)")
    }

    /// The whole `Authorization` header value.
    public var headerValue: String {
        var parts: [String] = []
        if challenge.userhash {
            parts.append("username=\(Self.quoted(challenge.algorithm.hash("\(username):\(challenge.realm)")))")
        } else if username.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) {
            parts.append("username=\(Self.quoted(username))")
        } else {
            // RFC 7616 §3.4.4: a name outside ASCII travels as an RFC 8187 extended value.
            let encoded = username.addingPercentEncoding(withAllowedCharacters: Self.attrChar) ?? ""
            parts.append("username*=UTF-8''\(encoded)")
        }
        parts.append("realm=\(Self.quoted(challenge.realm))")
        parts.append("uri=\(Self.quoted(uri))")
        parts.append("algorithm=\(challenge.algorithm.rawValue)")
        parts.append("nonce=\(Self.quoted(challenge.nonce))")
        if let qop {
            parts.append("nc=\(nc)")
            parts.append("cnonce=\(Self.quoted(cnonce))")
            parts.append("qop=\(qop)")
        }
        parts.append("response=\(Self.quoted(response))")
        if let opaque = challenge.opaque { parts.append("opaque=\(Self.quoted(opaque))") }
        if challenge.userhash { parts.append("userhash=true") }
        return "Digest " + parts.joined(separator: ", ")
    }

    /// A random client nonce: 16 random bytes as hex.
    public static func makeCnonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return DigestAlgorithm.hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    private static let attrChar = CharacterSet(charactersIn: "!#$&+-.^_`|~")
        .union(CharacterSet(charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))

    /// `"text"` with `\` and `"` escaped and control characters dropped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && scalar.value != 0x7f {
            if scalar == "\"" || scalar == "\\" { result.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }
}
