import NIOCore

/// `POST|PUT /upload`: consumes the body as it streams in, counting and hashing it.
enum UploadRoute {
    /// Reads the body chunk by chunk (never whole) and answers `{"bytes":N,"checksum":"..."}`.
    static func respond(
        to request: MockRequest,
        body: inout RequestReader,
        state: MockServerState,
        writer: ResponseWriter
    ) async throws -> ResponseOutcome {
        var count = 0
        var hash = FNV1a()
        while let chunk = try await body.nextChunk() {
            hash.update(chunk.readableBytesView)
            count += chunk.readableBytes
            state.addUploadedBytes(chunk.readableBytes)
        }
        return try await writer.send(.json(.object([("bytes", .int(count)), ("checksum", .string(hash.hex))])))
    }
}
