import GRPCCore
public import Tern

/// A call a `GRPCServerHost` received: its method, the client's metadata and its request messages as they
/// come.
public struct GRPCServerCall: Sendable {
    /// `pkg.Service/Method`.
    public let method: String
    /// The client's metadata, without HTTP/2's pseudo-headers.
    public let metadata: [GRPCMetadataEntry]
    /// The request messages' bytes, until the client half-closes (an error when it cancels).
    public let requests: Requests

    /// The request messages of a call, in order.
    public struct Requests: AsyncSequence, Sendable {
        let base: RPCAsyncSequence<[UInt8], any Error>

        /// Iterates the messages.
        public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

        /// Reads one message at a time.
        public struct Iterator: AsyncIteratorProtocol {
            var base: RPCAsyncSequence<[UInt8], any Error>.AsyncIterator

            /// The next message; `nil` once the client has sent all it will.
            public mutating func next() async throws -> [UInt8]? { try await base.next() }
        }

        /// Every message, at most `limit` of them (more is an error the call ends with).
        public func collect(limit: Int) async throws -> [[UInt8]] {
            var messages: [[UInt8]] = []
            for try await message in self {
                guard messages.count < limit else {
                    throw GRPCStatus(
                        code: .resourceExhausted, message: "the call sent more than \(limit) messages")
                }
                messages.append(message)
            }
            return messages
        }
    }

    /// A call of `method` (for tests of a handler).
    public init(method: String, metadata: [GRPCMetadataEntry] = [], messages: [[UInt8]]) {
        self.method = method
        self.metadata = metadata
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        for message in messages { continuation.yield(message) }
        continuation.finish()
        requests = Requests(base: RPCAsyncSequence(wrapping: stream))
    }

    init(method: String, metadata: [GRPCMetadataEntry], requests: Requests) {
        self.method = method
        self.metadata = metadata
        self.requests = requests
    }
}
