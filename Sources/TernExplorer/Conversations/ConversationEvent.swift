package import Foundation
package import Tern

/// What a WebSocket spec's conversation shows as it goes.
package enum ConversationEvent: Sendable {
    /// The server switched protocols (or a stored conversation began to replay).
    case opened(url: String, source: ResponseSource)
    /// A message went out or came in.
    case message(WebSocketDirection, WebSocketMessage, at: Date)
    /// The conversation ended.
    case closed(WebSocketClose)
}
