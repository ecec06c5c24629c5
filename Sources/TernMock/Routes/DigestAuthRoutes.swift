import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// httpbin-style HTTP authentication routes: `GET /digest-auth/{qop}/{user}/{passwd}[/{algorithm}[/{staleAfter}]]`
/// (RFC 7616, computed here without Tern), `GET /basic-auth/{user}/{passwd}` and `GET /bearer`.
enum DigestAuthRoutes {
    /// The realm every challenge names.
    static let realm = "tern-mock@127.0.0.1"
    /// The `opaque` every challenge carries and expects back.
    static let opaque = "7465726e2d6d6f636b"

    /// The answer for `/digest-auth/…`, or `nil` when the path does not fit.
    static func digest(_ request: MockRequest, body: ByteBuffer, state: MockServerState) -> MockResponse? {
        let parts = Array(request.segments.dropFirst())
        guard (3...5).contains(parts.count), request.isMethod("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"),
            ["auth", "auth-int", "none"].contains(parts[0]),
            let algorithm = Algorithm(parts.count > 3 ? parts[3] : "MD5")
        else { return nil }
        let qop = parts[0] == "none" ? nil : parts[0]
        let user = parts[1]
        let password = parts[2]
        let staleAfter = parts.count > 4 ? Int(parts[4]) : nil
        if parts.count > 4, staleAfter == nil { return nil }
        let challenge = { (stale: Bool) in
            Self.challenge(qop: qop, algorithm: algorithm, nonce: state.digestNonces.issue(), stale: stale)
        }
        guard let header = request.headers.first(name: "authorization"), header.lowercased().hasPrefix("digest "),
            let fields = Self.parameters(String(header.dropFirst(7)))
        else { return challenge(false) }
        guard let nonce = fields["nonce"], fields["realm"] == realm, fields["opaque"] == opaque,
            fields["uri"] == request.path + (request.query.isEmpty ? "" : "?" + request.query),
            fields["algorithm"].map({ Algorithm($0) == algorithm }) ?? (algorithm == .md5)
        else { return challenge(false) }
        let hashedUser = fields["userhash"]?.lowercased() == "true"
        guard fields["username"] == (hashedUser ? algorithm.hash("\(user):\(realm)") : user) else {
            return challenge(false)
        }
        var count: Int?
        let expected: String
        let cnonce = fields["cnonce"] ?? ""
        var ha1 = algorithm.hash("\(user):\(realm):\(password)")
        if algorithm.isSession { ha1 = algorithm.hash("\(ha1):\(nonce):\(cnonce)") }
        var a2 = "\(request.method):\(fields["uri"] ?? "")"
        if let qop {
            guard fields["qop"] == qop, let nc = fields["nc"], nc.count == 8, let parsed = Int(nc, radix: 16),
                !cnonce.isEmpty
            else { return challenge(false) }
            count = parsed
            if qop == "auth-int" { a2 += ":" + algorithm.hash(Data(body.readableBytesView)) }
            expected = algorithm.hash("\(ha1):\(nonce):\(nc):\(cnonce):\(qop):\(algorithm.hash(a2))")
        } else {
            expected = algorithm.hash("\(ha1):\(nonce):\(algorithm.hash(a2))")
        }
        guard fields["response"] == expected else { return challenge(false) }
        // Right credentials: an unknown, replayed or worn-out nonce is only stale.
        if let staleAfter, state.digestNonces.uses(of: nonce) >= staleAfter { return challenge(true) }
        guard state.digestNonces.use(nonce, count: count) != nil else { return challenge(true) }
        return .json(.object([("authenticated", .bool(true)), ("user", .string(user))]))
    }

    /// `/basic-auth/{user}/{passwd}`: 200 for the right `Basic` credentials, else 401 with a challenge.
    static func basic(_ request: MockRequest) -> MockResponse? {
        guard request.segments.count == 3, request.isMethod("GET", "HEAD") else { return nil }
        let user = request.segments[1]
        let expected = "Basic " + Data("\(user):\(request.segments[2])".utf8).base64EncodedString()
        guard request.headers.first(name: "authorization") == expected else {
            return unauthorized(challenge: "Basic realm=\"\(realm)\"")
        }
        return .json(.object([("authenticated", .bool(true)), ("user", .string(user))]))
    }

    /// `/bearer`: 200 with the token for any `Bearer` token, else 401 with a challenge.
    static func bearer(_ request: MockRequest) -> MockResponse? {
        guard request.segments.count == 1, request.isMethod("GET", "HEAD") else { return nil }
        guard let header = request.headers.first(name: "authorization"), header.hasPrefix("Bearer "),
            header.count > 7
        else { return unauthorized(challenge: "Bearer") }
        return .json(.object([("authenticated", .bool(true)), ("token", .string(String(header.dropFirst(7))))]))
    }

    private static func unauthorized(challenge: String) -> MockResponse {
        .json(.object([("authenticated", .bool(false))]), status: 401, headers: [("WWW-Authenticate", challenge)])
    }

    private static func challenge(qop: String?, algorithm: Algorithm, nonce: String, stale: Bool) -> MockResponse {
        var value =
            "Digest realm=\"\(realm)\", nonce=\"\(nonce)\", opaque=\"\(opaque)\", algorithm=\(algorithm.rawValue)"
        if let qop { value += ", qop=\"\(qop)\"" }
        value += stale ? ", stale=TRUE" : ", stale=FALSE"
        return unauthorized(challenge: value)
    }

    /// The `name=value` / `name="value"` pairs of a credentials header, names lower-cased; `nil` if malformed.
    static func parameters(_ text: String) -> [String: String]? {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while !rest.isEmpty, result.count < 32 {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        value.append(escaped)
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                rest = rest.dropFirst()
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            if result[name] == nil { result[name] = value }
        }
        return result.isEmpty ? nil : result
    }

    /// The algorithms the route speaks.
    enum Algorithm: String {
        case md5 = "MD5"
        case md5Session = "MD5-sess"
        case sha256 = "SHA-256"
        case sha256Session = "SHA-256-sess"

        init?(_ name: String) {
            guard
                let match = [Self.md5, .md5Session, .sha256, .sha256Session]
                    .first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else { return nil }
            self = match
        }

        var isSession: Bool { self == .md5Session || self == .sha256Session }

        func hash(_ text: String) -> String { hash(Data(text.utf8)) }

        func hash(_ data: Data) -> String {
            let digest: [UInt8] =
                switch self {
                case .md5, .md5Session: Array(Insecure.MD5.hash(data: data))
                case .sha256, .sha256Session: Array(SHA256.hash(data: data))
                }
            return digest.map { byte in
                let text = String(byte, radix: 16)
                return byte < 16 ? "0" + text : text
            }.joined()
        }
    }
}
