public import Foundation

/// A whole conversation as it happened: every message each way, when it went, and how it ended.
///
/// This is what the cache keeps for a WebSocket spec (`Handler.connect` stores it when the
/// conversation ends) and what `--mode cache` replays: the server's messages in order, paced as
/// recorded, answering the client's messages in the order they were recorded.
public struct WebSocketTranscript: Sendable, Hashable, Codable {
    /// The content type of a transcript stored in the cache.
    public static let contentType = "application/vnd.tern.websocket-transcript+json"

    /// One message of the conversation.
    public struct Frame: Sendable, Hashable, Codable {
        /// Who sent it.
        public var direction: WebSocketDirection
        /// What it held.
        public var message: WebSocketMessage
        /// Seconds since the conversation opened.
        public var offset: Double

        public init(direction: WebSocketDirection, message: WebSocketMessage, offset: Double) {
            self.direction = direction
            self.message = message
            self.offset = offset
        }

        private enum CodingKeys: String, CodingKey { case direction, kind, text, base64, offset }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            direction = try container.decode(WebSocketDirection.self, forKey: .direction)
            offset = try container.decodeIfPresent(Double.self, forKey: .offset) ?? 0
            let kind = try container.decodeIfPresent(String.self, forKey: .kind) ?? "text"
            switch kind {
            case "text":
                message = .text(try container.decode(String.self, forKey: .text))
            case "binary":
                let encoded = try container.decode(String.self, forKey: .base64)
                guard let data = Data(base64Encoded: encoded) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .base64, in: container, debugDescription: "not base64")
                }
                message = .binary(data)
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: container, debugDescription: "kind is 'text' or 'binary', not '\(kind)'")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(direction, forKey: .direction)
            try container.encode(message.kind, forKey: .kind)
            switch message {
            case .text(let text): try container.encode(text, forKey: .text)
            case .binary(let data): try container.encode(data.base64EncodedString(), forKey: .base64)
            }
            try container.encode((offset * 1000).rounded() / 1000, forKey: .offset)
        }
    }

    /// The URL the conversation was opened on (secrets redacted).
    public var url: String
    /// When it opened.
    public var openedAt: Date
    /// Its messages, in the order they went.
    public var frames: [Frame]
    /// How it ended; `nil` when it was still open when the transcript was taken.
    public var close: WebSocketClose?

    public init(url: String, openedAt: Date, frames: [Frame] = [], close: WebSocketClose? = nil) {
        self.url = url
        self.openedAt = openedAt
        self.frames = frames
        self.close = close
    }

    /// The transcript as stored: JSON, keys sorted, dates as ISO 8601.
    /// The transcript with every secret value `redactor` knows masked in the text messages the client sent
    /// (a token in a `connection_init`, an `auth {{token}}` message): what is stored. The server's messages
    /// are left exactly as they came.
    public func masked(by redactor: Redactor) -> WebSocketTranscript {
        guard redactor.hasSecretValues else { return self }
        var copy = self
        for index in copy.frames.indices where copy.frames[index].direction == .sent {
            if case .text(let text) = copy.frames[index].message {
                copy.frames[index].message = .text(redactor.redact(text))
            }
        }
        return copy
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads a stored transcript.
    public static func decode(_ data: Data) throws(TernError) -> WebSocketTranscript {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(WebSocketTranscript.self, from: data)
        } catch {
            throw TernError(
                .decoding, "the conversation stored (or written as a sample) is not one Tern can read",
                underlying: error)
        }
    }

    /// The messages the server sent.
    public var received: [WebSocketMessage] { frames.filter { $0.direction == .received }.map(\.message) }
    /// The messages the client sent.
    public var sent: [WebSocketMessage] { frames.filter { $0.direction == .sent }.map(\.message) }
}
