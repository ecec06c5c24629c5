import Foundation
import Testing

@testable import Tern

/// Adam Barth's http-state test suite (the RFC 6265 working group's), run against the parser and the
/// jar directly: each case's `Set-Cookie` fields are stored for `http://home.example.org:8888/cookie-parser`
/// and the cookies for its result URL must be exactly those expected, in order.
@Suite("Cookies: the http-state suite")
struct HTTPStateTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Pair: Decodable, Sendable, Equatable {
            var name: String
            var value: String
        }

        var test: String
        var received: [String]
        var sentTo: String?
        var sent: [Pair]

        enum CodingKeys: String, CodingKey {
            case test, received, sent
            case sentTo = "sent-to"
        }

        var testDescription: String { test }
    }

    struct DateCase: Decodable, Sendable {
        var test: String
        var expected: String?
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/http-state")

    /// Every case but the ones the suite itself disables.
    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("parser.json")),
            let cases = try? JSONDecoder().decode([Case].self, from: data)
        else { return [] }
        return cases.filter { !$0.test.hasPrefix("DISABLED_") }
    }()

    /// Cases where Tern knowingly differs from the suite's expectation, with the reason.
    static let knownDifferences: [String: String] = [:]

    /// The suite's server clock: early enough that its `Expires` dates in 2019 are still ahead.
    static let now = Date(timeIntervalSince1970: 1_262_304_000)  // 2010-01-01

    @Test("the suite is there and has its 200-odd cases")
    func suiteLoaded() {
        #expect(Self.cases.count > 200)
    }

    @Test("each case sends exactly the expected cookies", arguments: cases)
    func parserCase(_ testCase: Case) throws {
        let jar = CookieJar()
        let query = testCase.test.lowercased()
        let setURL = try #require(URL(string: "http://home.example.org:8888/cookie-parser?\(query)"))
        jar.store(setCookieFields: testCase.received, for: setURL, at: Self.now)
        let resultURL = try #require(
            URL(
                string: testCase.sentTo ?? "/cookie-parser-result?\(query)",
                relativeTo: setURL)?.absoluteURL)
        let sent = jar.cookies(for: resultURL, at: Self.now).map { Case.Pair(name: $0.name, value: $0.value) }
        if let reason = Self.knownDifferences[testCase.test] {
            withKnownIssue(Comment(rawValue: reason)) { #expect(sent == testCase.sent) }
        } else {
            #expect(sent == testCase.sent, "received \(testCase.received)")
        }
    }

    @Test("the suite's cookie dates parse to the expected instants, and the broken one fails")
    func dates() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("dates.json"))
        let cases = try JSONDecoder().decode([DateCase].self, from: data)
        #expect(cases.count == 15)
        for testCase in cases {
            let parsed = CookieDate.parse(testCase.test)
            let expected = testCase.expected.flatMap { HTTPDate.parse($0) }
            #expect(parsed == expected, "\(testCase.test)")
        }
    }
}
