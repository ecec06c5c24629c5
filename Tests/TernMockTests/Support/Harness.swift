import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import TernMock

/// A response read completely: status, headers and body.
struct Reply: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The first value of a header field.
    func header(_ name: String) -> String? { headers.first(name: name) }
}

/// A started server plus an AsyncHTTPClient that never follows redirects.
struct Harness: Sendable {
    let server: MockServer
    let client: HTTPClient

    /// Sends one request to the server and reads the whole response.
    func send(
        _ method: HTTPMethod = .GET,
        _ path: String,
        headers: [(String, String)] = [],
        body: HTTPClientRequest.Body? = nil
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: server.baseURL.absoluteString + path)
        request.method = method
        request.headers.add(contentsOf: headers)
        request.body = body
        // A hang detector (generous for a loaded machine and a debug build), not a timing check.
        let response = try await client.execute(request, timeout: .seconds(60))
        let buffer = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
    }

    /// Sends a request with a UTF-8 text body.
    func send(_ method: HTTPMethod, _ path: String, text: String, headers: [(String, String)] = []) async throws
        -> Reply
    {
        try await send(method, path, headers: headers, body: .bytes(ByteBuffer(string: text)))
    }
}

/// Starts a server and a client, runs `body`, then shuts both down, also when `body` throws.
func withHarness(routes: [MockRoute] = [], _ body: (Harness) async throws -> Void) async throws {
    var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
    configuration.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        try await withMockServer(routes: routes) { server in
            try await body(Harness(server: server, client: client))
        }
    } catch {
        try? await client.shutdown()
        throw error
    }
    try await client.shutdown()
}

/// Polls `condition` every 10 ms until it holds or `timeout` passes; returns whether it held.
func eventually(timeout: Duration = .seconds(30), _ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// An async sequence of `total` pattern bytes in `chunk`-sized buffers, for streamed uploads.
struct PatternChunks: AsyncSequence, Sendable {
    let total: Int
    let chunk: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let total: Int
        let chunk: Int
        var offset = 0

        mutating func next() async -> ByteBuffer? {
            guard offset < total else { return nil }
            let size = Swift.min(chunk, total - offset)
            let buffer = ByteBuffer(bytes: MockServer.expectedBytes(count: size, from: offset))
            offset += size
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(total: total, chunk: chunk)
    }
}
