import Foundation
import HTTPTypes
import Testing

@testable import Tern

/// RFC 9111 §4.2 as a private cache reckons it, rule by rule, without a network: lifetimes, ages, the
/// three HTTP date forms, `Cache-Control` parsing and the fields a cache never stores.
@Suite("RFC 9111: freshness, ages, dates and stored fields")
struct FreshnessTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func lifetime(_ fields: HTTPFields, status: Int = 200, heuristic: TimeInterval = 300) -> TimeInterval? {
        Freshness.lifetime(headers: fields, status: status, responseTime: now, heuristic: heuristic)
    }

    @Test("the three HTTP date forms name the same instant; names in any case")
    func dateForms() throws {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("sun, 06 NOV 1994 08:49:37 gmt") == expected)
        #expect(HTTPDate.format(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(now)) == now)
    }

    @Test("an RFC 850 two-digit year is the one not more than 50 years ahead (RFC 9110 §5.6.7)")
    func twoDigitYears() throws {
        // `now` is in 2027: 50 is 2050, 80 is 1980.
        let fifty = try #require(HTTPDate.parse("Thursday, 18-Aug-50 02:01:18 GMT", now: now))
        #expect(HTTPDate.format(fifty) == "Thu, 18 Aug 2050 02:01:18 GMT")
        let eighty = try #require(HTTPDate.parse("Monday, 18-Aug-80 02:01:18 GMT", now: now))
        #expect(HTTPDate.format(eighty) == "Mon, 18 Aug 1980 02:01:18 GMT")
    }

    @Test(
        "malformed dates are not dates",
        arguments: [
            "0", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 AEST", "Sun, 06 Nov 94 08:49:37 GMT",
            "Sun 06 Nov 1994 08:49:37 GMT", "Sun, 06  Nov 1994 08:49:37 GMT", "Sun, 06-Nov-1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08.49.37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT", "",
        ])
    func malformedDates(_ text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }

    @Test("max-age: the first one counts; negative, fractional, single-quoted or suffixed values are stale")
    func maxAge() {
        #expect(lifetime([.cacheControl: "max-age=3600"]) == 3600)
        #expect(lifetime([.cacheControl: "max-age=1800, max-age=1"]) == 1800)
        #expect(lifetime([.cacheControl: "max-age=003600"]) == 3600)
        #expect(lifetime([.cacheControl: "max-age=\"3600\""]) == 3600)
        #expect(lifetime([.cacheControl: "extension=\"max-age=3600\", max-age=1"]) == 1, "quoted text is a value")
        #expect(lifetime([.cacheControl: "max-age=1, extension=\"max-age=3600\""]) == 1)
        for invalid in ["max-age=-1", "max-age=3600.5", "max-age='3600'", "max-age=3600a", "max-age=a3600"] {
            #expect(lifetime([.cacheControl: invalid]) == 0, "\(invalid)")
        }
        #expect(lifetime([.cacheControl: "MAX-AGE=60"]) == 60, "directive names are case-insensitive")
        #expect(lifetime([.cacheControl: "max-age=99999999999"]) == DeltaSeconds.maximum)
    }

    @Test("no-store is never stored, no-cache is stale at once, s-maxage is for shared caches")
    func directives() {
        #expect(lifetime([.cacheControl: "nO-StOrE, max-age=3600"]) == nil)
        #expect(lifetime([.cacheControl: "No-CaChE, max-age=3600"]) == 0)
        #expect(lifetime([.cacheControl: "s-maxage=600"]) == 300, "ignored: the heuristic applies")
        #expect(lifetime([.cacheControl: "private, max-age=60"]) == 60, "this cache is private")
    }

    @Test("Expires counts from the response's Date; an invalid Expires or one before Date is stale")
    func expires() {
        let date = HTTPDate.format(now.addingTimeInterval(-100))
        let expires = HTTPDate.format(now.addingTimeInterval(500))
        #expect(lifetime([.date: date, .expires: expires]) == 600, "Expires − Date, not Expires − now")
        #expect(lifetime([.expires: expires]) == 500, "without Date, the response time stands in")
        #expect(lifetime([.date: date, .expires: HTTPDate.format(now.addingTimeInterval(-200))]) == 0)
        #expect(lifetime([.expires: "0"]) == 0)
        #expect(lifetime([.expires: expires, .cacheControl: "max-age=10"]) == 10, "max-age wins")
        var twoLines = HTTPFields()
        twoLines.append(HTTPField(name: .expires, value: "garbage"))
        twoLines.append(HTTPField(name: .expires, value: expires))
        #expect(lifetime(twoLines) == 0, "the first line counts")
    }

    @Test("a heuristic lifetime only for heuristically cacheable statuses or a public answer")
    func heuristics() {
        #expect(lifetime([:], status: 200) == 300)
        #expect(lifetime([:], status: 404) == 300)
        #expect(lifetime([:], status: 201) == 0)
        #expect(lifetime([:], status: 202) == 0)
        #expect(lifetime([.cacheControl: "public"], status: 201) == 300)
        #expect(lifetime([:], status: 200, heuristic: 0) == 0, "cacheTTL: 0 means no heuristic")
        #expect(lifetime([.cacheControl: "max-age=60"], status: 201) == 60, "explicit freshness is for any status")
    }

    @Test("Age: the first value of the first line; anything else is ignored")
    func age() {
        var fields: HTTPFields = [.age: "7200, 0"]
        #expect(Freshness.age(fields) == 7200)
        fields = [.age: "0, 7200"]
        #expect(Freshness.age(fields) == 0)
        fields = HTTPFields()
        fields.append(HTTPField(name: .age, value: "old"))
        fields.append(HTTPField(name: .age, value: "0"))
        #expect(Freshness.age(fields) == nil, "an invalid first line is ignored, not replaced by the second")
        for invalid in ["abc", "-7200", "7200.0", ""] {
            #expect(Freshness.age([.age: invalid]) == nil, "\(invalid)")
        }
        #expect(Freshness.age([.age: "2147483649"]) == DeltaSeconds.maximum)
    }

    @Test("the initial age is the larger of a late Date and Age plus the response delay")
    func initialAge() {
        let date = HTTPDate.format(now.addingTimeInterval(-30))
        #expect(Freshness.initialAge(headers: [.date: date], requestTime: now, responseTime: now) == 30)
        #expect(
            Freshness.initialAge(
                headers: [.date: date, .age: "100"], requestTime: now.addingTimeInterval(-2),
                responseTime: now) == 102)
        let until = Freshness.validUntil(
            headers: [.cacheControl: "max-age=100", .age: "40"], status: 200, requestTime: now, responseTime: now,
            heuristic: 0)
        #expect(until == now.addingTimeInterval(60))
        let overAged = Freshness.validUntil(
            headers: [.cacheControl: "max-age=100", .age: "7200"], status: 200, requestTime: now, responseTime: now,
            heuristic: 0)
        #expect(overAged == now, "older than its lifetime: stale at once")
    }

    @Test("hop-by-hop and proxy fields, and those Connection names, are not stored; the rest are, Set-Cookie too")
    func storableFields() {
        var fields = HTTPFields()
        for (name, value) in [
            ("Connection", "a, B"), ("A", "1"), ("B", "2"), ("C", "3"), ("Keep-Alive", "timeout=5"), ("TE", "trailers"),
            ("Transfer-Encoding", "chunked"), ("Upgrade", "h2c"), ("Proxy-Authenticate", "Basic"),
            ("Proxy-Connection", "keep-alive"), ("Set-Cookie", "a=c"), ("Content-Type", "text/plain"),
        ] {
            fields.append(HTTPField(name: HTTPField.Name(name)!, value: value))
        }
        let kept = StorableFields.of(fields).map(\.name.canonicalName)
        #expect(kept == ["c", "set-cookie", "content-type"])
    }

    @Test("Cache-Control splits at commas outside quotes; names are lower-cased, the first of a name counts")
    func cacheControlParsing() {
        let control = CacheControl(lines: [#"Private="Set-Cookie, X-A", MAX-AGE=5"#, "max-age=9, no-cache"])
        #expect(control.directives.map(\.name) == ["private", "max-age", "max-age", "no-cache"])
        #expect(control.fieldNames("private") == ["set-cookie", "x-a"])
        #expect(control.seconds("max-age") == .valid(5))
        #expect(control.value("no-cache") == .some(nil))
        #expect(control.value("no-store") == nil)
    }
}
