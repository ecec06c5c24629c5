public import Foundation

/// One WebSocket message: text (UTF-8) or binary.
public enum WebSocketMessage: Sendable, Hashable {
    case text(String)
    case binary(Data)

    /// The message's bytes as they go on the wire (text as UTF-8).
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// How many bytes the message holds.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }

    /// `text` or `binary`, as transcripts and `--events json` name it.
    public var kind: String {
        switch self {
        case .text: "text"
        case .binary: "binary"
        }
    }
}

/// Who sent a message of a conversation.
public enum WebSocketDirection: String, Sendable, Hashable, Codable {
    /// The client (Tern) sent it.
    case sent = "out"
    /// The server sent it.
    case received = "in"
}

/// A close code (RFC 6455 §7.4).
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normal = WebSocketCloseCode(1000)
    /// 1001: an endpoint is going away.
    public static let goingAway = WebSocketCloseCode(1001)
    /// 1002: a protocol error.
    public static let protocolError = WebSocketCloseCode(1002)
    /// 1003: a kind of data the endpoint cannot accept.
    public static let unacceptableData = WebSocketCloseCode(1003)
    /// 1006: the connection ended without a close frame (never sent on the wire).
    public static let abnormal = WebSocketCloseCode(1006)
    /// 1007: data inconsistent with the message type (text that is not UTF-8).
    public static let inconsistentData = WebSocketCloseCode(1007)
    /// 1008: a policy violation.
    public static let policyViolation = WebSocketCloseCode(1008)
    /// 1009: a message too big to process.
    public static let messageTooBig = WebSocketCloseCode(1009)
    /// 1011: the server met an unexpected condition.
    public static let internalError = WebSocketCloseCode(1011)

    /// Whether the code may go in a close frame (RFC 6455 §7.4): 1000–1003, 1007–1014, 3000–4999.
    public var isSendable: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// Whether the conversation ended as both sides meant: 1000 or 1001.
    public var isNormal: Bool { rawValue == 1000 || rawValue == 1001 }

    /// `1000 normal closure`.
    public var description: String {
        let names: [UInt16: String] = [
            1000: "normal closure", 1001: "going away", 1002: "protocol error", 1003: "unacceptable data",
            1005: "no status", 1006: "abnormal closure", 1007: "invalid data", 1008: "policy violation",
            1009: "message too big", 1010: "missing extension", 1011: "internal error",
        ]
        return names[rawValue].map { "\(rawValue) \($0)" } ?? "\(rawValue)"
    }
}

/// How a conversation ended.
public struct WebSocketClose: Sendable, Hashable, Codable {
    /// The close code; `.abnormal` (1006) when the connection dropped without a close frame.
    public var code: WebSocketCloseCode
    /// The reason the closing side gave, if any.
    public var reason: String?
    /// Who closed first.
    public var initiator: WebSocketDirection

    public init(code: WebSocketCloseCode, reason: String? = nil, initiator: WebSocketDirection) {
        self.code = code
        self.reason = reason
        self.initiator = initiator
    }
}

/// What a conversation delivers to the code that iterates it.
public enum WebSocketEvent: Sendable, Hashable {
    /// The server sent a message (`at` is when it arrived).
    case message(WebSocketMessage, at: Date)
    /// The conversation ended; nothing follows.
    case closed(WebSocketClose)
}
