package import Foundation
package import Tern
package import TernProtobuf

/// What a gRPC call shows as it goes: the faces print each as it comes (`--events json`, the TUI's
/// Conversation tab).
package enum GRPCEvent: Sendable {
    /// The server's initial metadata arrived (or a stored call began to replay).
    case opened(url: String, method: String, headers: [GRPCMetadataEntry], source: ResponseSource, at: Date)
    /// A message went out or came in.
    case message(GRPCDirection, DynamicMessage, at: Date)
    /// The call ended; `details` is the decoded `grpc-status-details-bin` (JSON) when the descriptors
    /// know its types.
    case status(GRPCStatus, details: String?, at: Date)
}

/// Which way a gRPC message went.
package enum GRPCDirection: String, Sendable {
    case out
    case `in`
}

/// A finished call: what came back and how it ended.
package struct GRPCOutcome: Sendable {
    /// At most this many received messages are kept (each face saw every one as it came).
    package static let keptMessages = 10_000

    package var url: String
    package var method: String
    /// `live`, or `cache` for a replayed call.
    package var source: ResponseSource = .live
    package var headers: [GRPCMetadataEntry] = []
    /// The messages received, in order (the first `keptMessages`).
    package var messages: [DynamicMessage] = []
    /// Messages received beyond `keptMessages`.
    package var dropped = 0
    package var status: GRPCStatus
    package var details: String?

    /// The call as lines: each message received as JSON, then the status (and its details).
    package var lines: [String] {
        var lines = messages.flatMap { $0.json(.pretty).split(separator: "\n", omittingEmptySubsequences: false) }
            .map(String.init)
        if dropped > 0 { lines.append("(\(dropped) more messages were not kept)") }
        lines.append(statusLine)
        if let details { lines.append("details: \(details)") }
        return lines
    }

    /// The line a failed call ends with: `status NOT_FOUND (5): no such user`.
    package var statusLine: String {
        let said = status.message.isEmpty ? "" : ": \(status.message)"
        return "status \(status.code.name) (\(status.code.rawValue))\(said)"
    }
}
