package import Foundation
package import Tern
import TernProtobuf

/// A gRPC call as it went, gathered from its events (`SendAdjustments.onGRPC`), and as the faces show it:
/// a line per message with its direction and time (the TUI's Conversation), and how it ended with the
/// server's initial metadata and trailers (its Headers).
package struct GRPCCallRecord: Sendable, Hashable {
    /// One message, as compact JSON.
    package struct Message: Sendable, Hashable {
        package var direction: GRPCDirection
        /// Seconds since the call began.
        package var offset: Double
        package var json: String
    }

    /// At most this many messages are kept (`GRPCOutcome.keptMessages`).
    package static let keptMessages = GRPCOutcome.keptMessages

    /// When the first event came.
    package var started: Date?
    package var messages: [Message] = []
    /// Messages beyond `keptMessages`.
    package var dropped = 0
    /// The server's initial metadata.
    package var headers: [GRPCMetadataEntry] = []
    /// How the call ended, once it has.
    package var status: GRPCStatus?
    /// The decoded `grpc-status-details-bin`, as JSON.
    package var details: String?

    /// An empty record.
    package init() {}

    /// Takes in one event of the call.
    package mutating func take(_ event: GRPCEvent) {
        switch event {
        case .opened(_, _, let headers, _, let at):
            if started == nil { started = at }
            self.headers = headers
        case .message(let direction, let message, let at):
            if started == nil { started = at }
            guard messages.count < Self.keptMessages else {
                dropped += 1
                return
            }
            let offset = started.map { max(0, at.timeIntervalSince($0)) } ?? 0
            messages.append(Message(direction: direction, offset: offset, json: message.json(.compact)))
        case .status(let status, let details, _):
            self.status = status
            self.details = details
        }
    }

    /// The messages received.
    package var received: Int { messages.filter { $0.direction == .in }.count }

    /// A line per message (`← 0.012s  {"payload": …}`), the messages sent with the secret values
    /// `redactor` knows masked, then how the call ended.
    package func conversationLines(redactor: Redactor = .none) -> [String] {
        var lines = messages.map { message in
            let arrow = message.direction == .out ? "→" : "←"
            let time = String(format: "%8.3fs", message.offset)
            let json = message.direction == .out ? redactor.redact(message.json) : message.json
            return "\(arrow) \(time)  \(TerminalText.safe(json))"
        }
        if messages.isEmpty { lines.append("(no message either way)") }
        if dropped > 0 { lines.append("(\(dropped) more messages were not kept)") }
        if let status { lines.append("■ " + Self.statusText(status)) }
        return lines
    }

    /// The Headers tab: the status (code, name, message, details), then the initial metadata and the trailers.
    package var headerLines: [String] {
        var lines: [String] = []
        if let status {
            lines.append("grpc-status: \(status.code.rawValue) \(status.code.name)")
            if !status.message.isEmpty { lines.append("grpc-message: \(TerminalText.safe(status.message))") }
        }
        if let details { lines.append("details: \(TerminalText.safe(details))") }
        lines.append("── initial metadata" + (headers.isEmpty ? " (none)" : ""))
        lines += headers.map(Self.line)
        let trailers = status?.trailers ?? []
        lines.append("── trailers" + (trailers.isEmpty ? " (none)" : ""))
        lines += trailers.map(Self.line)
        return lines
    }

    /// `status NOT_FOUND (5): no such user`.
    package static func statusText(_ status: GRPCStatus) -> String {
        let said = status.message.isEmpty ? "" : ": \(TerminalText.safe(status.message))"
        return "status \(status.code.name) (\(status.code.rawValue))\(said)"
    }

    private static func line(_ entry: GRPCMetadataEntry) -> String {
        "\(entry.name): \(TerminalText.safe(entry.written))"
    }
}

extension GRPCEvent {
    /// A received message as compact JSON (what a live view shows as it comes); `nil` for the other events.
    package var receivedJSON: String? {
        guard case .message(.in, let message, _) = self else { return nil }
        return message.json(.compact)
    }
}
