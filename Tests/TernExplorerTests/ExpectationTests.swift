import Foundation
import HTTPTypes
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

@Suite("Expectations")
struct ExpectationTests {
    static let body =
        #"{"id": 7, "name": "Ada Lovelace", "price": 9.5, "tags": ["admin", "math"], "#
        + #""items": [{"n": 1}, {"n": 2}, {"n": 3}], "profile": {"city": "London"}, "none": null}"#

    static func facts(status: Int = 200, body: String = body, milliseconds: Int64 = 40) -> ResponseFacts {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers.append(HTTPField(name: .setCookie, value: "session=abc123; Path=/; HttpOnly"))
        let request = Request(url: URL(string: "http://127.0.0.1/x")!)
        let response = Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: Data(body.utf8), request: request,
            timing: Response.Timing(start: Date(), duration: .milliseconds(milliseconds)))
        return ResponseFacts(response)
    }

    static func check(_ expectation: ResponseExpectation, _ facts: ResponseFacts = facts()) -> ExpectationResult {
        var facts = facts
        return Expectations.evaluate(expectation, on: &facts)
    }

    /// (expectation, passes on `body`)
    static let cases: [(ResponseExpectation, Bool)] = [
        (.status(.exactly(200)), true), (.status(.exactly(201)), false),
        (.status(.inClass(2)), true), (.status(.inClass(4)), false),
        (.status(.oneOf([200, 204])), true), (.status(.oneOf([301, 302])), false),
        (.header("Content-Type", .contains("json")), true), (.header("content-type", .equals("text/plain")), false),
        (.header("Content-Type", .matches("^application/")), true), (.header("X-Missing", .exists(true)), false),
        (.header("X-Missing", .exists(false)), true), (.header("Set-Cookie", .matches("session=")), true),
        (.json("$.id", .equals(7)), true), (.json("$.id", .equals(7.0)), true), (.json("$.id", .equals("7")), false),
        (.json("$.name", .notEquals("Grace")), true), (.json("$.name", .notEquals("Ada Lovelace")), false),
        (.json("$.profile.city", .exists(true)), true), (.json("$.profile.zip", .exists(true)), false),
        (.json("$.profile.zip", .exists(false)), true),
        (.json("$.id", .type("integer")), true), (.json("$.price", .type("integer")), false),
        (.json("$.price", .type("number")), true), (.json("$.tags", .type("array")), true),
        (.json("$.none", .type("null")), true), (.json("$.profile", .type("string")), false),
        (.json("$.name", .matches("^Ada")), true), (.json("$.name", .matches("^Grace")), false),
        (.json("$.tags", .contains("admin")), true), (.json("$.tags", .contains("root")), false),
        (.json("$.name", .contains("Love")), true),
        (.json("$.price", .compare(.less, 10)), true), (.json("$.price", .compare(.greater, 10)), false),
        (.json("$.price", .compare(.lessOrEqual, 9.5)), true),
        (.json("$.price", .compare(.greaterOrEqual, 9.6)), false),
        (.json("$.name", .compare(.less, 10)), false),
        (.json("$.items", .count(3)), true), (.json("$.items[*]", .count(3)), true),
        (.json("$.items", .count(2)), false),
        (.json("$.items[?@.n > 1].n", .equals([2, 3])), true),
        (.body(.contains("Lovelace")), true), (.body(.matches(#""id":\s*7"#)), true), (.body(.equals("{}")), false),
        (.durationUnder(0.5), true), (.durationUnder(0.01), false),
        (.schema(["type": "object", "required": ["id", "name"], "properties": ["id": ["type": "integer"]]]), true),
        (.schema(["type": "object", "required": ["email"]]), false),
        (.schema(["properties": ["tags": ["type": "array", "items": ["enum": ["admin", "math"]]]]]), true),
        (.schema(["properties": ["tags": ["items": ["enum": ["admin"]]]]]), false),
        (.schema(["properties": ["id": ["type": ["string", "null"]]]]), false),
    ]

    @Test("every kind of expectation passes and fails", arguments: cases.indices)
    func kinds(_ index: Int) {
        let (expectation, passes) = Self.cases[index]
        let result = Self.check(expectation)
        #expect(result.passed == passes, "\(expectation): \(result.expected) — got \(result.actual)")
    }

    @Test("a failed expectation reports what was expected and the actual value")
    func failureReportsActual() {
        let status = Self.check(.status(.exactly(201)), Self.facts(status: 404))
        #expect(status.expected == "status is 201")
        #expect(status.actual == "404")
        let json = Self.check(.json("$.name", .equals("Grace")))
        #expect(json.expected == #"$.name equals "Grace""#)
        #expect(json.actual == #""Ada Lovelace""#)
        let missing = Self.check(.json("$.nothing", .equals(1)))
        #expect(missing.actual == "nothing selected")
        let schema = Self.check(.schema(["type": "object", "required": ["email"]]))
        #expect(schema.actual == "the answer: required property 'email' is missing (schema /required)")
    }

    @Test("checks on a body that is not JSON fail with the reason, never crash")
    func notJSON() {
        let result = Self.check(.json("$.id", .exists(true)), Self.facts(body: "<html>"))
        #expect(!result.passed)
        #expect(result.actual.contains("not JSON"))
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(!Self.check(.schema(["type": "array"]), Self.facts(body: deep)).passed)
    }

    @Test("a body with a number beyond Double's range (1e400) is JSON: checks and schemas read it")
    func hugeNumbers() {
        let facts = Self.facts(body: #"{"id": 1e400, "low": -1e400}"#)
        #expect(Self.check(.json("$.id", .compare(.greater, 1e308)), facts).passed)
        #expect(Self.check(.json("$.low", .compare(.less, 0)), facts).passed)
        #expect(Self.check(.json("$.id", .type("number")), facts).passed)
        #expect(Self.check(.schema(["type": "object", "properties": ["id": ["type": "number"]]]), facts).passed)
    }

    /// A live answer to `url` with `phases`, or one from `source`.
    static func timed(
        _ phases: TransferPhases?, url: String = "https://127.0.0.1/x", source: ResponseSource = .live
    ) -> ResponseFacts {
        var response = Response(
            status: .ok, source: source, request: Request(url: URL(string: url)!),
            timing: Response.Timing(start: Date(), duration: .milliseconds(120)))
        response.phases = phases
        return ResponseFacts(response)
    }

    @Test(
        "timing budgets: phases compared, one that did not happen is 0 ms, one inside connect settled by it"
    )
    func timing() {
        let fresh = TransferPhases(
            connect: .milliseconds(12), firstByte: .milliseconds(30), transfer: .milliseconds(5),
            total: .milliseconds(47), reusedConnection: false)
        let total = Self.check(.timing(.total, .less, 200), Self.timed(fresh))
        #expect(total.passed && total.expected == "totalMs < 200 ms" && total.actual == "47 ms")
        #expect(!Self.check(.timing(.firstByte, .less, 10), Self.timed(fresh)).passed)
        #expect(Self.check(.timing(.firstByte, .greaterOrEqual, 30), Self.timed(fresh)).passed)
        let tls = Self.check(.timing(.tls, .less, 50), Self.timed(fresh))
        #expect(tls.passed && tls.actual == "not measured apart: within connectMs 12 ms", "\(tls)")
        #expect(!Self.check(.timing(.tls, .less, 5), Self.timed(fresh)).passed, "connect does not settle it")
        #expect(!Self.check(.timing(.dns, .greater, 1), Self.timed(fresh)).passed, "a lower bound is never settled")
        let plain = Self.check(.timing(.tls, .less, 1), Self.timed(fresh, url: "http://127.0.0.1/x"))
        #expect(plain.passed && plain.actual == "0 ms (no TLS over http)")
        let reused = TransferPhases(firstByte: .milliseconds(3), total: .milliseconds(4), reusedConnection: true)
        let connect = Self.check(.timing(.connect, .less, 1), Self.timed(reused))
        #expect(connect.passed && connect.actual == "0 ms (the connection was open already)")
        #expect(Self.check(.timing(.send, .less, 1), Self.timed(reused)).actual == "0 ms (sent with the head)")
        let cached = Self.check(.timing(.total, .less, 1), Self.timed(nil, source: .cache))
        #expect(cached.passed && cached.actual == "not timed: answered from the cache")
        let unmeasured = Self.check(.timing(.total, .less, 1000), Self.timed(nil))
        #expect(!unmeasured.passed && unmeasured.actual == "not measured by this transport")
    }
}
