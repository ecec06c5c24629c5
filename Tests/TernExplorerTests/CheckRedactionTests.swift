import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// What a failed check says (printed by `send --fail`, kept in run reports) masks the request's
/// secrets before a long value is shortened, so a secret the shortening cuts is masked too.
@Suite("Check redaction")
struct CheckRedactionTests {
    static let secret = "s3cr3t-T0KEN-abcdefghij"

    @Test("a secret cut by the 80-character preview is masked, not half shown", arguments: [60, 70, 73])
    func cutSecret(offset: Int) {
        let body = String(repeating: "a", count: offset) + Self.secret + String(repeating: "b", count: 40)
        var facts = ExpectationTests.facts(body: body)
        let redactor = Redactor(secretValues: [Self.secret])
        let result = Expectations.evaluate(.body(.equals("other")), on: &facts, redactor: redactor)
        #expect(!result.passed)
        #expect(!result.actual.contains("s3cr"), "\(result.actual)")
        #expect(result.actual.count <= 80)
    }

    @Test("a JSON check and the expected phrase mask the secret too")
    func jsonAndExpected() {
        let body = #"{"token": "\#(Self.secret)"}"#
        var facts = ExpectationTests.facts(body: body)
        let redactor = Redactor(secretValues: [Self.secret])
        let results = Expectations.evaluate(
            [.json("$.token", .equals("x")), .body(.contains(Self.secret + "!"))], on: &facts, redactor: redactor)
        for result in results {
            #expect(!result.passed)
            #expect(!result.actual.contains("s3cr3t") && !result.expected.contains("s3cr3t"), "\(result)")
        }
    }
}
