import Foundation
import HTTPTypes
import Testing

@testable import Tern

/// A secret value is masked in every encoding it can take where something leaves Tern: as written,
/// percent-encoded, base64 and JSON-escaped, in text, URLs, recorded requests and answer marks.
@Suite("Redactor: secrets in every encoding")
struct RedactorEncodingTests {
    /// A secret with a space, `/`, `+`, `=`, `:`, `@` and `!`, like base64 API keys and AWS secrets.
    let secret = "aB3/x+Yz= k:q@w!"
    var redactor: Redactor { Redactor(secretValues: [secret]) }
    let mask = Redactor.mask

    @Test("as written")
    func plain() {
        #expect(redactor.redact("key \(secret) end") == "key \(mask) end")
        #expect(redactor.redact("nothing here") == "nothing here")
    }

    @Test("percent-encoded: %20 or + for a space, upper- or lower-case hex, in whole or in part")
    func percentEncoded() {
        let upper = "aB3%2Fx%2BYz%3D%20k%3Aq%40w%21"
        let lower = "aB3%2fx%2bYz%3d%20k%3aq%40w%21"
        let form = "aB3%2Fx%2BYz%3D+k%3Aq%40w%21"
        let partial = "aB3/x%2BYz=%20k:q@w!"
        for encoded in [upper, lower, form, partial] {
            #expect(redactor.redact("a=1&token=\(encoded)&b=2") == "a=1&token=\(mask)&b=2", "\(encoded)")
        }
        let url = URL(string: "http://127.0.0.1:1/keys/\(upper)?k=\(form)")!
        #expect(
            redactor.redact(url: url) == "http://127.0.0.1:1/keys/\(Redactor.encodedMask)?k=\(Redactor.encodedMask)")
    }

    @Test("a secret holding % or + itself, written or encoded")
    func percentInSecret() {
        let redactor = Redactor(secretValues: ["50%25+off"])
        #expect(redactor.redact("x 50%25+off y") == "x \(mask) y")
        #expect(redactor.redact("x 50%2525%2Boff y") == "x \(mask) y")
        #expect(redactor.redact("x 50%25 off y") == "x 50%25 off y")
    }

    @Test("base64, standard and URL-safe, padded or not, at each of the three alignments")
    func base64() {
        for prefix in ["", "u", "us", "use", "user:"] {
            let data = Data((prefix + secret).utf8)
            let standard = data.base64EncodedString()
            let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            let unpadded = urlSafe.replacingOccurrences(of: "=", with: "")
            for encoded in [standard, urlSafe, unpadded] {
                let redacted = redactor.redact("Basic \(encoded) and more")
                #expect(redacted.contains(mask), "\(prefix) \(encoded)")
                #expect(!redacted.contains(String(encoded.dropFirst(4).prefix(8))), "\(prefix) \(encoded)")
            }
            // Followed by more data, too.
            let longer = (data + Data(" and a tail".utf8)).base64EncodedString()
            #expect(redactor.redact(longer).contains(mask), "\(prefix) followed")
        }
        // Base64 in a percent-encoded query.
        let encoded = Data(secret.utf8).base64EncodedString()
        let query = encoded.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(redactor.redact("q=\(query)").contains(mask))
    }

    @Test("base64 only from the minimum length: a shorter value's encoding is left alone")
    func base64Minimum() {
        #expect(Redactor.minimumBase64Bytes == 8)
        let short = "k3y!pw7"  // 7 bytes
        let redactor = Redactor(secretValues: [short])
        let encoded = Data(short.utf8).base64EncodedString()
        #expect(redactor.redact(encoded) == encoded)
        let long = "k3y!pw7z"  // 8 bytes
        #expect(Redactor(secretValues: [long]).redact(Data(long.utf8).base64EncodedString()).contains(mask))
    }

    @Test("JSON-escaped: \\/, escaped quotes and backslashes, \\uXXXX for non-ASCII and control characters")
    func jsonEscaped() throws {
        #expect(redactor.redact(#"{"k":"aB3\/x+Yz= k:q@w!"}"#) == #"{"k":"\#(mask)"}"#)
        #expect(redactor.redact(#"{"k":"aB3\u002Fx\u002bYz= k:q@w!"}"#) == #"{"k":"\#(mask)"}"#)
        let tricky = "p\"w\\d\té€😀"
        let redactor = Redactor(secretValues: [tricky])
        let encoded = String(decoding: try JSONEncoder().encode(["k": tricky]), as: UTF8.self)
        #expect(redactor.redact(encoded) == #"{"k":"\#(mask)"}"#)
        let escaped = #"{"k":"p\"w\\d\u0009\u00E9\u20ac\ud83d\ude00"}"#
        #expect(redactor.redact(escaped) == #"{"k":"\#(mask)"}"#)
        #expect(redactor.redact(#"{"k":"p\"w\\d\t\u00e9\u20acX"}"#) == #"{"k":"p\"w\\d\t\u00e9\u20acX"}"#)
    }

    @Test("overlapping secrets are masked whole, once")
    func overlapping() {
        let redactor = Redactor(secretValues: ["abcdef", "defghi"])
        #expect(redactor.redact("x abcdefghi y") == "x \(mask) y")
        #expect(redactor.redact("abcdef-defghi") == "\(mask)-\(mask)")
    }

    @Test("the recorded request masks encoded secrets in URL, headers and body")
    func record() {
        var request = Request(
            method: .post,
            url: URL(string: "http://127.0.0.1:1/k/aB3%2Fx%2BYz%3D%20k%3Aq%40w%21?token=aB3%2Fx%2BYz%3D+k%3Aq%40w%21")!)
        request.headers = [.init("X-Sig")!: Data(secret.utf8).base64EncodedString()]
        request.body = .data(Data("password=aB3%2Fx%2BYz%3D+k%3Aq%40w%21&json={\"s\":\"aB3\\/x+Yz= k:q@w!\"}".utf8))
        request.secretValues = [secret]
        let record = CacheIdentity().record(of: request, redactor: redactor)
        #expect(!record.url.contains("aB3"))
        #expect(record.url.contains(Redactor.encodedMask))
        #expect(record.headers.first?.value.contains(mask) == true)
        #expect(record.bodyText == "password=\(mask)&json={\"s\":\"\(mask)\"}")
        let key = CacheIdentity().key(for: request, redactor: redactor)
        #expect(!key.contains("aB3"))
    }

    @Test("answer marks find the encoded forms too")
    func marks() throws {
        let body =
            #"{"a":"aB3\/x+Yz= k:q@w!","b":"aB3%2Fx%2BYz%3D+k%3Aq%40w%21","c":""#
            + Data(secret.utf8).base64EncodedString() + #""}"#
        let marks = try #require(
            redactor.marks(headers: [.init("X-Echo")!: "aB3%2fx%2bYz%3d%20k%3aq%40w%21"], body: Data(body.utf8)))
        #expect(marks.fields == [0])
        #expect(marks.body.count == 3)
        let masked = String(decoding: marks.masking(body: Data(body.utf8)), as: UTF8.self)
        #expect(!masked.contains("aB3"))
        #expect(masked.hasPrefix(#"{"a":"\#(mask)","b":"\#(mask)","c":""#))
    }

    @Test("a long text with many escapes is searched in linear time: four times the text, four times the steps")
    func linearCost() {
        let matcher = SecretMatcher(secrets: (0..<20).map { "secret-value-\($0)/x" })
        func steps(repeating count: Int) -> (steps: Int, bytes: Int, found: Int) {
            var text = String(repeating: "%2F\\u0041 plain text a+b ", count: count) + "secret-value-7%2Fx"
            var steps = 0
            let found = text.withUTF8 { matcher.ranges(in: $0, steps: &steps) }
            return (steps, text.utf8.count, found.count)
        }
        let small = steps(repeating: 2_000)
        let large = steps(repeating: 8_000)
        #expect(small.found == 1)
        #expect(large.found == 1)
        // Four times the text costs four times the steps (a quadratic search would cost sixteen), and
        // no byte costs more than the needles that can start there times their step budget.
        #expect(large.steps <= small.steps * 4 + small.steps / 10)
        #expect(large.steps >= small.steps * 4 - small.steps / 10)
        #expect(large.steps / large.bytes < 2_000)
        let redactor = Redactor(secretValues: (0..<20).map { "secret-value-\($0)/x" })
        #expect(redactor.redact("a+b %2F secret-value-7%2Fx").hasSuffix(mask))
    }
}
