import Foundation
import Testing

@testable import Tern
@testable import TernInterchange
@testable import TernWorkspace

/// Reads `Fixtures/har/NAME` (real recordings; origins in SOURCES.md) with the HAR importer.
func importHARFixture(_ name: String, group: String? = nil) throws -> ImportedCollection {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/har/\(name)")
    let data = try Data(contentsOf: url)
    let folder = FileManager.default.temporaryDirectory
    return try HARImporter.read(
        ImportSource(data: data, name: name, baseDirectory: folder, workspaceRoot: folder, group: group))
}

extension ImportedCollection {
    /// The spec whose method and path are these.
    func spec(_ method: String, _ path: String) -> ImportedSpec? {
        specs.first { $0.spec.method == method && $0.spec.path == path }
    }

    /// The reason `item` was skipped.
    func skipReason(_ item: String) -> String? {
        skipped.first { $0.item == item }?.reason
    }
}

@Suite("HAR import of real recordings")
struct HARCorpusTests {
    @Test("Chrome: pseudo-headers dropped, the logo skipped as an image, cookies as placeholders, base64 decoded")
    func chrome() throws {
        let imported = try importHARFixture("chrome.har")
        #expect(imported.format == .har)
        #expect(imported.specs.count == 2)
        #expect(imported.title == "mitmproxy.org", "a tie between hosts goes to the first")
        let page = try #require(imported.spec("GET", "https://mitmproxy.org/"))
        #expect(page.folders == ["mitmproxy.org"], "two hosts: a folder per host")
        #expect(page.spec.headers.allSatisfy { !$0.name.hasPrefix(":") })
        #expect(page.spec.header("if-none-match") == #"W/"a1550c2bd25c5bcfef789d730f5bbddf""#)
        #expect(page.spec.target == nil)
        let recorded = try #require(page.recorded)
        #expect(recorded.status == 304)
        #expect(recorded.body.count == 23866, "the base64 body is decoded to its recorded size")
        let google = try #require(imported.spec("GET", "https://www.google.com/"))
        #expect(google.recorded == nil, "status 0: the request never got an answer")
        let logo =
            "GET https://www.google.com/images/branding/googlelogo/2x/googlelogo_light_color_272x92dp.png"
        #expect(imported.skipReason(logo) == "a static asset (image)")
    }

    @Test("Chrome's cookie header keeps harmless cookies and moves session ones to the environment")
    func chromeCookies() throws {
        let text = try String(contentsOf: fixtureURL("chrome.har"), encoding: .utf8)
        // The logo's request carries Google's session cookies; import it as an API call to see them.
        let asAPI = text.replacingOccurrences(of: "\"_resourceType\": \"image\"", with: "\"_resourceType\": \"fetch\"")
            .replacingOccurrences(of: "googlelogo_light_color_272x92dp.png", with: "logo")
            .replacingOccurrences(of: "\"mimeType\": \"image/png\"", with: "\"mimeType\": \"application/json\"")
        let folder = FileManager.default.temporaryDirectory
        let imported = try HARImporter.read(
            ImportSource(data: Data(asAPI.utf8), name: "chrome.har", baseDirectory: folder, workspaceRoot: folder))
        let logo = try #require(imported.spec("GET", "https://www.google.com/images/branding/googlelogo/2x/logo"))
        let cookie = try #require(logo.spec.header("cookie"))
        #expect(cookie.hasPrefix("SID={{secret:COOKIE_SID}}; __Secure-1PSID={{secret:COOKIE_SECURE_1PSID}}"))
        #expect(!cookie.contains("YAieF18TdLas"), "no session value in clear")
        #expect(imported.secrets.contains { $0.name == "COOKIE_SID" && $0.value?.isEmpty == false })
    }

