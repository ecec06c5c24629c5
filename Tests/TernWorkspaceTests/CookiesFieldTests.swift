import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// The per-spec `cookies:` switch: read, written back, and refused when it is not a boolean.
@Suite struct CookiesFieldTests {
    @Test func cookiesDefaultsToOnAndReadsFalse() throws {
        let folder = try Fixtures.demo([
            "specs/on.yaml": "method: GET\npath: /x\n", "specs/off.yaml": "method: GET\npath: /x\ncookies: false\n",
        ])
        let workspace = try folder.load()
        #expect(try workspace.spec(named: "on").spec.cookies)
        #expect(try workspace.spec(named: "off").spec.cookies == false)
    }

    @Test func cookiesFalseIsWrittenAndReadBack() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "method: GET\npath: /x\n"])
        var entry = try folder.load().spec(named: "s")
        entry.spec.cookies = false
        try folder.load().save(entry)
        #expect(try folder.read("specs/s.yaml").contains("cookies: false"))
        #expect(try folder.load().spec(named: "s").spec.cookies == false)
        entry.spec.cookies = true
        try folder.load().save(entry)
        #expect(try folder.load().spec(named: "s").spec.cookies)
    }

    @Test func aValueOtherThanTrueOrFalseIsAnErrorAtItsPosition() throws {
        let folder = try Fixtures.demo(["specs/bad.yaml": "method: GET\npath: /x\ncookies: sometimes\n"])
        do {
            _ = try folder.load()
            Issue.record("loading succeeded")
        } catch {
            #expect(error.file?.lastPathComponent == "bad.yaml")
            #expect((error.line, error.column) == (3, 10))
            #expect(error.message == "'cookies' must be true or false, not 'sometimes'", "\(error.message)")
            #expect(error.description.contains("bad.yaml:3:10: "))
        }
    }
}
