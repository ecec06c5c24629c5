import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import TernHTTPClient

/// The direct path's HTTP/1.1 answer reader: framing, refusals, and every split of the bytes, with NIO's
/// `HTTPResponseDecoder` as the oracle for what a well-formed answer is read as.
@Suite("DirectHTTP1Parser")
struct DirectHTTP1ParserTests {
    /// What a reader made of an answer: the head's status and fields, the body, whether the connection is kept.
    struct Reading: Equatable {
        var status = 0
        var reason = ""
        var fields: [String] = []
        var body: [UInt8] = []
        var ended = false
        var keepAlive = false
    }

    /// Reads `text` with the parser, cut into pieces of `piece` bytes, then the close when `close`.
    static func read(
        _ text: String, piece: Int = .max, head: Bool = false, close: Bool = false
    ) throws(HTTPParserError) -> Reading {
        var parser = DirectHTTP1Parser()
        parser.expect(head: head)
        var reading = Reading()
        let emit = { (part: DirectHTTP1Parser.Part) in
            switch part {
            case .head(let head):
                reading.status = Int(head.status.code)
                reading.reason = head.status.reasonPhrase
                reading.fields = head.headers.map { "\($0.name): \($0.value)" }
            case .body(let buffer): reading.body += buffer.readableBytesView
            case .end(let keepAlive):
                reading.ended = true
                reading.keepAlive = keepAlive
            }
        }
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            var buffer = ByteBuffer(bytes: bytes[start..<end])
            try parser.read(&buffer, emit: emit)
            start = end
        }
        if close { try parser.closed(emit: emit) }
        return reading
    }

    /// NIO's reading of the same answer to a GET (or HEAD).
    static func oracle(_ text: String, head: Bool = false, close: Bool = false) throws -> Reading {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHTTPClientHandlers()
        try channel.writeOutbound(
            HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: head ? .HEAD : .GET, uri: "/")))
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        try channel.writeInbound(ByteBuffer(string: text))
        if close { channel.pipeline.fireChannelInactive() }
        var reading = Reading()
        var keepAlive = true
        while let part = try channel.readInbound(as: HTTPClientResponsePart.self) {
            switch part {
            case .head(let head):
                if (100..<200).contains(head.status.code) { continue }
                reading.status = Int(head.status.code)
                reading.reason = head.status.reasonPhrase
                // Without the spaces after a value, which NIO keeps and HTTPTypes (where both paths' fields
                // end up) drops, as RFC 9110 §5.5 says they are not part of it.
                reading.fields = head.headers.map {
                    "\($0.name): \(withoutTrailingSpaces($0.value))"
                }
                keepAlive = head.isKeepAlive
            case .body(let buffer): reading.body += buffer.readableBytesView
            case .end:
                reading.ended = true
                reading.keepAlive = keepAlive
            }
        }
        _ = try? channel.finish()
        return reading
    }

    static func withoutTrailingSpaces(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }

    static let wellFormed: [(name: String, text: String, head: Bool, close: Bool)] = [
        (
            "a Content-Length body", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
            false, false
        ),
        (
            "chunked, with an extension and trailers",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\nWiki\r\n5\r\npedia\r\n"
                + "E\r\n in\r\n\r\nchunks.\r\n0\r\nX-T: 1\r\n\r\n",
            false, false
        ),
        (
            "a HEAD's answer announces a length it does not send", "HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n",
            true, false
        ),
        ("204 has no body", "HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n", false, false),
        ("304 has no body", "HTTP/1.1 304 Not Modified\r\nETag: \"e\"\r\nContent-Length: 10\r\n\r\n", false, false),
        (
            "100 Continue is passed over",
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx", false, false
        ),
        ("a body until the server closes", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it", false, true),
        ("HTTP/1.0 closes unless asked", "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi", false, false),
        ("Connection: close", "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi", false, false),
        (
            "an empty reason and values with spaces", "HTTP/1.1 404 \r\nX-Spaced:   a b  \r\nContent-Length: 0\r\n\r\n",
            false, false
        ),
        (
            "zero-padded lengths",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n00000000000000002\r\nab\r\n0\r\n\r\n", false, false
        ),
        (
            "a 19-digit Content-Length with leading zeros",
            "HTTP/1.1 200 OK\r\nContent-Length: 0000000000000000002\r\n\r\nab", false, false
        ),
        ("a CRLF after the body", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nab\r\n", false, false),
        (
            "bytes above ASCII in a value", "HTTP/1.1 200 OK\r\nX-Name: caf\u{e9}\r\nContent-Length: 0\r\n\r\n", false,
            false
        ),
    ]

    @Test("well-formed answers read as NIO's parser reads them, however the bytes are split")
    func sameAsNIO() throws {
        for answer in Self.wellFormed {
            let expected: Reading
            do { expected = try Self.oracle(answer.text, head: answer.head, close: answer.close) } catch {
                Issue.record("\(answer.name): the oracle refused it (\(error))")
                continue
            }
            #expect(expected.ended, "\(answer.name): the oracle did not end")
            for piece in [1, 2, 3, 7, 64, Int.max] {
                let reading = try Self.read(answer.text, piece: piece, head: answer.head, close: answer.close)
                #expect(reading == expected, "\(answer.name), pieces of \(piece)")
            }
        }
    }

    @Test(
        "lenient where RFC 9112 allows: folded lines, empty lines before the status line, bare LF, one length twice"
    )
    func lenientWhereTheRFCSays() throws {
        // NIO's parser (llhttp, strict) refuses the last two; curl reads them, as this does.
        let bareLF = try Self.read("HTTP/1.1 200 OK\nContent-Length: 2\n\nok", piece: 1)
        #expect(bareLF.status == 200 && bareLF.fields == ["Content-Length: 2"] && bareLF.body == Array("ok".utf8))
        let twice = try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")
        #expect(twice.body == Array("abc".utf8) && twice.ended)
        let folded = try Self.read("HTTP/1.1 200 OK\r\nX-Long: a\r\n  b\r\nContent-Length: 0\r\n\r\n")
        #expect(folded.fields == ["X-Long: a b", "Content-Length: 0"])
        let leading = try Self.read("\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx", piece: 1)
        #expect(leading.status == 200 && leading.body == [UInt8(ascii: "x")] && leading.ended)
    }

    @Test("Transfer-Encoding beside Content-Length: chunked wins, and the connection is not kept")
    func smuggling() throws {
        let reading = try Self.read(
            "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
        #expect(reading.body == Array("ok".utf8))
        #expect(reading.ended && !reading.keepAlive)
    }

    static let refused: [(name: String, text: String, close: Bool, error: HTTPParserError)] = [
        ("not HTTP/1.x", "HTTP/2 200 OK\r\n\r\n", false, .invalidVersion),
        ("not HTTP at all", "SSH-2.0-OpenSSH_9.2\r\n\r\n", false, .invalidVersion),
        ("a status that is not three digits", "HTTP/1.1 2x0 OK\r\n\r\n", false, .invalidStatus),
        ("a field name with a space", "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", false, .invalidHeaderToken),
        ("a field without a colon", "HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", false, .invalidHeaderToken),
        ("a NUL in a value", "HTTP/1.1 200 OK\r\nX-A: a\u{0}b\r\n\r\n", false, .invalidCharactersUsed),
        (
            "a Content-Length that is not a number", "HTTP/1.1 200 OK\r\nContent-Length: 12a\r\n\r\n", false,
            .invalidContentLength
        ),
        (
            "two different Content-Lengths", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", false,
            .invalidContentLength
        ),
        (
            "a chunk size that is not hexadecimal", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            false, .invalidChunkSize
        ),
        (
            "chunk data longer than its size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n",
            false, .lfExpected
        ),
        (
            "a body shorter than its Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", true,
            .invalidEOFState
        ),
        ("a close in the middle of the head", "HTTP/1.1 200 OK\r\nContent-Ty", true, .invalidEOFState),
        (
            "a close in the middle of a chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\na\r\nabc", true,
            .invalidEOFState
        ),
        (
            "bytes after the end of the answer", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nxEXTRA", false,
            .trailingGarbage
        ),
        ("an empty Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\nabc", false, .invalidContentLength),
        ("a Content-Length of commas", "HTTP/1.1 200 OK\r\nContent-Length: ,\r\n\r\nabc", false, .invalidContentLength),
        ("a CR inside the reason phrase", "HTTP/1.1 200 OK\rContent-Length: 5\r\n\r\n", false, .invalidStatus),
        (
            "a chunk size followed by more than an extension",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 zz\r\nab\r\n", false, .invalidChunkSize
        ),
    ]

    @Test("malformed answers are refused with NIO's parser errors, however the bytes are split")
    func refusals() {
        for answer in Self.refused {
            for piece in [1, 5, Int.max] {
                #expect(throws: answer.error, "\(answer.name), pieces of \(piece)") {
                    _ = try Self.read(answer.text, piece: piece, close: answer.close)
                }
            }
        }
    }

    @Test("a head larger than 80 KiB is refused as it arrives, without waiting for its end")
    func headLimit() {
        var parser = DirectHTTP1Parser()
        parser.expect(head: false)
        var buffer = ByteBuffer(string: "HTTP/1.1 200 OK\r\n")
        #expect(throws: Never.self) { try parser.read(&buffer) { _ in } }
        let field = ByteBuffer(string: "X-Filler: " + String(repeating: "a", count: 1000) + "\r\n")
        var refused: HTTPParserError?
        for _ in 0..<100 where refused == nil {
            var more = field
            do { try parser.read(&more) { _ in } } catch { refused = error }
        }
        #expect(refused == .headerOverflow)
        // And when the whole of it comes in one read.
        let whole =
            "HTTP/1.1 200 OK\r\n" + String(repeating: "X-Filler: aaaaaaaaaaaaaaaaaaaaaaaa\r\n", count: 3000) + "\r\n"
        #expect(throws: HTTPParserError.headerOverflow) { _ = try Self.read(whole) }
    }

    @Test("no head is handed on for an answer refused for its framing; an HTTP/1.0 chunked answer is not kept")
    func framingBeforeHead() throws {
        var parser = DirectHTTP1Parser()
        parser.expect(head: false)
        var heads = 0
        var buffer = ByteBuffer(string: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
        #expect(throws: HTTPParserError.invalidContentLength) {
            try parser.read(&buffer) { if case .head = $0 { heads += 1 } }
        }
        #expect(heads == 0)
        let old = try Self.read(
            "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n")
        #expect(old.body == [UInt8(ascii: "x")] && old.ended && !old.keepAlive)
        let folded = try Self.read("HTTP/1.1 200 OK\r\nX-Empty:\r\n  later\r\nContent-Length: 0\r\n\r\n")
        #expect(folded.fields == ["X-Empty: later", "Content-Length: 0"])
    }

    @Test("101 Switching Protocols is a final answer without a body, and the connection is not kept")
    func switchingProtocols() throws {
        let reading = try Self.read(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n", piece: 3)
        #expect(reading.status == 101 && reading.body.isEmpty && reading.ended && !reading.keepAlive)
    }

    @Test("many informational heads in one read are read without copying the rest of the read for each")
    func manyInformationalHeads() throws {
        let text =
            String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 2000)
            + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let reading = try Self.read(text)
        #expect(reading.status == 200 && reading.body == Array("ok".utf8) && reading.ended)
    }

    @Test("a closed connection before any byte of an answer is not the parser's to word")
    func closeBeforeAnswer() throws {
        var parser = DirectHTTP1Parser()
        parser.expect(head: false)
        var parts = 0
        try parser.closed { _ in parts += 1 }
        #expect(parts == 0)
    }

    @Test("the request head is written as HTTP/1.1 sends it")
    func encoding() {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "example.test:8080")
        headers.add(name: "Content-Length", value: "2")
        var buffer = ByteBuffer()
        DirectPath.encode(
            HTTPRequestHead(version: .http1_1, method: .POST, uri: "/a?b=c", headers: headers), into: &buffer)
        #expect(
            String(buffer: buffer) == "POST /a?b=c HTTP/1.1\r\nHost: example.test:8080\r\nContent-Length: 2\r\n\r\n")
    }
}
