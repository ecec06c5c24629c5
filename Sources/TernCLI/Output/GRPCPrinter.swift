import Foundation
import Tern
import TernExplorer
import TernProtobuf

/// `tern grpc`'s output: each response message as one JSON document as it arrives (pretty, two spaces);
/// with `--events json`, one object per event: `open`, `message` (both directions), `status`.
struct GRPCPrinter: Sendable {
    let json: Bool
    let terminal: Bool

    func print(_ event: GRPCEvent) {
        guard let text = text(event) else { return }
        // A server's strings could write the clipboard or rewrite the screen on a terminal.
        StandardStream.output.write(terminal ? TerminalText.safe(text, keepingLines: true) : text)
    }

    func text(_ event: GRPCEvent) -> String? {
        if json { return JSONLines.object(Self.fields(event)) + "\n" }
        guard case .message(.in, let message, _) = event else { return nil }
        return message.json(.pretty) + "\n"
    }

    static func fields(_ event: GRPCEvent) -> [(String, JSONLines.Value)] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        switch event {
        case .opened(let url, let method, let headers, let source, let at):
            return [
                ("event", .string("open")), ("url", .string(url)), ("method", .string(method)),
                ("headers", .json(metadata(headers))), ("source", .string(source.rawValue)),
                ("at", .string(formatter.string(from: at))),
            ]
        case .message(let direction, let message, let at):
            return [
                ("event", .string("message")), ("direction", .string(direction.rawValue)),
                ("data", .json(message.json(.compact))), ("at", .string(formatter.string(from: at))),
            ]
        case .status(let status, let details, let at):
            var fields: [(String, JSONLines.Value)] = [
                ("event", .string("status")), ("code", .int(status.code.rawValue)), ("name", .string(status.code.name)),
                ("message", .string(status.message)), ("trailers", .json(metadata(status.trailers))),
            ]
            if let details { fields.append(("details", .json(details))) }
            fields.append(("at", .string(formatter.string(from: at))))
            return fields
        }
    }

    /// Metadata as one JSON object: a name given twice has its values joined with ", " (as HTTP joins them);
    /// `-bin` values in base64.
    static func metadata(_ entries: [GRPCMetadataEntry]) -> String {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for entry in entries {
            if values[entry.name] == nil { order.append(entry.name) }
            values[entry.name, default: []].append(entry.written)
        }
        return JSONLines.object(order.map { ($0, .string(values[$0]?.joined(separator: ", ") ?? "")) })
    }
}
