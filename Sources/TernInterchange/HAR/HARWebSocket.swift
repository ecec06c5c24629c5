import Foundation
package import Tern

/// WebSocket conversations in HAR files, as Chrome's DevTools write them: an entry for the upgrade
/// (status 101, `_resourceType: websocket`) with the messages in `_webSocketMessages`.
package enum HARWebSocket {
    /// The headers of the upgrade that belong to the handshake, not to the spec: the client writes them itself.
    static let handshakeHeaders: Set<String> = [
        "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
        "sec-websocket-accept", "origin", "host",
    ]

    /// Whether `entry` records a WebSocket conversation.
    static func isWebSocket(_ entry: HAREntry) -> Bool {
        let scheme = entry.request.url.prefix { $0 != ":" }.lowercased()
        return scheme == "ws" || scheme == "wss" || entry.resourceType == "websocket" || entry.webSocketMessages != nil
    }

    /// A transcript's messages in Chrome's form, each text passed through `redact`.
    package static func messages(of transcript: WebSocketTranscript, redact: (String) -> String)
        -> [HARWebSocketMessage]
    {
        let start = transcript.openedAt.timeIntervalSince1970
        return transcript.frames.map { frame in
            let type = frame.direction == .sent ? "send" : "receive"
            let time = ((start + frame.offset) * 1000).rounded() / 1000
            switch frame.message {
            case .text(let text): return HARWebSocketMessage(type: type, time: time, opcode: 1, data: redact(text))
            case .binary(let data):
                return HARWebSocketMessage(type: type, time: time, opcode: 2, data: data.base64EncodedString())
            }
        }
    }

    /// The conversation an entry records, or `nil` when it has no messages (or they cannot be read).
    static func transcript(of entry: HAREntry, url: String, opened: Date?) -> WebSocketTranscript? {
        guard let recorded = entry.webSocketMessages, !recorded.isEmpty else { return nil }
        let first = opened?.timeIntervalSince1970 ?? recorded.map(\.time).min() ?? 0
        var frames: [WebSocketTranscript.Frame] = []
        for message in recorded {
            let direction: WebSocketDirection = message.type == "send" ? .sent : .received
            let content: WebSocketMessage
            switch message.opcode {
            case 1: content = .text(message.data)
            case 2:
                guard let data = Data(base64Encoded: message.data) else { return nil }
                content = .binary(data)
            default: continue  // control frames (ping, pong, close) are not messages
            }
            frames.append(.init(direction: direction, message: content, offset: max(0, message.time - first)))
        }
        return WebSocketTranscript(
            url: url, openedAt: Date(timeIntervalSince1970: first), frames: frames,
            close: WebSocketClose(code: .normal, initiator: .sent))
    }
}
