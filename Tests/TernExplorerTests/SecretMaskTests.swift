import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernExplorer

@Suite("Secret masking")
struct SecretMaskTests {
    @Test("finds every {{env:NAME}} and {{secret:NAME}} in a text")
    func names() {
        #expect(
            SecretMask.secretNames(
                in: "Bearer {{env:TOKEN}} and {{ env: KEY }}, {{secret: api}} but not {{token}}") == [
                    "TOKEN", "KEY", "api",
                ])
        #expect(SecretMask.secretNames(in: "{{env:}} {{env:OPEN").isEmpty)
    }

    @Test("masks secrets in the URL, headers, body and storage key; the original is untouched")
    func masks() throws {
        var request = Request(
            method: .post, url: URL(string: "http://x/items?key=s3cr%2Ft&q=1")!,
            headers: [.authorization: "Bearer s3cr/t"],
            body: .data(Data(#"{"password":"s3cr/t"}"#.utf8))
        )
        request.storageKey = "items-s3cr/t"
        let masked = SecretMask.mask(request, secrets: ["s3cr/t"])
        #expect(SecretMask.display(masked.url) == "http://x/items?key=••••••&q=1")
        #expect(masked.headers[.authorization] == "Bearer ••••••")
        guard case .data(let body) = masked.body else {
            Issue.record("the body is data")
            return
        }
        #expect(String(decoding: body, as: UTF8.self) == #"{"password":"••••••"}"#)
        #expect(masked.storageKey == "items-••••••")
        #expect(request.headers[.authorization] == "Bearer s3cr/t")
        #expect(SecretMask.mask(request, secrets: []).url == request.url)
    }
}
