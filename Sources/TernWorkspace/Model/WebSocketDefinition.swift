public import Tern

/// A WebSocket spec's conversation (`websocket:` in a spec file): the messages sent after the
/// upgrade, when Tern closes, and the limits. Strings keep their `{{variables}}`.
public struct WebSocketDefinition: Sendable, Equatable {
    /// One message to send.
    public enum Message: Sendable, Equatable {
        /// A text message (`- hello`).
        case text(String)
        /// A text message holding JSON (`- {json: {op: subscribe}}`), its strings templated; sent compact.
        case json(JSONValue)
        /// A binary message, base64 in the file (`- {binary: aGVsbG8=}`).
        case binary(String)
    }

    /// When Tern ends the conversation (with 1000): the first condition met.
    public struct Until: Sendable, Equatable {
        /// After this many messages from the server.
        public var received: Int?
        /// After this many seconds without a message from the server.
        public var idle: Double?
        /// Only when the server closes (`closed: true`): no idle limit.
        public var closed = false

        public init(received: Int? = nil, idle: Double? = nil, closed: Bool = false) {
            self.received = received
            self.idle = idle
            self.closed = closed
        }

        /// Without `until:`: 5 seconds of quiet.
        public static let `default` = Until(idle: 5)
        /// The seconds of quiet that end a conversation: `idle`, else 5 (none with `closed` alone).
        public var idleLimit: Double? { idle ?? (closed || received != nil ? nil : 5) }
    }

    /// One message of a sample conversation: `in` the server sends it, `out` the client does.
    public struct SampleMessage: Sendable, Equatable {
        public var direction: WebSocketDirection
        public var message: Message

        public init(direction: WebSocketDirection, message: Message) {
            self.direction = direction
            self.message = message
        }
    }

    /// Sent in order once the server switched protocols.
    public var messages: [Message] = []
    /// The conversation `sample` mode replays and `tern mock` serves (`sample:`), never templated.
    public var sample: [SampleMessage] = []
    /// When Tern closes.
    public var until = Until.default
    /// The largest message accepted from the server (`maxMessageBytes`), default 16 MiB.
    public var maxMessageBytes: Int?
    /// Whether permessage-deflate is offered (`compression: false` turns it off).
    public var compression = true

    public init(messages: [Message] = [], until: Until = .default) {
        self.messages = messages
        self.until = until
    }

    /// The connection options these settings make.
    public var options: WebSocketOptions {
        var options = WebSocketOptions()
        if let maxMessageBytes {
            options.maximumMessageSize = maxMessageBytes
            options.maximumFrameSize = maxMessageBytes
        }
        options.compression = compression
        return options
    }
}
