import Foundation

/// A `Digest` challenge (RFC 7616 §3.3) Tern can answer: realm, nonce, algorithm and quality of protection.
public struct DigestChallenge: Sendable, Hashable {
    /// The realm (shown to users, part of `H(user:realm:password)`).
    public var realm: String
    /// The server's nonce.
    public var nonce: String
    /// Data the server wants back unchanged.
    public var opaque: String?
    /// The hash algorithm.
    public var algorithm: DigestAlgorithm
    /// The `qop` options offered, lower-cased (`auth`, `auth-int`); empty for an RFC 2069 server.
    public var qopOptions: [String]
    /// Whether the previous nonce was only stale (the credentials were right).
    public var stale: Bool
    /// Whether the server accepts a hashed user name.
    public var userhash: Bool

    /// Makes a challenge from its parts.
    public init(
        realm: String, nonce: String, opaque: String? = nil, algorithm: DigestAlgorithm = .md5,
        qopOptions: [String] = ["auth"], stale: Bool = false, userhash: Bool = false
    ) {
        self.realm = realm
        self.nonce = nonce
        self.opaque = opaque
        self.algorithm = algorithm
        self.qopOptions = qopOptions
        self.stale = stale
        self.userhash = userhash
    }

    /// The digest challenge in `challenge`, or `nil` when it is another scheme, lacks a realm or nonce,
    /// names an algorithm Tern does not speak, or offers only qops Tern does not speak.
    public init?(_ challenge: AuthChallenge) {
        guard challenge.scheme == "digest", let realm = challenge["realm"], let nonce = challenge["nonce"],
            !nonce.isEmpty, let algorithm = DigestAlgorithm(challengeValue: challenge["algorithm"])
        else { return nil }
        let qops = (challenge["qop"] ?? "").split(separator: ",")
            .map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
        if !qops.isEmpty, !qops.contains("auth"), !qops.contains("auth-int") { return nil }
        self.init(
            realm: realm, nonce: nonce, opaque: challenge["opaque"], algorithm: algorithm, qopOptions: qops,
            stale: challenge["stale"]?.lowercased() == "true", userhash: challenge["userhash"]?.lowercased() == "true"
        )
    }

    /// The strongest digest challenge among `fields` (the `WWW-Authenticate` values): SHA-512-256, then
    /// SHA-256, then MD5, the server's order otherwise.
    public static func best(in fields: [String]) -> DigestChallenge? {
        let offered = AuthChallenge.parse(fields).compactMap(DigestChallenge.init)
        return offered.enumerated().max { lhs, rhs in
            lhs.element.algorithm.preference != rhs.element.algorithm.preference
                ? lhs.element.algorithm.preference < rhs.element.algorithm.preference
                : lhs.offset > rhs.offset
        }?.element
    }
}
