import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("HAR import of hostile input")
struct HARHostileTests {
    private static func read(_ data: Data) throws(ImportError) -> ImportedCollection {
        let folder = FileManager.default.temporaryDirectory
        return try HARImporter.read(
            ImportSource(data: data, name: "x.har", baseDirectory: folder, workspaceRoot: folder))
    }

    private static func error(_ text: String) -> ImportError? {
        failure(Data(text.utf8))
    }

    private static func failure(_ data: Data) -> ImportError? {
        do {
            _ = try read(data)
            return nil
        } catch {
            return error
        }
    }

    @Test("A truncated file is an error at its line and column")
    func truncated() throws {
        let text = String(decoding: harDocument([harEntry(#"{"method": "GET", "url": "https://h/a"}"#)]), as: UTF8.self)
        let error = try #require(Self.error("{\n  \"log\": " + String(text.dropFirst(8).prefix(60))))
        #expect(error.location?.hasPrefix("x.har:") == true, "\(error)")
        #expect(error.message.hasPrefix("this is not JSON"), "\(error)")
    }

    @Test(
        "Wrong types and missing fields are errors at their JSON pointer",
        arguments: [
            ("[1]", "#/", "this has the wrong type (expected an object)"),
            (#"{"log": {}}"#, "#/log", "'entries' is missing"),
            (#"{"log": {"entries": {}}}"#, "#/log/entries", "this has the wrong type (expected a list)"),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": 5}}]}}"#, "#/log/entries/0/request/url",
                "this has the wrong type (expected a string)"
            ),
            (
                #"{"log": {"entries": [{"request": {"url": "https://h"}}]}}"#, "#/log/entries/0/request",
                "'method' is missing"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://h", "#
                    + #""headers": [{"value": "1"}]}}]}}"#,
                "#/log/entries/0/request/headers/0", "'name' is missing"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": null, "url": "https://h"}}]}}"#,
                "#/log/entries/0/request/method", "this is null (expected a string)"
            ),
        ])
    func wrongTypes(text: String, location: String, message: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.location == location)
        #expect(error.message == message)
    }

    @Test("A broken entry is skipped with its JSON pointer; the entries around it import")
    func brokenEntrySkipped() throws {
        let text =
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://h/a"}}, "#
            + #"{"request": {"method": "GET", "url": 5}}, "#
            + #"{"request": {"method": "GET", "url": "https://h/c", "headers": [{"value": "1"}]}}, "#
            + #"{"request": {"method": "POST", "url": "https://h/d"}}]}}"#
        let imported = try Self.read(Data(text.utf8))
        #expect(imported.specs.map(\.spec.path) == ["https://h/a", "https://h/d"])
        let skipped = imported.skipped.map { "\($0.item): \($0.reason)" }
        #expect(
            skipped == [
                "#/log/entries/1: #/log/entries/1/request/url: this has the wrong type (expected a string)",
                "#/log/entries/2: #/log/entries/2/request/headers/0: 'name' is missing",
            ])
    }

    @Test("10 000 entries import, in order, without stalling")
    func manyEntries() throws {
        var text = #"{"log": {"entries": ["#
        text.reserveCapacity(1_400_000)
        for index in 0..<10_000 {
            if index > 0 { text += "," }
            let second = String(format: "%02d", index % 60)
            text +=
                #"{"startedDateTime": "2024-05-01T10:00:\#(second)Z", "request": {"method": "GET", "#
                + #""url": "https://h/items/\#(index)"}, "response": {"status": 200}}"#
        }
        text += "]}}"
        let imported = try Self.read(Data(text.utf8))
        #expect(imported.specs.count == 10_000)
        #expect(imported.specs.first?.spec.path == "https://h/items/0")
        #expect(imported.specs.last?.spec.path == "https://h/items/9959")
        #expect(imported.specs[1].spec.path == "https://h/items/60", "sorted by time, then file order")
    }

    @Test("A 12 MB base64 body is decoded whole")
    func hugeBase64() throws {
        let body = Data(repeating: 0xAB, count: 12 * 1024 * 1024)
        let response =
            #"{"status": 200, "content": {"size": \#(body.count), "mimeType": "application/octet-stream", "#
            + #""encoding": "base64", "text": "\#(body.base64EncodedString())"}}"#
        let data = harDocument([harEntry(#"{"method": "GET", "url": "https://h/blob"}"#, response: response)])
        let imported = try Self.read(data)
        #expect(imported.specs.first?.recorded?.body == body)
    }

    @Test("A source over 64 MiB is refused before it is parsed")
    func oversized() throws {
        let data = Data(repeating: 0x20, count: HARCodec.maximumSourceBytes + 1)
        let error = try #require(Self.failure(data))
        #expect(error.message.contains("are refused"))
        #expect(error.location == "x.har")
    }

    @Test("Deep nesting is an error, and a deeply nested JSON body stays text; neither crashes")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(Self.error(#"{"log": {"entries": [], "x": \#(deep)}}"#))
        #expect(error.location != nil)
        let nested = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let request =
            #"{"method": "POST", "url": "https://h/n", "postData": {"mimeType": "application/json", "#
            + #""text": "\#(nested)"}}"#
        let spec = try #require(try importHAR([harEntry(request)]).specs.first).spec
        #expect(spec.body == .text(nested))
    }

    @Test("Text that is not UTF-8 JSON is an error naming the source")
    func binary() throws {
        let error = try #require(Self.failure(Data([0xFF, 0xFE, 0x00, 0x7B])))
        #expect(error.location?.hasPrefix("x.har") == true)
    }
}
