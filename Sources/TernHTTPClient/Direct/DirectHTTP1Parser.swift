import NIOCore
import NIOHTTP1
import Tern

/// Reads HTTP/1.1 answers from a connection's bytes (RFC 9112): the status line and fields, then the body
/// as the message framing says — none (a HEAD request's answer, 1xx, 204, 304), `Content-Length`, chunked
/// (its trailer fields read and dropped), or until the server closes. Informational answers are skipped.
///
/// The direct path reads its answers with this instead of NIO's `HTTPResponseDecoder` inside a
/// `ByteToMessageHandler`: that generic handler's first use made the runtime check its requirements and
/// the new handler types' conformances, eleven scans of every protocol conformance in the binary — 40 % of
/// a one-shot send's instructions (docs/benchmarks.md, part 8). Its refusals are NIO's `HTTPParserError`s,
/// so both paths word them alike; the head's syntax is `DirectHTTP1Head`'s. The head is bounded
/// (`maximumHeadBytes`, a chunk-size line 4 KiB) and each byte of it is looked at once, however it is split;
/// bodies are handed on as slices, never held.
struct DirectHTTP1Parser {
    enum Part {
        case head(HTTPResponseHead)
        case body(ByteBuffer)
        /// The answer ended; `keepAlive`: the connection may carry the next request.
        case end(keepAlive: Bool)
    }

    /// The largest status line and fields accepted (llhttp's, and so NIO's, limit).
    static let maximumHeadBytes = 80 * 1024
    static let maximumChunkLineBytes = 4096

    private enum State {
        case idle
        case head
        case fixed(remaining: Int64)
        case chunkSize
        case chunkData(remaining: Int64)
        case chunkDataEnd
        case trailers
        case untilClose
    }

    private var state = State.idle
    /// Bytes of a head or line not complete yet.
    private var pending = ByteBuffer()
    /// How far `pending` was searched for the end of the head or line, and where its current line began.
    private var scanned = 0
    private var lineStart = 0
    private var headStart = 0
    /// The bytes of trailer fields read so far (within `maximumHeadBytes`, as a head).
    private var trailerBytes = 0
    private var noBody = false
    private var keepAlive = true

    /// Whether an answer is being read (between `expect` and its end).
    var isReading: Bool {
        if case .idle = state { return false }
        return true
    }

    /// Starts reading the answer to a request; `head`: a HEAD request, whose answer has no body.
    mutating func expect(head: Bool) {
        state = .head
        noBody = head
        pending = ByteBuffer()
        scanned = 0
        lineStart = 0
        headStart = 0
        trailerBytes = 0
    }

    /// Reads `buffer`, handing each part of the answer to `emit` as it is complete.
    mutating func read(_ buffer: inout ByteBuffer, emit: (Part) -> Void) throws(HTTPParserError) {
        while buffer.readableBytes > 0 {
            switch state {
            case .idle:
                // Bytes after the end of the answer, with no request for them: an empty line (a server's
                // extra CRLF after a body) is passed over, as NIO's parser does; anything else is refused.
                guard let byte = buffer.readInteger(as: UInt8.self),
                    byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
                else { throw .trailingGarbage }
            case .head:
                guard let head = try readHead(&buffer) else { return }
                try begin(head, emit: emit)
            case .fixed(let remaining):
                let slice = try Self.take(&buffer, upTo: remaining)
                let left = remaining - Int64(slice.readableBytes)
                emit(.body(slice))
                if left == 0 { finish(emit) } else { state = .fixed(remaining: left) }
            case .chunkSize:
                guard let line = try readLine(&buffer, limit: Self.maximumChunkLineBytes, or: .invalidChunkSize) else {
                    return
                }
                let size = try Self.chunkSize(line)
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let slice = try Self.take(&buffer, upTo: remaining)
                let left = remaining - Int64(slice.readableBytes)
                emit(.body(slice))
                state = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
            case .chunkDataEnd:
                guard let line = try readLine(&buffer, limit: 0, or: .lfExpected) else { return }
                guard line.readableBytes == 0 else { throw .lfExpected }
                state = .chunkSize
            case .trailers:
                guard let line = try readLine(&buffer, limit: Self.maximumHeadBytes, or: .headerOverflow) else {
                    return
                }
                trailerBytes += line.readableBytes + 2
                if trailerBytes > Self.maximumHeadBytes { throw .headerOverflow }
                if line.readableBytes == 0 { finish(emit) }
            case .untilClose:
                emit(.body(try Self.take(&buffer, upTo: Int64(buffer.readableBytes))))
            }
        }
    }

    /// The server closed the connection: the end of an answer read until then, or an error in the middle
    /// of one (`invalidEOFState`). Before any byte of an answer it is not the parser's to say.
    mutating func closed(emit: (Part) -> Void) throws(HTTPParserError) {
        switch state {
        case .idle: return
        case .untilClose:
            keepAlive = false
            finish(emit)
        case .head where pending.readableBytes == 0: return
        default:
            state = .idle
            throw .invalidEOFState
        }
    }

    // MARK: - The head

