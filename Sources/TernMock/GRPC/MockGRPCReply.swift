public import Tern

/// What the mock sends for a gRPC call: initial metadata, the response messages' bytes and the status
/// with its trailers.
public struct MockGRPCReply: Sendable, Hashable {
    /// The initial metadata.
    public var headers: [GRPCMetadataEntry]
    /// The response messages (protobuf bytes), in order.
    public var messages: [[UInt8]]
    /// How the call ends, with its trailers.
    public var status: GRPCStatus

    /// Makes a reply.
    public init(headers: [GRPCMetadataEntry] = [], messages: [[UInt8]] = [], status: GRPCStatus = GRPCStatus(code: .ok))
    {
        self.headers = headers
        self.messages = messages
        self.status = status
    }

    /// The reply a recorded call gives: its metadata, messages and status as they were.
    public init(_ transcript: GRPCTranscript) {
        self.init(
            headers: transcript.headers.map(\.metadata), messages: transcript.messages.map { Array($0.bytes) },
            status: transcript.status)
    }
}