    @Test("Firefox: images, scripts and the icon skipped by type; JSON and XML calls kept in time order")
    func firefox() throws {
        let imported = try importHARFixture("firefox.har")
        #expect(
            imported.specs.map(\.spec.path) == [
                "https://mitmproxy.org/", "https://mitmproxy.org/github-btn.html",
                "https://mitmproxy.org/github-btn.html",
                "https://s3-us-west-2.amazonaws.com/snapshots.mitmproxy.org",
                "https://mitmproxy.org/data/github-stats.json",
            ])
        #expect(imported.skipped.count == 9)
        #expect(imported.skipReason("GET https://mitmproxy.org/logo-navbar.png") == "a static asset (image/png)")
        #expect(imported.skipReason("GET https://mitmproxy.org/polyfills.js") == "a static asset (text/javascript)")
        #expect(
            imported.skipReason("GET https://mitmproxy.org/favicon.ico") == "a static asset (image/vnd.microsoft.icon)")
        let bucket = try #require(imported.spec("GET", "https://s3-us-west-2.amazonaws.com/snapshots.mitmproxy.org"))
        #expect(bucket.spec.query.map(\.name) == ["delimiter", "prefix"])
        #expect(bucket.spec.query.first?.value == .string("/"))
        #expect(bucket.folders == ["s3-us-west-2.amazonaws.com"])
        let button = imported.specs[1].spec
        #expect(button.query.first.map { $0.name == "user" && $0.value == .string("mhils") } == true)
        #expect(button.header("Host") == nil)
        #expect(imported.title == "mitmproxy.org")
    }

    @Test("Charles: one host, no folders; an empty query item kept")
    func charles() throws {
        let imported = try importHARFixture("charles.har")
        let spec = try #require(imported.specs.first)
        #expect(spec.folders.isEmpty)
        #expect(spec.spec.path == "https://mitmproxy.org/")
        #expect(spec.spec.query.count == 1)
        #expect(spec.spec.header("User-Agent") == "Charles/4.6.3")
        #expect(spec.fileName == "get-mitmproxy-org")
        #expect(spec.recorded?.status == 200)
        #expect(imported.title == "mitmproxy.org")
    }

    @Test("A text/plain ping keeps its body as text with its type; a BOM changes nothing")
    func postData() throws {
        for name in ["postdata.har", "with-bom.har"] {
            let imported = try importHARFixture(name)
            let spec = try #require(imported.spec("POST", "https://signal-metrics-collector-beta.s-onetag.com/metrics"))
            guard case .text(let text) = spec.spec.body else {
                Issue.record("\(name): \(String(describing: spec.spec.body))")
                continue
            }
            #expect(text.hasPrefix(#"{"metadata":{"pageViewId":1689428126308"#))
            #expect(spec.spec.header("content-type") == "text/plain;charset=UTF-8")
            #expect(spec.spec.header("content-length") == nil)
            #expect(spec.recorded?.body.isEmpty == true)
        }
    }

    @Test("Insomnia: empty postData means no body")
    func insomnia() throws {
        let spec = try #require(try importHARFixture("insomnia.har").specs.first)
        #expect(spec.spec.path == "http://mitm.it/")
        #expect(spec.spec.body == nil)
        #expect(spec.spec.headers.isEmpty)
    }

    @Test("Firebug 1.1: form params become form fields; the scripts are skipped by type")
    func firebugPost() throws {
        let imported = try importHARFixture("firebug-post.har")
        #expect(imported.specs.count == 1)
        let search = try #require(imported.spec("POST", "https://duckduckgo.com/"))
        guard case .form(let pairs) = search.spec.body else {
            Issue.record("\(String(describing: search.spec.body))")
            return
        }
        #expect(pairs.map(\.name) == ["kg", "q"])
        #expect(pairs.last?.value == "http archive format")
        #expect(imported.skipped.map(\.reason).allSatisfy { $0 == "a static asset (application/x-javascript)" })
        #expect(imported.skipped.count == 3)
    }

    @Test("Firebug 1.1 without bodies: no replay and a warning; the CSS, JS and GIF beacons skipped")
    func firebugCookies() throws {
        let imported = try importHARFixture("firebug-cookies-n-cache.har")
        #expect(imported.specs.map(\.spec.method) == ["GET", "GET"])
        let redirect = try #require(imported.spec("GET", "https://accounts.google.com/RecoverAccount"))
        #expect(redirect.recorded == nil)
        #expect(imported.warnings.contains { $0.contains("RecoverAccount") && $0.contains("left its body out") })
        #expect(redirect.spec.header("Connection") == nil)
        let cookie = try #require(redirect.spec.header("Cookie"))
        #expect(cookie.contains("GAPS=1:DDqz846LwmuAAEMnC2gyLWhWKFcnVw:gbYgam4NP7QziTrv"), "GAPS names no secret")
        #expect(cookie.contains("GMAIL_RTT=270"))
        #expect(imported.skipped.count == 4)
        #expect(imported.skipped.allSatisfy { $0.reason.hasPrefix("a static asset") })
    }
}

/// `Fixtures/har/NAME`.
func fixtureURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/har/\(name)")
}
