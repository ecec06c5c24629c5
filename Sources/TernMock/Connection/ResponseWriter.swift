import NIOCore
import NIOHTTP1

/// Whether a connection can serve another request after a response.
enum ResponseOutcome: Sendable {
    case keepAlive
    case close
}

/// Writes one response to a connection, adding framing and `Connection` headers.
struct ResponseWriter: Sendable {
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    private let channel: any Channel
    private let version: HTTPVersion
    /// Whether the connection stays open after this response.
    private(set) var keepAlive: Bool
    /// Whether the request was `HEAD`, so body bytes are pointless.
    let isHeadRequest: Bool

    init(
        outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
        channel: any Channel,
        request: HTTPRequestHead
    ) {
        self.outbound = outbound
        self.channel = channel
        self.version = request.version
        self.keepAlive = request.isKeepAlive
        self.isHeadRequest = request.method == .HEAD
    }

    /// A writer that closes the connection after the response.
    func closingConnection() -> ResponseWriter {
        var copy = self
        copy.keepAlive = false
        return copy
    }

    /// Sends a complete canned response.
    func send(_ response: MockResponse) async throws -> ResponseOutcome {
        if (100..<200).contains(response.status) && response.status != 101 {
            return try await sendInformational(response)
        }
        let hasBody = !MockResponse.statusForbidsBody(response.status)
        try await writeHead(
            status: response.status, headers: response.headers, contentLength: hasBody ? response.body.count : nil)
        if hasBody && !response.body.isEmpty {
            try await writeBody(ByteBuffer(bytes: response.body))
        }
        return try await finish()
    }

    /// Writes the status line and headers; `contentLength` is added when given.
    func writeHead(status: Int, headers: [(String, String)], contentLength: Int?) async throws {
        var fields = HTTPHeaders(headers)
        if let contentLength {
            fields.replaceOrAdd(name: "Content-Length", value: String(contentLength))
        }
        if !keepAlive {
            fields.replaceOrAdd(name: "Connection", value: "close")
        } else if version.major == 1 && version.minor == 0 {
            fields.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: fields)
        try await outbound.write(.head(head))
    }

    /// Sends `100 Continue` so a client waiting on `Expect: 100-continue` sends its body.
    func sendContinue() async throws {
        try await outbound.write(.head(HTTPResponseHead(version: version, status: .continue)))
    }

    /// Writes body bytes, waiting while the client is not reading (backpressure).
    func writeBody(_ buffer: ByteBuffer) async throws {
        try await outbound.write(.body(.byteBuffer(buffer)))
    }

    /// Ends the response; when closing, waits until everything reached the socket.
    func finish() async throws -> ResponseOutcome {
        if keepAlive {
            try await outbound.write(.end(nil))
            return .keepAlive
        }
        // Written on the channel directly (after all queued writes) so the close cannot drop it.
        try await channel.writeAndFlush(HTTPServerResponsePart.end(nil))
        return .close
    }

    /// Writes the last body bytes, then closes the connection without ending the response.
    func abort(after buffer: ByteBuffer?) async throws -> ResponseOutcome {
        if let buffer, buffer.readableBytes > 0 {
            try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)))
        }
        try? await channel.close()
        return .close
    }

    /// A 1xx head has no end of its own: send it, then close, as no final response follows.
    private func sendInformational(_ response: MockResponse) async throws -> ResponseOutcome {
        let head = HTTPResponseHead(
            version: version,
            status: HTTPResponseStatus(statusCode: response.status),
            headers: HTTPHeaders(response.headers)
        )
        try await channel.writeAndFlush(HTTPServerResponsePart.head(head))
        try? await channel.close()
        return .close
    }
}
