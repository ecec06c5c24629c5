import Foundation
import Testing

@testable import Tern

/// `SetCookie`, `CookieDate` and the matching rules of RFC 6265 section 5.1.
@Suite("Cookies: parsing and matching")
struct CookieParsingTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("dates: the forms servers send, two-digit years, and out-of-range parts")
    func dates() throws {
        let expected = try #require(HTTPDate.parse("Wed, 09 Jun 2021 10:18:14 GMT"))
        #expect(CookieDate.parse("Wed, 09 Jun 2021 10:18:14 GMT") == expected)
        #expect(CookieDate.parse("Wednesday, 09-Jun-21 10:18:14 GMT") == expected)
        #expect(CookieDate.parse("Wed Jun 09 10:18:14 2021") == expected)
        #expect(CookieDate.parse("9 jun 2021 10:18:14") == expected)
        #expect(CookieDate.parse("Thu, 01-Jan-70 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(CookieDate.parse("Sat, 01 Jan 2000 24:00:00 GMT") == nil, "hour 24")
        #expect(CookieDate.parse("Thu, 31 Feb 2021 10:00:00 GMT") == nil, "no 31 February")
        #expect(CookieDate.parse("Mon, 01 Jan 1600 10:00:00 GMT") == nil, "before 1601")
        #expect(CookieDate.parse("Wed, 09 Jun 2021") == nil, "no time")
        #expect(CookieDate.parse("") == nil)
        #expect(CookieDate.parse(String(repeating: "9", count: 100_000)) == nil)
    }

    @Test("Set-Cookie: lenient name and value, attributes case-insensitive, the last one wins")
    func attributes() throws {
        let cookie = try #require(
            SetCookie(
                " id = a b ; Path=/x; path=/docs ; DOMAIN=.Example.COM; secure; HttpOnly; SameSite=lax; Unknown=1",
                at: Self.now))
        #expect(cookie.name == "id" && cookie.value == "a b")
        #expect(cookie.path == "/docs" && cookie.domain == "example.com")
        #expect(cookie.secure && cookie.httpOnly && cookie.sameSite == .lax)
        #expect(SetCookie("novalue", at: Self.now) == nil)
        #expect(SetCookie("=value", at: Self.now) == nil)
        #expect(SetCookie("a=b; Path=relative", at: Self.now)?.path == nil)
        #expect(SetCookie("a=b; SameSite=sometimes", at: Self.now)?.sameSite == nil)
        #expect(SetCookie("a=b; samesite=NONE; Secure", at: Self.now)?.sameSite == Cookie.SameSite.none)
        #expect(SetCookie("a=\u{1}", at: Self.now) == nil)
        #expect(SetCookie("a=" + String(repeating: "x", count: 9000), at: Self.now) == nil)
    }

    @Test("Max-Age beats Expires whatever the order; zero or negative expires at once; huge saturates")
    func maxAge() throws {
        let later = try #require(SetCookie("a=b; Max-Age=60; Expires=Wed, 09 Jun 2021 10:18:14 GMT", at: Self.now))
        #expect(later.expires == Self.now.addingTimeInterval(60))
        let reversed = try #require(SetCookie("a=b; Expires=Wed, 09 Jun 2021 10:18:14 GMT; Max-Age=60", at: Self.now))
        #expect(reversed.expires == Self.now.addingTimeInterval(60))
        #expect(SetCookie("a=b; Max-Age=0", at: Self.now)?.expires == .distantPast)
        #expect(SetCookie("a=b; Max-Age=-5", at: Self.now)?.expires == .distantPast)
        #expect(SetCookie("a=b; Max-Age=1e3", at: Self.now)?.expires == nil, "not digits: ignored")
        let huge = try #require(SetCookie("a=b; Max-Age=" + String(repeating: "9", count: 400), at: Self.now))
        #expect((huge.expires ?? .distantPast) > Self.now)
        #expect(SetCookie("a=b; Expires=garbage", at: Self.now)?.expires == nil)
    }

    @Test("default-path, path-match and domain-match follow sections 5.1.3 and 5.1.4")
    func matching() throws {
        func url(_ text: String) throws -> URL { try #require(URL(string: text)) }
        #expect(CookieMatching.defaultPath(of: try url("http://a.test/docs/page")) == "/docs")
        #expect(CookieMatching.defaultPath(of: try url("http://a.test/page")) == "/")
        #expect(CookieMatching.defaultPath(of: try url("http://a.test")) == "/")
        #expect(CookieMatching.pathMatches("/docs", "/docs"))
        #expect(CookieMatching.pathMatches("/docs/x", "/docs"))
        #expect(CookieMatching.pathMatches("/docs/x", "/docs/"))
        #expect(!CookieMatching.pathMatches("/docsx", "/docs"))
        #expect(!CookieMatching.pathMatches("/", "/docs"))
        #expect(CookieMatching.domainMatches("www.example.com", "example.com"))
        #expect(!CookieMatching.domainMatches("badexample.com", "example.com"))
        #expect(!CookieMatching.domainMatches("1.2.3.4", "2.3.4"))
        #expect(CookieMatching.isIPAddress("127.0.0.1") && CookieMatching.isIPAddress("::1"))
        #expect(CookieMatching.isSecureContext(try url("https://example.com")))
        #expect(CookieMatching.isSecureContext(try url("http://127.0.0.1:8080/")))
        #expect(CookieMatching.isSecureContext(try url("http://localhost/")))
        #expect(!CookieMatching.isSecureContext(try url("http://example.com/")))
        #expect(CookieMatching.canonicalHost(of: try url("http://WWW.Example.COM./x")) == "www.example.com")
    }
}
