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

    @Test(
        "RFC 7616 §3.9.1 with every algorithm, plain and -sess (checked with Python's hashlib)",
        arguments: [
            (DigestAlgorithm.md5, "8ca523f5e9506fed4657c9700eebdbec"),
            (.md5Session, "e783283f46242139c486a698fec7211d"),
            (.sha256, "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
            (.sha256Session, "2fd51b3a77ad75bad6afad6003e818d767133c46d9e2749e7f5232ae1ea3efd7"),
            (.sha512t256, "430d05014cecc49cab6fbe03176d41a1da86cbfe24a16580e22aaad928d960d0"),
            (.sha512t256Session, "3f2a34f923c38b0fb26dce2fdfc2ce326c23cecf86fbb1444f3e51fbbc2cb92e"),
        ])
    func rfc7616Algorithms(algorithm: DigestAlgorithm, expected: String) {
        let answer = rfc7616(algorithm)
        #expect(answer.response == expected)
        #expect(answer.headerValue.contains("algorithm=\(algorithm.rawValue), "))
        #expect(answer.headerValue.contains("response=\"\(expected)\""))
        #expect(DigestAlgorithm(challengeValue: algorithm.rawValue) == algorithm)
    }

    /// RFC 7616 §3.9.2 (SHA-512-256, a name outside ASCII, userhash) with the values of erratum 4897: the
    /// RFC's own were computed with a draft of SHA-512/256 (checked with Python's hashlib).
    @Test("RFC 7616 §3.9.2 as corrected by erratum 4897: SHA-512-256 and userhash")
    func rfc7616UserhashSHA512t256() {
        let answer = DigestAuthorization(
            username: "J\u{e4}s\u{f8}n Doe", password: "Secret, or not?",
            challenge: DigestChallenge(
                realm: "api@example.org", nonce: "5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK",
                opaque: "HRPCssKJSGjCrkzDg8OhwpzCiGPChXYjwrI2QmXDnsOS", algorithm: .sha512t256, userhash: true),
            method: "GET", uri: "/doe.json", nonceCount: 1, cnonce: "NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v")
        #expect(answer.response == "3798d4131c277846293534c3edc11bd8a5e4cdcbff78b05db9d95eeb1cec68a5")
        #expect(
            answer.headerValue
                == #"Digest username="793263caabb707a56211940d90411ea4a575adeccb7e360aeb624ed06ece9b0b", "#
                + #"realm="api@example.org", uri="/doe.json", algorithm=SHA-512-256, "#
                + #"nonce="5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK", nc=00000001, "#
                + #"cnonce="NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v", qop=auth, "#
                + #"response="3798d4131c277846293534c3edc11bd8a5e4cdcbff78b05db9d95eeb1cec68a5", "#
                + #"opaque="HRPCssKJSGjCrkzDg8OhwpzCiGPChXYjwrI2QmXDnsOS", userhash=true"#)
        var mufasa = rfc7616(.sha512t256Session)
        mufasa.challenge.userhash = true
        #expect(
            mufasa.headerValue.contains(
                #"username="e2dfabd1a96ddf867710b653b6e6857d1f147086de7d7ef79dcd249859872570""#))
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

    @Test("SHA-512-256 in any case; the strongest offer wins: SHA-512-256, then SHA-256, then MD5")
    func preference() throws {
        func best(_ algorithms: [String]) -> DigestAlgorithm? {
            DigestChallenge.best(in: algorithms.map { #"Digest realm="r", nonce="n-\#($0)", algorithm=\#($0)"# })?
                .algorithm
        }
        #expect(DigestAlgorithm(challengeValue: "sha-512-256") == .sha512t256)
        #expect(DigestAlgorithm(challengeValue: "SHA-512-256-SESS") == .sha512t256Session)
        #expect(best(["MD5", "SHA-256", "sha-512-256"]) == .sha512t256)
        #expect(best(["SHA-512-256-sess", "SHA-256", "MD5"]) == .sha512t256Session)
        #expect(best(["SHA-256-sess", "MD5-sess"]) == .sha256Session)
        #expect(best(["MD5", "SHA-512", "SHA-256"]) == .sha256)
        // Equal strength: the server's order.
        #expect(best(["SHA-512-256-sess", "SHA-512-256"]) == .sha512t256Session)
        let one = try #require(DigestChallenge.best(in: [#"Digest realm="r", nonce="n", algorithm=SHA-512-256"#]))
        #expect(one.algorithm == .sha512t256 && !one.algorithm.isSession)
        #expect(DigestAlgorithm.sha512t256Session.isSession)
    }

    @Test("challenges Tern cannot answer are not digest challenges")
    func unanswerable() {
        #expect(DigestChallenge.best(in: [#"Digest realm="r", nonce="n", algorithm=SHA-512"#]) == nil)
        #expect(DigestChallenge.best(in: [#"Digest realm="r", nonce="n", algorithm="SHA-512/256""#]) == nil)
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
