import NIOCore

/// Everything a built-in route needs to answer one request whose body was collected.
struct MockExchange: Sendable {
    let request: MockRequest
    let body: ByteBuffer
    let state: MockServerState
    let writer: ResponseWriter

    /// Sends a complete response.
    func send(_ response: MockResponse) async throws -> ResponseOutcome {
        try await writer.send(response)
    }
}
