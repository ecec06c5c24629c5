import Foundation
import Tern
import Yams

extension SpecReader {
    /// The fields of `websocket:`.
    static let webSocketFields = ["messages", "until", "maxMessageBytes", "compression", "sample"]

    /// `websocket: {messages: [...], until: {received|idle|closed}, maxMessageBytes: N, compression: bool}`.
    mutating func webSocket(_ node: Node) throws(WorkspaceError) -> WebSocketDefinition {
        var definition = WebSocketDefinition()
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return definition }
        let fields = try reader.fields(node, of: "'websocket'", allowed: Self.webSocketFields)
        if let messages = fields["messages"] {
            guard case .sequence(let sequence) = messages else {
                throw reader.error(
                    "'websocket.messages' is a list of messages (text, {json: ...} or {binary: BASE64}), not "
                        + NodeReader.describe(messages), at: messages)
            }
            for (index, element) in sequence.enumerated() {
                definition.messages.append(
                    try webSocketMessage(element, index: index, path: "websocket/messages/\(index)"))
            }
        }
        if let until = fields["until"] { definition.until = try webSocketUntil(until) }
        if let sample = fields["sample"] {
            guard case .sequence(let sequence) = sample else {
                throw reader.error(
                    "'websocket.sample' is a list of {in: MESSAGE} (the server's) and {out: MESSAGE} (the client's), "
                        + "not " + NodeReader.describe(sample), at: sample)
            }
            for (index, element) in sequence.enumerated() {
                let item = try reader.fields(element, of: "a sample message", allowed: ["in", "out"])
                guard item.keys.count == 1, let key = item.keys.first, let value = item[key] else {
                    throw reader.error(
                        "message \(index + 1) of 'websocket.sample' needs exactly one of in (the server's) or out "
                            + "(the client's)", at: element)
                }
                let message = try webSocketMessage(value, index: index, path: "websocket/sample/\(index)")
                definition.sample.append(.init(direction: key == "in" ? .received : .sent, message: message))
            }
        }
        if let limit = fields["maxMessageBytes"] {
            let bytes = try reader.int(limit, field: "websocket.maxMessageBytes")
            guard (1...(1 << 30)).contains(bytes) else {
                throw reader.error("'websocket.maxMessageBytes' must be from 1 to 1073741824 bytes", at: limit)
            }
            definition.maxMessageBytes = bytes
        }
        if let compression = fields["compression"] {
            definition.compression = try reader.bool(compression, field: "websocket.compression")
        }
        return definition
    }

    private mutating func webSocketMessage(_ node: Node, index: Int, path: String) throws(WorkspaceError)
        -> WebSocketDefinition.Message
    {
        switch node {
        case .scalar(let scalar):
            if ScalarValue.isNull(scalar) {
                throw reader.error("message \(index + 1) of 'websocket.messages' is empty", at: node)
            }
            locate(path, node, scalar.string)
            return .text(scalar.string)
        case .mapping:
            if let template = NodeReader.unquotedTemplate(node) {
                throw reader.error(
                    "message \(index + 1) of 'websocket.messages' is a mapping: YAML reads an unquoted \(template) "
                        + "as one; quote it, \"\(template)\"", at: node)
            }
            let fields = try reader.fields(node, of: "a WebSocket message", allowed: ["text", "json", "binary"])
            guard fields.keys.count == 1, let kind = fields.keys.first, let value = fields[kind] else {
                throw reader.error(
                    "message \(index + 1) of 'websocket.messages' needs exactly one of text, json, binary", at: node)
            }
            switch kind {
            case "text":
                let text = try reader.string(value, field: "text")
                locate(path, value, text)
                return .text(text)
            case "json":
                return .json(try reader.json(value, path: path + "/json", layout: &layout))
            default:
                let text = try reader.string(value, field: "binary")
                if !text.contains("{{"), Data(base64Encoded: text) == nil {
                    throw reader.error(
                        "message \(index + 1)'s 'binary' is not base64 (write the bytes base64-encoded, e.g. "
                            + "aGVsbG8= for hello)", at: value)
                }
                locate(path, value, text)
                return .binary(text)
            }
        default:
            throw reader.error(
                "message \(index + 1) of 'websocket.messages' is text, {json: ...} or {binary: BASE64}, not "
                    + NodeReader.describe(node), at: node)
        }
    }

    mutating func webSocketUntil(_ node: Node, field: String = "websocket.until") throws(WorkspaceError)
        -> WebSocketDefinition.Until
    {
        let fields = try reader.fields(node, of: "'\(field)'", allowed: ["received", "idle", "closed"])
        guard !fields.keys.isEmpty else {
            throw reader.error(
                .missingField, "'\(field)' needs received: N, idle: SECONDS or closed: true", at: node)
        }
        var until = WebSocketDefinition.Until()
        if let received = fields["received"] {
            let count = try reader.int(received, field: "\(field).received")
            guard count >= 1 else { throw reader.error("'\(field).received' must be at least 1", at: received) }
            until.received = count
        }
        if let idle = fields["idle"] {
            until.idle = try reader.seconds(idle, field: "\(field).idle", maximum: 86_400, positive: true)
        }
        if let closed = fields["closed"] {
            until.closed = try reader.bool(closed, field: "\(field).closed")
        }
        return until
    }
}
