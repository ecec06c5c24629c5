import Foundation

/// What a `HostileServer` does with each connection, once it has read the request head.
public enum HostileBehaviour: Sendable, Hashable {
    /// A `200` with no length that sends body bytes until the client leaves.
    case endlessBody
    /// A `200` announcing `total` bytes, sent `bytesPerSecond` at a time, in ten steps a second.
    case trickle(bytesPerSecond: Int, total: Int)
    /// A `200` announcing `declared` bytes that sends `sent` of them, then stays silent.
    case shortBody(declared: Int, sent: Int)
    /// A `503` whose `Retry-After` is `value` as given (e.g. `99999999999`).
    case retryAfter(String)
    /// A status line, then header fields until the client leaves.
    case endlessHeaders
    /// Reads nothing but the head and answers `413` at once, closing the connection while the
    /// client may still be uploading its body.
    case earlyResponse
    /// Reads `afterBytes` bytes of the request head, answers `431` at once (as servers with a
    /// small header limit do), then reads and drops the rest until the client leaves.
    case rejectHead(afterBytes: Int)
    /// Reads the request and never answers.
    case silence
    /// Reads the request head, then resets the connection (a TCP RST, as a crashing server's
    /// connections end): the client sees "connection reset by peer".
    case reset
    /// Completes a WebSocket upgrade and sends `messages` as text frames; then, with `closeCode`, a
    /// close with that code and `reason`, reads the client's answer and leaves; without one, reads
    /// and drops what the client sends, never answering its close and never dropping TCP.
    case webSocket(messages: [String], closeCode: UInt16?, reason: String = "")
    /// Answers the first request of a connection (`200`, kept alive), then closes the connection without an
    /// answer when the next request arrives: a server whose keep-alive ended as the client reused it.
    case oneAnswerPerConnection
    /// Completes a WebSocket upgrade, then sends a text message's first byte and 1-byte
    /// continuation frames after it, without end, while the client reads.
    case webSocketContinuationFlood
}
