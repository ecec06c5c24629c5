import Foundation
import Tern
import Testing

/// Digest computation against the RFCs' own examples, and the challenge parser against odd and hostile headers.
@Suite("HTTP Digest: RFC examples and challenge parsing")
struct DigestAuthTests {
    /// RFC 7616 §3.9.1: Mufasa / "Circle of Life", GET /dir/index.html.
    func rfc7616(_ algorithm: DigestAlgorithm) -> DigestAuthorization {
        DigestAuthorization(
            username: "Mufasa", password: "Circle of Life",
            challenge: DigestChallenge(
                realm: "http-auth@example.org", nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
                opaque: "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", algorithm: algorithm,
                qopOptions: ["auth", "auth-int"]),
            method: "GET", uri: "/dir/index.html", nonceCount: 1,
            cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ")
    }

    @Test("RFC 7616 §3.9.1, MD5")
    func rfc7616MD5() {
        let answer = rfc7616(.md5)
        #expect(answer.qop == "auth")
        #expect(answer.response == "8ca523f5e9506fed4657c9700eebdbec")
        #expect(
            answer.headerValue
                == #"Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=MD5, "#
                + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, "#
                + #"cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, "#
                + #"response="8ca523f5e9506fed4657c9700eebdbec", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#
        )
    }

    @Test("RFC 7616 §3.9.1, SHA-256")
    func rfc7616SHA256() {
        #expect(rfc7616(.sha256).response == "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1")
    }

    @Test("RFC 2617 §3.5: Mufasa / Circle Of Life at testrealm@host.com")
    func rfc2617() {
        let answer = DigestAuthorization(
            username: "Mufasa", password: "Circle Of Life",
            challenge: DigestChallenge(
                realm: "testrealm@host.com", nonce: "dcd98b7102dd2f0e8b11d0f600bfb0c093",
                opaque: "5ccc069c403ebaf9f0171e9517f40e41", qopOptions: ["auth", "auth-int"]),
            method: "GET", uri: "/dir/index.html", nonceCount: 1, cnonce: "0a4f113b")
        #expect(answer.response == "6629fae49393a05397450978507c4ef1")
        #expect(answer.nc == "00000001")
    }

    @Test("nc is eight hex digits and -sess mixes the nonce and cnonce into HA1")
    func nonceCountAndSession() {
        var answer = rfc7616(.md5)
        answer.nonceCount = 255
        #expect(answer.nc == "000000ff")
        let plain = rfc7616(.sha256).response
        let session = rfc7616(.sha256Session).response
        #expect(plain != session)
        #expect(rfc7616(.sha256Session).headerValue.contains("algorithm=SHA-256-sess"))
    }

    @Test("a name outside ASCII goes as username*, and userhash hides the name")
    func usernames() {
        var answer = rfc7616(.sha256)
        answer.username = "Jäsøn Doe"
        #expect(answer.headerValue.contains("username*=UTF-8''J%C3%A4s%C3%B8n%20Doe"))
        answer.challenge.userhash = true
        answer.username = "Mufasa"
        let hashed = DigestAlgorithm.sha256.hash("Mufasa:http-auth@example.org")
        #expect(answer.headerValue.contains("username=\"\(hashed)\""))
        #expect(answer.headerValue.contains("userhash=true"))
    }

    @Test("auth-int hashes the body when auth is not offered")
    func authInt() {
        var answer = rfc7616(.md5)
        answer.challenge.qopOptions = ["auth-int"]
        answer.body = Data("hello".utf8)
        #expect(answer.qop == "auth-int")
        let withBody = answer.response
        answer.body = Data("other".utf8)
        #expect(answer.response != withBody)
    }

    @Test("several challenges in one field and across fields; quoted commas, escapes, any case")
    func parsing() throws {
        let fields = [
            #"Basic realm="simple", DIGEST Realm="a, \"quoted\" realm", NONCE=abc123, qop="auth,auth-int", "#
                + #"algorithm=md5, Opaque="x""#,
            #"Negotiate abc+/def==, Digest realm="r2", nonce="n2", algorithm=SHA-256, qop="auth", stale=TRUE"#,
        ]
        let challenges = AuthChallenge.parse(fields)
        #expect(challenges.map(\.scheme) == ["basic", "digest", "negotiate", "digest"])
        #expect(challenges[1]["realm"] == #"a, "quoted" realm"#)
        #expect(challenges[1]["nonce"] == "abc123")
        #expect(challenges[2].token68 == "abc+/def==")
        let md5 = try #require(DigestChallenge(challenges[1]))
        #expect(md5.algorithm == .md5)
        #expect(md5.qopOptions == ["auth", "auth-int"])
        #expect(md5.opaque == "x")
        let best = try #require(DigestChallenge.best(in: fields))
        #expect(best.algorithm == .sha256)
        #expect(best.stale)
        #expect(best.nonce == "n2")
    }

    @Test("challenges Tern cannot answer are not digest challenges")
    func unanswerable() {
        #expect(DigestChallenge.best(in: [#"Digest realm="r", nonce="n", algorithm=SHA-512-256"#]) == nil)
        #expect(DigestChallenge.best(in: [#"Digest realm="r", nonce="n", qop="auth-conf""#]) == nil)
        #expect(DigestChallenge.best(in: [#"Digest realm="r""#]) == nil)
        #expect(DigestChallenge.best(in: ["Bearer"]) == nil)
        #expect(DigestChallenge.best(in: [#"Digest realm="r", nonce="n""#])?.qopOptions == [])
    }

    @Test("hostile headers: garbage, unterminated quotes, huge and endless input parse quickly to something bounded")
    func hostile() {
        let huge = "Digest " + String(repeating: "a=b, ", count: 100_000)
        let inputs = [
            "", ",,,,", "=", "Digest", #"Digest realm="unterminated"#, #"Digest realm="\"#, "Digest ===,,==",
            String(repeating: "\"", count: 50_000), huge, String(repeating: "Digest, ", count: 10_000),
            "Digest realm=\u{0}\u{7f}\u{1}, nonce=\"\u{FFFD}\"", "\u{1F600} realm=x",
        ]
        for input in inputs {
            let parsed = AuthChallenge.parse([input])
            #expect(parsed.count <= AuthChallenge.maxItems * 4)
            for challenge in parsed { #expect(challenge.parameters.count <= AuthChallenge.maxItems) }
        }
        let many = AuthChallenge.parse(Array(repeating: "Basic", count: 10_000))
        #expect(many.count == AuthChallenge.maxItems)
    }
}
