import Foundation
import HTTPTypes
import Testing

@testable import Tern
@testable import TernExplorer
@testable import TernInterchange

@Suite("HAR model, codec and matching")
struct HARCodecTests {
    @Test("a BOM and missing optional fields are tolerated; defaults stand in")
    func lenientDecoding() throws {
        let text =
            "\u{FEFF}{\"log\": {\"entries\": [{\"request\": {\"method\": \"get\", \"url\": \"http://h/x\"}, "
            + "\"response\": {\"status\": 204}}]}}"
        let document = try HARCodec.decode(Data(text.utf8))
        let entry = try #require(document.log.entries.first)
        #expect(entry.request.headers.isEmpty)
        #expect(entry.response.content.bytes() == Data())
        #expect(entry.tern == nil)
        #expect(document.log.version == "1.2")
    }

    @Test(
        "malformed documents name what is wrong",
        arguments: [
            ("[1]", "wrong type"), ("{\"log\": {}}", "'entries' is missing"),
            (#"{"log": {"entries": [{"request": {"url": "http://h"}, "response": {"status": 200}}]}}"#, "'method'"),
            ("nope", "not JSON"),
        ])
    func malformed(text: String, expected: String) {
        let error = #expect(throws: ImportError.self) { try HARCodec.decode(Data(text.utf8)) }
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
    }

    @Test("a stored answer becomes an entry with a base64 body when binary, and round-trips")
    func storedEntry() throws {
        let stored = StoredResponse(
            key: "GET http://h/b?x=1 #0123456789abcdef @local", status: 200,
            headers: [.contentType: "application/octet-stream"], body: Data([0xff, 0x00, 0xfe]), source: .live,
            storedAt: Date(timeIntervalSince1970: 1_700_000_000),
            validUntil: Date(timeIntervalSince1970: 1_700_000_300),
            method: "GET", url: "http://h/b?x=1",
            request: RequestRecord(name: "files/b", partition: "local", method: "GET", url: "http://h/b?x=1")
        )
        let entry = try HAREntry(stored: stored)
        #expect(entry.response.content.encoding == "base64")
        #expect(entry.response.content.bytes() == stored.body)
        #expect(entry.response.statusText == "OK")
        #expect(entry.request.queryString == [HARPair(name: "x", value: "1")])
        #expect(entry.tern == HARTernFields(spec: "files/b", environment: "local", key: stored.key, storageKey: nil))
        let document = HARDocument(log: HARLog(creator: HARCreator(name: "tern", version: "1"), entries: [entry]))
        #expect(try HARCodec.decode(HARCodec.encode(document)) == document)
        #expect(throws: ExplorerError.self) { try SamplePromotion.sample(of: stored) }
    }

    @Test("path templates bind variables and refuse what does not fit")
    func pathTemplates() throws {
        let template = try #require(PathTemplate("/users/{{userId}}"))
        #expect(template.match("/users/1") == ["userId": "1"])
        #expect(template.match("/api/v1/users/42") == ["userId": "42"], "a base URL's path may come first")
        #expect(template.match("/users") == nil)
        #expect(template.match("/users/1/posts") == nil)
        let mixed = try #require(PathTemplate("https://h/files/{{name}}.json?x={{y}}"))
        #expect(mixed.match("/files/report.json") == ["name": "report"])
        #expect(mixed.match("/files/report.txt") == nil)
        #expect(PathTemplate("/a/{{env:SECRET}}")?.match("/a/b") == [:])
    }

    @Test(
        "the cache subcommands parse",
        arguments: [
            ("cache export out.har", Command.CacheAction.export("out.har", names: [], force: false)),
            ("cache export out.har users auth --force", .export("out.har", names: ["users", "auth"], force: true)),
            ("cache import in.har", .importHAR("in.har")),
            ("cache promote user-1", .promote("user-1", force: false)),
            ("cache promote --force user-1", .promote("user-1", force: true)),
        ])
    func parses(line: String, expected: Command.CacheAction) throws {
        #expect(try CommandParser.parse(line) == .cache(expected))
    }

    @Test(
        "wrong cache arguments print the usage",
        arguments: [
            "cache export", "cache import", "cache promote a b", "cache import a b",
        ])
    func usage(line: String) {
        #expect(throws: ExplorerError.self) { try CommandParser.parse(line) }
    }
}