    /// The head once its blank line has come (`nil`: more bytes are needed).
    private mutating func readHead(_ buffer: inout ByteBuffer) throws(HTTPParserError) -> HTTPResponseHead? {
        // The bytes so far: the read itself when no head was pending (nothing copied), else the pending head
        // with the read after it.
        var work: ByteBuffer
        if pending.readableBytes == 0 {
            work = buffer
            buffer.moveReaderIndex(to: buffer.writerIndex)
        } else {
            pending.writeBuffer(&buffer)
            work = pending
        }
        let bytes = work.readableBytesView
        let start = bytes.startIndex
        var index = start + scanned
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\n") {
                let length = index - (start + lineStart)
                let empty = length == 0 || (length == 1 && bytes[start + lineStart] == UInt8(ascii: "\r"))
                if empty && lineStart > headStart {
                    // A head that came whole within one read is held to the limit as well.
                    if lineStart - headStart > Self.maximumHeadBytes { throw .headerOverflow }
                    let end = index + 1 - start
                    // What follows the head is the body (or the next answer): it goes back to the caller.
                    guard
                        let lines = work.getSlice(at: work.readerIndex + headStart, length: lineStart - headStart),
                        let rest = work.getSlice(at: work.readerIndex + end, length: bytes.count - end)
                    else { throw .invalidInternalState }
                    pending = ByteBuffer()
                    scanned = 0
                    lineStart = 0
                    headStart = 0
                    buffer = rest
                    return try DirectHTTP1Head.parse(lines)
                }
                lineStart = index + 1 - start
                // Empty lines before the status line (a server's extra CRLF after a body) are passed over.
                if empty { headStart = lineStart }
            }
            index += 1
        }
        scanned = bytes.count
        pending = work
        if bytes.count > Self.maximumHeadBytes { throw .headerOverflow }
        return nil
    }

    // MARK: - Framing

    /// How an answer's body is delimited.
    private enum Framing {
        case none
        case length(Int64)
        case chunked
        case untilClose
    }

    /// What follows a head, by the message framing rules (RFC 9112 §6.3), worked out before the head is
    /// handed on (an answer refused for its framing gives its consumer no head).
    private mutating func begin(_ head: HTTPResponseHead, emit: (Part) -> Void) throws(HTTPParserError) {
        let code = head.status.code
        if (100..<200).contains(code) && code != 101 {
            // Informational (100 Continue, 103 Early Hints): the final answer follows.
            state = .head
            return
        }
        keepAlive = head.isKeepAlive
        let framing = try framing(of: head)
        emit(.head(head))
        switch framing {
        case .none, .length(0): finish(emit)
        case .length(let length): state = .fixed(remaining: length)
        case .chunked: state = .chunkSize
        case .untilClose:
            keepAlive = false
            state = .untilClose
        }
    }

    private mutating func framing(of head: HTTPResponseHead) throws(HTTPParserError) -> Framing {
        let code = head.status.code
        if code == 101 { keepAlive = false }
        if noBody || code == 101 || code == 204 || code == 304 { return .none }
        let lengths = head.headers["content-length"]
        let codings = head.headers[canonicalForm: "transfer-encoding"]
        if let last = codings.last {
            // Beside a Content-Length, or from an HTTP/1.0 server, the framing is suspect: the connection
            // is not trusted with another request (RFC 9112 §6.3).
            if !lengths.isEmpty || head.version.minor == 0 { keepAlive = false }
            return last.lowercased() == "chunked" ? .chunked : .untilClose
        }
        guard !lengths.isEmpty else { return .untilClose }
        // Every value, and every comma-separated part of one, the same number (an empty part is not one).
        var length: Int64?
        for value in lengths {
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Self.length(part.trimmingWhitespace()[...]), length == nil || length == number else {
                    throw .invalidContentLength
                }
                length = number
            }
        }
        guard let length else { throw .invalidContentLength }
        return .length(length)
    }

    /// The next bytes of `buffer`, at most `limit` of them.
    private static func take(_ buffer: inout ByteBuffer, upTo limit: Int64) throws(HTTPParserError) -> ByteBuffer {
        guard let slice = buffer.readSlice(length: Int(min(limit, Int64(buffer.readableBytes)))) else {
            throw .invalidInternalState
        }
        return slice
    }

    private mutating func finish(_ emit: (Part) -> Void) {
        state = .idle
        emit(.end(keepAlive: keepAlive))
    }

    /// A `Content-Length` value: digits, at most 18 of them after any leading zeros.
    private static func length(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let significant = text.drop { $0 == "0" }
        guard significant.utf8.count <= 18 else { return nil }
        return significant.isEmpty ? 0 : Int64(significant)
    }

    /// A chunk-size line's size: hexadecimal digits (at most 15 after leading zeros), then optional
    /// extensions after `;` and optional spaces (ignored).
    private static func chunkSize(_ line: ByteBuffer) throws(HTTPParserError) -> Int64 {
        var size: Int64 = 0
        var digits = 0
        var significant = 0
        var bytes = line.readableBytesView[...]
        while let byte = bytes.first {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default:
                guard digits > 0 else { throw .invalidChunkSize }
                let rest = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                guard rest.isEmpty || rest.first == UInt8(ascii: ";") else { throw .invalidChunkSize }
                return size
            }
            bytes = bytes.dropFirst()
            digits += 1
            if size > 0 || value > 0 { significant += 1 }
            guard significant <= 15 else { throw .invalidChunkSize }
            size = size * 16 + Int64(value)
        }
        guard digits > 0 else { throw .invalidChunkSize }
        return size
    }

    /// One line, without its LF (and the CR before it); `nil`: more bytes are needed. A line longer than
    /// `limit` (its CR aside) fails with `error`.
    private mutating func readLine(
        _ buffer: inout ByteBuffer, limit: Int, or error: HTTPParserError
    ) throws(HTTPParserError) -> ByteBuffer? {
        guard let lf = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            pending.writeBuffer(&buffer)
            if pending.readableBytes > limit + 1 { throw error }
            return nil
        }
        guard var line = buffer.readSlice(length: lf - buffer.readerIndex) else { throw .invalidInternalState }
        buffer.moveReaderIndex(forwardBy: 1)
        if pending.readableBytes > 0 {
            pending.writeBuffer(&line)
            line = pending
            pending = ByteBuffer()
        }
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        if line.readableBytes > limit { throw error }
        return line
    }
}
