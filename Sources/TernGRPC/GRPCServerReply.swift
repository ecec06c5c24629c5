import GRPCCore
public import Tern

/// How a `GRPCServerHost` handler answers a call.
public enum GRPCServerReply: Sendable {
    /// A status alone, without metadata or messages (gRPC's trailers-only answer).
    case status(GRPCStatus)
    /// The initial metadata, then what `produce` writes; the status it returns ends the call (with its
    /// trailers).
    case answer(metadata: [GRPCMetadataEntry], produce: @Sendable (Writer) async -> GRPCStatus)

    /// Sends response messages of one call.
    public struct Writer: Sendable {
        let base: RPCWriter<[UInt8]>

        /// Sends one message; throws when the call is gone (the client cancelled).
        public func write(_ message: [UInt8]) async throws { try await base.write(message) }
    }

    /// Metadata, `messages` and `status`, sent at once.
    public static func recorded(
        metadata: [GRPCMetadataEntry], messages: [[UInt8]], status: GRPCStatus
    ) -> GRPCServerReply {
        .answer(metadata: metadata) { writer in
            do {
                for message in messages { try await writer.write(message) }
            } catch {
                return GRPCStatus(code: .cancelled, message: "the call was cancelled")
            }
            return status
        }
    }
}
