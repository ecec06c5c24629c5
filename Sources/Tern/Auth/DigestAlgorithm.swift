import Crypto
public import Foundation

/// A digest algorithm of RFC 7616 that Tern answers: MD5, SHA-256 and SHA-512-256, each plain or `-sess`.
public enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// MD5 (RFC 2617's default, kept for old servers).
    case md5 = "MD5"
    /// MD5 with the session key (`H(H(user:realm:password):nonce:cnonce)`).
    case md5Session = "MD5-sess"
    /// SHA-256 (RFC 7616).
    case sha256 = "SHA-256"
    /// SHA-256 with the session key.
    case sha256Session = "SHA-256-sess"
    /// SHA-512/256 (RFC 7616; FIPS 180-4's SHA-512 with its own initial values, cut to 256 bits).
    case sha512t256 = "SHA-512-256"
    /// SHA-512/256 with the session key.
    case sha512t256Session = "SHA-512-256-sess"

    /// The algorithm a challenge's `algorithm` value names (any case; absent means MD5), or `nil`.
    public init?(challengeValue: String?) {
        guard let value = challengeValue else {
            self = .md5
            return
        }
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(value) == .orderedSame })
        else { return nil }
        self = match
    }

    /// Whether the session variant is used.
    public var isSession: Bool {
        switch self {
        case .md5Session, .sha256Session, .sha512t256Session: true
        case .md5, .sha256, .sha512t256: false
        }
    }

    /// How strongly the client prefers it when a server offers several (SHA-512-256, then SHA-256, then MD5).
    var preference: Int {
        switch self {
        case .sha512t256, .sha512t256Session: 3
        case .sha256, .sha256Session: 2
        case .md5, .md5Session: 1
        }
    }

    /// The lower-case hex digest of `text`'s UTF-8 bytes.
    public func hash(_ text: String) -> String {
        hash(Data(text.utf8))
    }

    /// The lower-case hex digest of `data`.
    public func hash(_ data: Data) -> String {
        switch self {
        case .md5, .md5Session: Self.hex(Insecure.MD5.hash(data: data))
        case .sha256, .sha256Session: Self.hex(SHA256.hash(data: data))
        case .sha512t256, .sha512t256Session: Self.hex(SHA512t256.hash(data))
        }
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
