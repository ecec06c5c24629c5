public import Foundation

/// Opens WebSocket connections: the WebSocket counterpart of `Transport`, the only place a
/// conversation's bytes meet a network. `TernWebSocket`'s `WebSocketClientConnector` is the one
/// built on SwiftNIO; `Handler.connect` runs the upgrade request through the interceptors first.
public protocol WebSocketConnector: Sendable {
    /// Opens a conversation for `request` (a `GET` whose URL is `ws://`, `wss://`, `http://` or
    /// `https://`; its headers go with the upgrade) and returns once the server switched protocols.
    ///
    /// Throws `TernError` (`.connection`, `.timeout`, `.tls`, `.unacceptableStatus` when the server
    /// answers without switching) and never waits past `options.connectTimeout`.
    func open(_ request: Request, options: WebSocketOptions) async throws(TernError) -> any WebSocketLink
}

/// One open connection as a connector hands it over: messages and the close arrive through
/// `receive`, and go through the other methods.
public protocol WebSocketLink: Sendable {
    /// The next message from the server, or how the conversation ended (then `nil` ever after).
    func receive() async throws(TernError) -> WebSocketLinkEvent?
    /// Sends `message`; throws once the conversation is closed.
    func send(_ message: WebSocketMessage) async throws(TernError)
    /// Sends a ping (the server answers with a pong the link handles).
    func ping() async throws(TernError)
    /// Starts the closing handshake with `code`: the server's close then ends `receive`.
    func close(_ code: WebSocketCloseCode, reason: String?) async
    /// Drops the connection at once (the caller's task was cancelled, or nobody holds it any more).
    func cancel()
}

/// What `WebSocketLink.receive` returns.
public enum WebSocketLinkEvent: Sendable, Hashable {
    case message(WebSocketMessage)
    case closed(WebSocketClose)
}

/// How a conversation is opened and bounded.
public struct WebSocketOptions: Sendable, Hashable {
    /// The largest frame accepted from the server, in bytes; a bigger one closes with 1009.
    public var maximumFrameSize = 16 << 20
    /// The largest message (all its frames, decompressed), in bytes; a bigger one closes with 1009.
    public var maximumMessageSize = 16 << 20
    /// Messages held for a reader that has not taken them: past this the connection is not read
    /// (TCP then slows the server down) until the reader catches up.
    public var bufferedMessages = 16
    /// Whether permessage-deflate (RFC 7692) is offered to the server.
    public var compression = true
    /// How long opening (TCP, TLS, the upgrade) may take; `nil` takes the request's timeout, else 30 s.
    public var connectTimeout: Duration? = nil
    /// How long the closing handshake may take before the connection is dropped.
    public var closeTimeout: Duration = .seconds(5)
    /// Pings sent this often while the conversation is quiet; a pong that does not come back in
    /// time closes it (a peer that vanished is noticed). `nil`: no pings.
    public var keepAlive: Duration? = .seconds(30)
    /// Whether text messages that are not UTF-8 close the conversation (1007).
    public var validatesUTF8 = true
    /// How a stored conversation is replayed: as paced when it was recorded, or at once.
    public var replayPacing: ReplayPacing = .recorded

    /// The pacing of a replayed conversation.
    public enum ReplayPacing: String, Sendable, Hashable, CaseIterable {
        /// The server's messages come with the gaps they came with.
        case recorded
        /// The server's messages come as soon as they are due in the order.
        case immediate
    }

    public init() {}
}

extension URL {
    /// Whether the URL names a WebSocket endpoint (`ws://` or `wss://`).
    public var isWebSocket: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "ws" || scheme == "wss"
    }

    /// The URL with `ws`/`wss` turned into `http`/`https` (and back with `webSocket: true`).
    public func withWebSocketScheme(_ webSocket: Bool) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased()
        else { return self }
        switch (scheme, webSocket) {
        case ("http", true): components.scheme = "ws"
        case ("https", true): components.scheme = "wss"
        case ("ws", false): components.scheme = "http"
        case ("wss", false): components.scheme = "https"
        default: return self
        }
        return components.url ?? self
    }
}
