import NIOCore
import NIOHTTP1

/// Reads request heads and bodies, part by part, from one connection's inbound stream.
struct RequestReader {
    private var iterator: NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator
    private var inBody = false

    init(_ inbound: NIOAsyncChannelInboundStream<HTTPServerRequestPart>) {
        iterator = inbound.makeAsyncIterator()
    }

    /// The next request head, skipping leftovers of the previous request; `nil` once the client is gone.
    mutating func nextHead() async throws -> HTTPRequestHead? {
        while let part = try await iterator.next() {
            if case .head(let head) = part {
                inBody = true
                return head
            }
        }
        return nil
    }

    /// The next chunk of the current request body, or `nil` at its end.
    mutating func nextChunk() async throws -> ByteBuffer? {
        guard inBody else { return nil }
        while let part = try await iterator.next() {
            switch part {
            case .body(let buffer):
                return buffer
            case .end:
                inBody = false
                return nil
            case .head:
                throw MockServerError.unexpectedRequestHead
            }
        }
        inBody = false
        throw MockServerError.connectionClosedMidRequest
    }

    /// The whole remaining body, or `nil` if it is longer than `limit` bytes.
    mutating func collectBody(upTo limit: Int) async throws -> ByteBuffer? {
        var collected = ByteBuffer()
        while var chunk = try await nextChunk() {
            guard collected.readableBytes + chunk.readableBytes <= limit else { return nil }
            collected.writeBuffer(&chunk)
        }
        return collected
    }

    /// Reads and discards the rest of the current body.
    mutating func drainBody() async throws {
        while try await nextChunk() != nil {}
    }
}
