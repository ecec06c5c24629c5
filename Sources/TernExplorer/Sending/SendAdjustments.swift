package import Foundation
package import Tern

/// Changes the CLI applies to one send without editing the spec (`--header`, `--query`, `--body`).
package struct SendAdjustments: Sendable {
    package var headers: [(name: String, value: String)] = []
    package var query: [(name: String, value: String)] = []
    /// Body text (JSON when it parses as JSON).
    package var body: String?
    /// A body sent as these bytes (`--body @FILE` or `@-` that is not UTF-8 text), with the spec's
    /// `Content-Type`, else `application/octet-stream`.
    package var bodyData: Data?
    /// Streams the response body to a file (the cache's, or a temporary one) instead of memory: for
    /// `-o FILE`, which then copies it where the user asked.
    package var streamsBody = false
    /// Sees this send's events as they happen (the CLI's `--events json` and progress bar).
    package var onEvent: (@Sendable (HandlerEvent) -> Void)?
    /// Sees a streamed body's items (Server-Sent Events, JSON lines) as they arrive; set, the send
    /// goes through `Handler.stream`, which `streamStop` ends (keeping what arrived).
    package var onStream: (@Sendable (StreamedItem) -> Void)?
    /// Ends the streamed send early (the faces' Esc and Ctrl-C).
    package var streamStop: StreamStop?
    /// Sees a WebSocket spec's conversation as it goes (opened, each message each way, the close).
    package var onConversation: (@Sendable (ConversationEvent) -> Void)?
    /// Sees a gRPC call as it goes (the server's metadata, each message each way, the status).
    package var onGRPC: (@Sendable (GRPCEvent) -> Void)?
    /// Messages a WebSocket spec sends after its own (the CLI's stdin lines): the spec's `until` waits
    /// for this stream to end.
    package var outgoing: AsyncStream<WebSocketMessage>?
    /// How a replayed conversation is paced (`--at-once`); `nil` as recorded.
    package var replayPacing: WebSocketOptions.ReplayPacing?
    /// The deadline of each attempt instead of the workspace's `handler.timeout` (a typed request's `--timeout`).
    package var timeout: Duration?
    /// TLS and proxy settings instead of the transport's (a typed request's `--verify`, `--cert`, `--proxy`).
    package var connection: ConnectionSettings?
    /// Whether a GraphQL spec is checked against its schema before it is sent (`--no-check`: false).
    package var checksGraphQL = true

    package init() {}
}
