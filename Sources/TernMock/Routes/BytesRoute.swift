import Foundation
import NIOCore
import NIOHTTP1

/// `GET /bytes/{n}`: the deterministic byte pattern, streamed in chunks, with Range support.
///
/// Query options: `chunk=N` (chunk size), `noRange=1` (ignore `Range`), `dropAfter=K`
/// (close the connection after K body bytes), `rate=B` (about B bytes per second).
enum BytesRoute {
    private static let defaultChunk = 64 * 1024
    private static let maxChunk = 4 * 1024 * 1024

    /// A satisfiable byte range, both ends inclusive.
    struct ByteRange: Equatable, Sendable {
        let start: Int
        let end: Int
    }

    /// Streams the body (or the requested range) of a `count`-byte resource.
    static func respond(to exchange: MockExchange, count: Int) async throws -> ResponseOutcome {
        let request = exchange.request
        var headers = [("Content-Type", "application/octet-stream"), ("Accept-Ranges", "bytes")]
        var status = 200
        var range = ByteRange(start: 0, end: count - 1)

        if request.queryValue("noRange") != "1", let header = request.headers.first(name: "range") {
            guard let requested = parseRange(header, count: count) else {
                headers.append(("Content-Range", "bytes */\(count)"))
                return try await exchange.send(MockResponse(status: 416, headers: headers))
            }
            range = requested
            status = 206
            headers.append(("Content-Range", "bytes \(range.start)-\(range.end)/\(count)"))
        }

        let length = range.end - range.start + 1
        let writer = exchange.writer
        try await writer.writeHead(status: status, headers: headers, contentLength: length)
        if writer.isHeadRequest || length == 0 {
            return try await writer.finish()
        }

        let rate = request.queryInt("rate").flatMap { $0 > 0 ? $0 : nil }
        let chunkDefault = rate.map { min(defaultChunk, max(1, $0 / 10)) } ?? defaultChunk
        let chunkSize = min(maxChunk, max(1, request.queryInt("chunk") ?? chunkDefault))
        let dropAfter = request.queryInt("dropAfter").flatMap { (0..<length).contains($0) ? $0 : nil }
        let limit = dropAfter ?? length

        let start = ContinuousClock.now
        var sent = 0
        while sent < limit {
            let size = min(chunkSize, limit - sent)
            let chunk = makeChunk(offset: range.start + sent, size: size)
            sent += size
            if let rate {
                // Each chunk leaves when the byte budget allows it, so the whole body takes about n/rate.
                try await Task.sleep(until: start + .seconds(Double(sent) / Double(rate)), clock: .continuous)
            }
            if sent == dropAfter {
                return try await writer.abort(after: chunk)
            }
            try await writer.writeBody(chunk)
        }
        if dropAfter != nil {
            return try await writer.abort(after: nil)
        }
        return try await writer.finish()
    }

    /// Parses `bytes=START-`, `bytes=START-END` or `bytes=-SUFFIX`; `nil` when unsatisfiable.
    static func parseRange(_ header: String, count: Int) -> ByteRange? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("bytes="), count > 0 else { return nil }
        let spec = trimmed.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            return ByteRange(start: max(0, count - suffix), end: count - 1)
        }
        guard let start = Int(first), start >= 0, start < count else { return nil }
        if last.isEmpty {
            return ByteRange(start: start, end: count - 1)
        }
        guard let end = Int(last), end >= start else { return nil }
        return ByteRange(start: start, end: min(end, count - 1))
    }

    /// `size` bytes of the pattern starting at `offset`, copied from a precomputed block.
    private static func makeChunk(offset: Int, size: Int) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(size)
        BytePattern.forEachSlice(offset: offset, count: size) { buffer.writeBytes($0) }
        return buffer
    }
}
