import Crypto
import Foundation

/// A Proof Key for Code Exchange (RFC 7636): a random verifier kept by the client and its S256 challenge
/// sent with the authorization request, so a stolen authorization code is worthless.
public struct PKCE: Sendable, Hashable {
    /// The secret the token request proves (43 characters of base64url).
    public let verifier: String

    /// A new random verifier (32 bytes from the system's generator).
    public init() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        verifier = Self.base64URL(Data(bytes))
    }

    /// A PKCE for a known verifier (tests, and the RFC's example).
    public init(verifier: String) {
        self.verifier = verifier
    }

    /// `BASE64URL(SHA256(verifier))`, sent as `code_challenge` with `code_challenge_method=S256`.
    public var challenge: String {
        Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// Base64url without padding (RFC 7636 Appendix A).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A random `state` value tying the redirect to this sign-in (16 bytes, base64url).
    static func randomState() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }
}
