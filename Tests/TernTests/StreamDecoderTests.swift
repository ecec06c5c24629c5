import Foundation
import Testing

@testable import Tern

/// The examples are the HTML standard's own (§9.2.5 "Parsing an event stream" and its examples).
@Suite("Server-Sent Events and JSON lines decoding")
struct StreamDecoderTests {
    private func events(_ text: String, chunk: Int = .max) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            events += try parser.parse(bytes[start..<end])
            start = end
        }
        return events + parser.finish()
    }

    @Test("the standard's stock-ticker example: data lines join with line feeds", arguments: [1, 2, 7, Int.max])
    func multiLineData(chunk: Int) throws {
        let parsed = try events("data: YHOO\ndata: +2\ndata: 10\n\n", chunk: chunk)
        #expect(parsed == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test("the standard's example with a comment and ids: the last id persists, a bare 'id' clears it")
    func commentsAndIDs() throws {
        let text = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n"
        let parsed = try events(text)
        #expect(parsed.map(\.data) == ["first event", "second event"])
        #expect(parsed.map(\.id) == ["1", ""])
        // "data:  third event" has no blank line after it: discarded at the end of the stream.
    }

    @Test("the standard's example of empty data: two events, the unfinished third discarded")
    func emptyData() throws {
        let parsed = try events("data\n\ndata\ndata\n\ndata:", chunk: 3)
        #expect(parsed.map(\.data) == ["", "\n"])
    }

    @Test("the standard's example: one leading space is dropped, the second is kept")
    func oneSpace() throws {
        #expect(try events("data:test\n\ndata: test\n\n").map(\.data) == ["test", "test"])
        #expect(try events("data:  test\n\n").map(\.data) == [" test"])
    }

    @Test("CR, LF and CRLF all end lines, also when a CRLF is split across chunks", arguments: [1, 2, 3, Int.max])
    func lineEndings(chunk: Int) throws {
        let text = "event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\rdata: 3\n\n"
        let parsed = try events(text, chunk: chunk)
        #expect(parsed.map(\.event) == ["a", "b", "message"])
        #expect(parsed.map(\.data) == ["1", "2", "3"])
    }

    @Test("a leading BOM is skipped, even split across chunks; a later one is data", arguments: [1, Int.max])
    func byteOrderMark(chunk: Int) throws {
        let parsed = try events("\u{FEFF}data: x\n\ndata: \u{FEFF}y\n\n", chunk: chunk)
        #expect(parsed.map(\.data) == ["x", "\u{FEFF}y"])
    }

    @Test("retry takes digits only; unknown fields and an event without data are ignored")
    func retryAndUnknown() throws {
        let parsed = try events("retry: 1500\nfoo: bar\ndata: a\n\nretry: 1x\nevent: only\n\ndata: b\n\n")
        #expect(parsed.map(\.retry) == [1500, nil])
        #expect(parsed.map(\.data) == ["a", "b"])
        #expect(parsed.map(\.event) == ["message", "message"])
    }

    @Test("a line past the limit is an error, not unbounded memory")
    func lineLimit() {
        var parser = ServerSentEventParser(maximumLineBytes: 16)
        #expect(throws: StreamDecodingError.self) {
            _ = try parser.parse(Array(repeating: UInt8(ascii: "a"), count: 17))
        }
    }

    @Test("JSON lines: blank lines skipped, CRLF and a missing final line feed handled")
    func jsonLines() throws {
        let body = Array("{\"a\":1}\r\n\n  \n{\"a\":2}\n{\"a\":3}".utf8)
        let items = try StreamDecoder.items(of: body, format: .jsonLines)
        #expect(items == [.line("{\"a\":1}"), .line("{\"a\":2}"), .line("{\"a\":3}")])
    }

    @Test("stream formats come from the media type, parameters and case ignored")
    func formats() {
        #expect(StreamFormat(contentType: "text/event-stream; charset=utf-8") == .serverSentEvents)
        #expect(StreamFormat(contentType: "Application/X-NDJSON") == .jsonLines)
        #expect(StreamFormat(contentType: "application/json") == nil)
    }
}
