import Foundation
import HTTPTypes
import Tern
import TernTesting
import Testing

/// SHA-512-256 through the real `Handler` and `DigestAuthInterceptor`, against an in-memory server that
/// offers MD5, SHA-256 and SHA-512-256 and checks the answer with its own arithmetic. (The mock server's
/// `/digest-auth` computes digests with swift-crypto, without Tern, and swift-crypto has no SHA-512/256.)
@Suite("HTTP Digest: SHA-512-256 through the handler")
struct DigestHandlerTests {
    static let url = "http://127.0.0.1:1/report?x=1"

    /// alice / s3cret in realm `r`: 200 with the `nc` it got for a right `algorithm` answer, else 401 and
    /// three challenges, the strongest last.
    static func server(_ algorithm: DigestAlgorithm) -> InMemoryTransport {
        InMemoryTransport { request, _ in
            var challenges = HTTPFields()
            for (offered, nonce) in [("MD5", "n-md5"), ("SHA-256", "n-sha256"), (algorithm.rawValue, "n-strong")] {
                let value = #"Digest realm="r", nonce="\#(nonce)", algorithm=\#(offered), qop="auth", opaque="o""#
                challenges.append(HTTPField(name: .wwwAuthenticate, value: value))
            }
            let refused = TransportResponse(status: .unauthorized, headers: challenges, body: Data())
            guard let header = request.headers[.authorization],
                let answer = AuthChallenge.parse([header]).first, answer.scheme == "digest",
                answer["username"] == "alice", answer["realm"] == "r", answer["algorithm"] == algorithm.rawValue,
                answer["nonce"] == "n-strong", answer["uri"] == "/report?x=1", answer["qop"] == "auth",
                answer["opaque"] == "o", let nc = answer["nc"], let cnonce = answer["cnonce"]
            else { return refused }
            var ha1 = hex("alice:r:s3cret")
            if algorithm.isSession { ha1 = hex("\(ha1):n-strong:\(cnonce)") }
            let expected = hex("\(ha1):n-strong:\(nc):\(cnonce):auth:\(hex("GET:/report?x=1"))")
            return answer["response"] == expected ? .json(#"{"nc":"\#(nc)"}"#) : refused
        }
    }

    /// SHA-512/256 of `text` in lower-case hex.
    static func hex(_ text: String) -> String {
        SHA512t256.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    struct Reply: Decodable {
        var nc: String
    }

    @Test(
        "the strongest challenge is answered once, the nonce kept for the next request, a wrong password refused",
        arguments: [DigestAlgorithm.sha512t256, .sha512t256Session])
    func throughHandler(algorithm: DigestAlgorithm) async throws {
        let request = Request(url: try #require(URL(string: Self.url)))
        let transport = Self.server(algorithm)
        let handler = Handler(
            transport: transport, storage: nil, mode: .live, retryPolicy: .never,
            interceptors: [DigestAuthInterceptor(username: "alice", password: "s3cret")], clock: TestClock())
        let first = try await handler.send(request)
        #expect(first.statusCode == 200)
        #expect(try JSONDecoder().decode(Reply.self, from: first.body).nc == "00000001")
        #expect(transport.requestCount == 2)
        let sent = try #require(transport.requests.last?.headers[.authorization])
        #expect(sent.contains("algorithm=\(algorithm.rawValue), "))
        let second = try await handler.send(request)
        #expect(try JSONDecoder().decode(Reply.self, from: second.body).nc == "00000002")
        #expect(transport.requestCount == 3)

        let wrongTransport = Self.server(algorithm)
        let wrong = Handler(
            transport: wrongTransport, storage: nil, mode: .live, retryPolicy: .never,
            interceptors: [DigestAuthInterceptor(username: "alice", password: "guess")], clock: TestClock())
        #expect(try await wrong.send(request).statusCode == 401)
        #expect(wrongTransport.requestCount == 2)
    }
}
