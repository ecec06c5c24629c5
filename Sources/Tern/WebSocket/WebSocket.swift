import Foundation
import Synchronization

/// An open WebSocket conversation: iterate it for the server's messages and, last, how it closed;
/// `send`, `ping` and `close` talk back.
///
/// ```swift
/// let socket = try await handler.connect(ChatAPI.room("general"))
/// try await socket.send(.text("hello"))
/// for try await event in socket {
///     if case .message(.text(let text), _) = event { print(text) }
/// }
/// ```
///
/// Iterate from one task at a time. Cancelling that task drops the connection. When the conversation
/// ends, its transcript (every message each way, with its timing) is stored in the handler's cache,
/// and `--mode cache` / `ResponseMode.cache` replays it offline.
public final class WebSocket: AsyncSequence, Sendable {
    public typealias Element = WebSocketEvent
    public typealias Failure = TernError

    /// The upgrade request as the endpoint lowered it (before interceptors).
    public let request: Request
    /// Where the conversation comes from: `.live`, or `.cache` when a stored one is replayed.
    public let source: ResponseSource
    /// The key its transcript is stored under.
    public let storageKey: String
    /// The send its upgrade was, as the handler's events name it.
    public let requestID: RequestID

    private let link: any WebSocketLink
    private let clock: any TernClock
    private let state: Mutex<State>
    private let onEnd: @Sendable (WebSocketTranscript) async -> Void

    private struct State {
        var transcript: WebSocketTranscript
        var started: ContinuousClock.Instant
        var ended = false
        /// Set once the transcript of an ended conversation was handed to storage.
        var finished = false
        /// Whether a caller is inside `next` (or `close` is taking what is left).
        var reading = false
    }

    init(
        request: Request, source: ResponseSource, storageKey: String, requestID: RequestID, url: String,
        link: any WebSocketLink,
        clock: any TernClock, onEnd: @escaping @Sendable (WebSocketTranscript) async -> Void
    ) {
        self.request = request
        self.source = source
        self.storageKey = storageKey
        self.requestID = requestID
        self.link = link
        self.clock = clock
        self.onEnd = onEnd
        state = Mutex(State(transcript: WebSocketTranscript(url: url, openedAt: clock.now), started: .now))
    }

    deinit { link.cancel() }

    /// Every message so far each way, and the close once it came.
    public var transcript: WebSocketTranscript { state.withLock { $0.transcript } }

    /// Whether the conversation has ended (and its transcript was stored).
    public var isClosed: Bool { state.withLock { $0.finished } }

    /// Sends `message`.
    public func send(_ message: WebSocketMessage) async throws(TernError) {
        if isClosed { throw TernError(.connection, "the conversation is closed; nothing more can be sent") }
        try await link.send(message)
        record(.sent, message)
    }

    /// Sends a text message.
    public func send(text: String) async throws(TernError) { try await send(.text(text)) }

    /// Sends a ping; the server's pong is handled by the connection.
    public func ping() async throws(TernError) { try await link.ping() }

    /// Asks the server to end the conversation and returns how it ended. With no loop iterating
    /// the conversation, the messages still on their way are taken (and kept in the transcript)
    /// until the server's close arrives.
    @discardableResult
    public func close(_ code: WebSocketCloseCode = .normal, reason: String? = nil) async -> WebSocketClose? {
        if isClosed { return transcript.close }
        await link.close(code, reason: reason)
        let drains = state.withLock { state in
            if state.reading { return false }
            state.reading = true
            return true
        }
        guard drains else {
            // A loop is reading: it sees the close; wait for it (the link's close timeout bounds this).
            for _ in 0..<1000 where !isClosed { try? await Task.sleep(for: .milliseconds(10)) }
            return transcript.close
        }
        while !isClosed {
            guard (try? await take()) != nil else { break }
        }
        state.withLock { $0.reading = false }
        return transcript.close
    }

    private func record(_ direction: WebSocketDirection, _ message: WebSocketMessage) {
        state.withLock { state in
            let offset = (ContinuousClock.now - state.started).seconds
            state.transcript.frames.append(.init(direction: direction, message: message, offset: offset))
        }
    }

    /// Takes the next event from the link, recording it; stores the transcript at the end.
    fileprivate func take() async throws(TernError) -> WebSocketEvent? {
        if state.withLock({ $0.ended }) { return nil }
        let event: WebSocketLinkEvent?
        do {
            event = try await link.receive()
        } catch {
            await end(WebSocketClose(code: .abnormal, reason: error.message, initiator: .received))
            throw error
        }
        switch event {
        case .message(let message):
            record(.received, message)
            return .message(message, at: clock.now)
        case .closed(let close):
            await end(close)
            return .closed(close)
        case nil:
            if Task.isCancelled {
                link.cancel()
                await end(WebSocketClose(code: .goingAway, reason: "cancelled", initiator: .sent))
            }
            return nil
        }
    }

    private func end(_ close: WebSocketClose) async {
        let transcript = state.withLock { state -> WebSocketTranscript? in
            guard !state.ended else { return nil }
            state.ended = true
            state.transcript.close = close
            return state.transcript
        }
        // Stored whatever happens to the caller's task: a conversation that ended is kept.
        if let transcript {
            let onEnd = self.onEnd
            await Task { await onEnd(transcript) }.value
            state.withLock { $0.finished = true }
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let socket: WebSocket

        public mutating func next() async throws(TernError) -> WebSocketEvent? {
            socket.state.withLock { $0.reading = true }
            defer { socket.state.withLock { $0.reading = false } }
            return try await socket.take()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(socket: self) }
}
