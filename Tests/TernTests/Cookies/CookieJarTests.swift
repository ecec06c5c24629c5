import Foundation
import Synchronization
import Testing

@testable import Tern

/// `CookieJar`: the storage model of RFC 6265 section 5.3, the order of 5.4, limits and Codable.
@Suite("Cookies: the jar")
struct CookieJarTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test("longer paths first, then earlier creation; a replaced cookie keeps its creation time")
    func order() throws {
        let jar = CookieJar()
        let site = try url("http://example.com/docs/page")
        jar.store(setCookieFields: ["a=1; Path=/"], for: site, at: Self.now)
        jar.store(setCookieFields: ["b=2; Path=/docs"], for: site, at: Self.now.addingTimeInterval(1))
        jar.store(setCookieFields: ["c=3; Path=/"], for: site, at: Self.now.addingTimeInterval(2))
        jar.store(setCookieFields: ["a=4; Path=/"], for: site, at: Self.now.addingTimeInterval(3))
        #expect(jar.cookieHeader(for: site, at: Self.now.addingTimeInterval(4)) == "b=2; a=4; c=3")
        #expect(jar.cookieHeader(for: try url("http://example.com/"), at: Self.now) == "a=4; c=3")
    }

    @Test("host-only unless Domain is given; a Domain the host does not match, or a public suffix, is refused")
    func domains() throws {
        let jar = CookieJar()
        let www = try url("http://www.example.com/")
        jar.store(setCookieFields: ["host=1", "wide=2; Domain=example.com"], for: www, at: Self.now)
        jar.store(setCookieFields: ["evil=3; Domain=other.com", "tld=4; Domain=com"], for: www, at: Self.now)
        jar.store(setCookieFields: ["suffix=5; Domain=co.uk"], for: try url("http://shop.co.uk/"), at: Self.now)
        jar.store(setCookieFields: ["ip=6; Domain=0.0.1"], for: try url("http://127.0.0.1/"), at: Self.now)
        #expect(jar.cookieHeader(for: www, at: Self.now) == "host=1; wide=2")
        #expect(jar.cookieHeader(for: try url("http://api.example.com/"), at: Self.now) == "wide=2")
        #expect(jar.cookieHeader(for: try url("http://other.com/"), at: Self.now) == nil)
        #expect(jar.all(at: Self.now).map(\.name) == ["wide", "host"])
        let local = try url("http://localhost/")
        jar.store(setCookieFields: ["same=7; Domain=localhost"], for: local, at: Self.now)
        #expect(jar.cookies(for: local, at: Self.now).first?.hostOnly == true, "a suffix equal to the host: host-only")
    }

    @Test("Secure goes over https and to loopback only, and only a secure origin may set it")
    func secure() throws {
        let jar = CookieJar()
        jar.store(setCookieFields: ["s=1; Secure", "p=2"], for: try url("https://example.com/"), at: Self.now)
        jar.store(setCookieFields: ["t=3; Secure"], for: try url("http://example.com/"), at: Self.now)
        #expect(jar.cookieHeader(for: try url("http://example.com/"), at: Self.now) == "p=2")
        #expect(jar.cookieHeader(for: try url("https://example.com/"), at: Self.now) == "s=1; p=2")
        jar.store(setCookieFields: ["l=4; Secure"], for: try url("http://127.0.0.1:8080/"), at: Self.now)
        #expect(jar.cookieHeader(for: try url("http://127.0.0.1:9090/x"), at: Self.now) == "l=4")
        let secureSite = try url("https://example.com/")
        jar.store(setCookieFields: ["__Host-a=1; Secure; Domain=example.com; Path=/"], for: secureSite, at: Self.now)
        jar.store(setCookieFields: ["__Secure-b=1"], for: secureSite, at: Self.now)
        #expect(!jar.all(at: Self.now).contains { $0.name.hasPrefix("__") })
    }

    @Test("expiry: an expired cookie is not sent, Max-Age=0 deletes, and removeExpired drops it")
    func expiry() throws {
        let jar = CookieJar()
        let site = try url("http://example.com/")
        jar.store(setCookieFields: ["short=1; Max-Age=60", "long=2; Max-Age=3600", "gone=3"], for: site, at: Self.now)
        jar.store(setCookieFields: ["gone=x; Max-Age=0"], for: site, at: Self.now)
        #expect(jar.cookieHeader(for: site, at: Self.now) == "short=1; long=2")
        #expect(jar.cookieHeader(for: site, at: Self.now.addingTimeInterval(61)) == "long=2")
        #expect(jar.removeExpired(at: Self.now.addingTimeInterval(61)) == 1)
        #expect(jar.storedCookies.map(\.name) == ["long"])
    }

    @Test("limits: oversized cookies are refused; per-domain and total counts evict the oldest")
    func limits() throws {
        let jar = CookieJar(limits: CookieJar.Limits(cookieSize: 4096, perDomain: 3, total: 5))
        let site = try url("http://a.test/")
        jar.store(setCookieFields: ["big=" + String(repeating: "x", count: 4094)], for: site, at: Self.now)
        #expect(jar.storedCookies.isEmpty)
        for index in 0..<5 {
            jar.store(setCookieFields: ["c\(index)=1"], for: site, at: Self.now.addingTimeInterval(Double(index)))
        }
        #expect(jar.storedCookies.map(\.name) == ["c2", "c3", "c4"])
        for index in 0..<3 {
            let other = try url("http://b.test/")
            jar.store(setCookieFields: ["d\(index)=1"], for: other, at: Self.now.addingTimeInterval(10))
        }
        #expect(jar.storedCookies.count == 5)
        #expect(!jar.storedCookies.contains { $0.name == "c2" })
    }

    @Test("delete by name (and domain) and clear change the revision; the jar round-trips through JSON")
    func deleteClearCodable() throws {
        let jar = CookieJar()
        let fields = ["a=1", "b=2; Max-Age=100; HttpOnly; SameSite=Strict"]
        jar.store(setCookieFields: fields, for: try url("http://x.test/"), at: Self.now)
        jar.store(setCookieFields: ["a=3"], for: try url("http://y.test/"), at: Self.now)
        let revision = jar.revision
        #expect(jar.delete(name: "a", domain: "x.test") == 1)
        #expect(jar.revision != revision)
        #expect(jar.delete(name: "missing") == 0)
        let data = try JSONEncoder().encode(jar.storedCookies)
        let copy = CookieJar(cookies: try JSONDecoder().decode([Cookie].self, from: data))
        #expect(copy.storedCookies == jar.storedCookies)
        #expect(copy.all(at: Self.now).first { $0.name == "b" }?.flags == ["HttpOnly", "SameSite=Strict"])
        #expect(jar.clear() == 2 && jar.storedCookies.isEmpty)
    }

    @Test("concurrent stores and reads neither crash nor lose cookies")
    func concurrency() async throws {
        let jar = CookieJar()
        let site = try url("http://c.test/")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    jar.store(setCookieFields: ["k\(index)=v"], for: site, at: Self.now)
                    _ = jar.cookieHeader(for: site, at: Self.now)
                }
            }
        }
        #expect(jar.storedCookies.count == 40)
    }
}
