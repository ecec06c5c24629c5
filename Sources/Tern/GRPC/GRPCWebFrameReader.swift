import Foundation

/// Reads the body of a gRPC-Web answer as it arrives: length-prefixed frames, each a message (flag bit 7
/// clear) or the trailers (flag `0x80`, HTTP/1-style `name: value` lines), in binary
/// (`application/grpc-web+proto`) or base64 (`application/grpc-web-text`).
///
/// A pure value: `append` returns the frames the bytes completed, so the connector hands messages over
/// as they arrive and a test feeds it byte by byte.
struct GRPCWebFrameReader {
    /// One complete frame.
    enum Frame: Equatable {
        case message([UInt8])
        case trailers([GRPCMetadataEntry])
    }

    /// Why the body is not gRPC-Web, as the status the call ends with.
    struct Failure: Error, Equatable {
        var status: GRPCStatus
    }

    /// The largest message accepted.
    let maximumMessageBytes: Int
    /// Whether the body is base64 (`application/grpc-web-text`).
    let text: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var pendingText: [UInt8] = []
    /// Whether the trailers frame arrived (nothing may follow it).
    private(set) var sawTrailers = false

    init(maximumMessageBytes: Int, text: Bool = false) {
        self.maximumMessageBytes = maximumMessageBytes
        self.text = text
    }

    /// Whether bytes of an unfinished frame are left over.
    var hasPartialFrame: Bool { start < buffer.count || !pendingText.isEmpty }

    /// Adds `bytes` of the body and returns the frames they complete, in order.
    mutating func append(_ bytes: [UInt8]) throws(Failure) -> [Frame] {
        if text {
            try appendText(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
        var frames: [Frame] = []
        while buffer.count - start >= 5 {
            let flags = buffer[start]
            let length =
                Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8
                | Int(buffer[start + 4])
            if sawTrailers {
                throw Failure(status: GRPCStatus(code: .internal, message: "the answer goes on after its trailers"))
            }
            if flags & 0x80 == 0, length > maximumMessageBytes {
                throw Failure(
                    status: GRPCStatus(
                        code: .resourceExhausted,
                        message: "a message of \(length) bytes is over the limit of \(maximumMessageBytes) bytes"))
            }
            // Trailers are a few lines: a frame claiming more is not gRPC-Web.
            if flags & 0x80 != 0, length > 1 << 20 {
                throw Failure(status: GRPCStatus(code: .internal, message: "a trailers frame of \(length) bytes"))
            }
            guard buffer.count - start - 5 >= length else { break }
            let payload = Array(buffer[(start + 5)..<(start + 5 + length)])
            start += 5 + length
            if flags & 0x80 != 0 {
                sawTrailers = true
                frames.append(.trailers(try Self.trailers(payload)))
            } else if flags & 0x01 != 0 {
                throw Failure(
                    status: GRPCStatus(
                        code: .internal, message: "the server compressed a message, which Tern did not ask for"))
            } else {
                frames.append(.message(payload))
            }
        }
        // Keep the buffer small: drop what was read once it is most of it.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    /// Decodes base64 in whole groups of four, keeping the rest for the next chunk (padding may end a
    /// group mid-stream, as each frame is encoded on its own).
    private mutating func appendText(_ bytes: [UInt8]) throws(Failure) {
        pendingText.append(contentsOf: bytes.filter { $0 != 0x0D && $0 != 0x0A })
        let whole = pendingText.count / 4 * 4
        guard whole > 0 else { return }
        guard let decoded = Data(base64Encoded: Data(pendingText[..<whole])) else {
            throw Failure(status: GRPCStatus(code: .internal, message: "a grpc-web-text answer is not base64"))
        }
        buffer.append(contentsOf: decoded)
        pendingText.removeFirst(whole)
    }

    /// The metadata of a trailers frame: `name: value` lines, `-bin` values in base64.
    static func trailers(_ payload: [UInt8]) throws(Failure) -> [GRPCMetadataEntry] {
        guard let text = String(bytes: payload, encoding: .utf8) else {
            throw Failure(status: GRPCStatus(code: .internal, message: "the trailers are not text"))
        }
        var entries: [GRPCMetadataEntry] = []
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure(status: GRPCStatus(code: .internal, message: "a trailer line has no colon: '\(line)'"))
            }
            let name = line[..<colon].trimmingWhitespace()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            guard let entry = GRPCMetadataEntry(name: name, written: value) else {
                throw Failure(status: GRPCStatus(code: .internal, message: "the trailer '\(name)' is not base64"))
            }
            entries.append(entry)
        }
        return entries
    }

    /// The status `grpc-status` and `grpc-message` of `entries` say (headers of a trailers-only answer, or
    /// a trailers frame), with the other entries as its trailers; `nil` when there is no `grpc-status`.
    static func status(of entries: [GRPCMetadataEntry]) -> GRPCStatus? {
        var code: GRPCStatus.Code?
        var message = ""
        var trailers: [GRPCMetadataEntry] = []
        for entry in entries {
            switch (entry.name, entry.value) {
            case ("grpc-status", .text(let text)):
                code = Int(text).map(GRPCStatus.Code.init(rawValue:)) ?? .unknown
            case ("grpc-message", .text(let text)):
                message = text.removingPercentEncoding ?? text
            default:
                trailers.append(entry)
            }
        }
        return code.map { GRPCStatus(code: $0, message: message, trailers: trailers) }
    }

    /// The status an HTTP answer that is not gRPC-Web stands for (gRPC's `doc/http-grpc-status-mapping.md`).
    static func status(ofHTTP code: Int) -> GRPCStatus.Code {
        switch code {
        case 400: .internal
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .unimplemented
        case 429, 502, 503, 504: .unavailable
        default: .unknown
        }
    }
}
