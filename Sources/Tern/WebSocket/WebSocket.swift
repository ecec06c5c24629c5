public import Foundation
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
    /// When the replayed conversation was stored, and until when it is fresh; `nil` for a live one.
    public let stored: (at: Date, validUntil: Date)?

    private let link: any WebSocketLink
    private let clock: any TernClock
    private let state: Mutex<State>
    private let onEnd: @Sendable (WebSocketTranscript) async -> Void
    /// Lets one reader at a time take from the link: a loop's `next`, or `close` taking what is left.
    private let gate = ReadGate()

    private struct State {
        var transcript: WebSocketTranscript
        var started: ContinuousClock.Instant
        var ended = false
        /// Set once the transcript of an ended conversation was handed to storage.
        var finished = false
        /// The bytes of every message so far, recorded or not.
        var recordedBytes = 0
        /// Whether messages went unrecorded (`maximumTranscriptBytes`).
        var truncated = false
    }

    init(
        request: Request, source: ResponseSource, storageKey: String, requestID: RequestID, url: String,
        link: any WebSocketLink, stored: (at: Date, validUntil: Date)? = nil,
        clock: any TernClock, onEnd: @escaping @Sendable (WebSocketTranscript) async -> Void
    ) {
        self.stored = stored
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
        if isClosed {
            // A replay judges a message even after the recording ended: one it does not have is a miss.
            if source == .cache { try await link.send(message) }
            throw TernError(.connection, "the conversation is closed; nothing more can be sent")
        }
        // Recorded before it goes, so an answer that comes back at once is recorded after it.
        let frame = record(.sent, message)
        do {
            try await link.send(message)
        } catch {
            state.withLock { state in
                if let frame, let index = state.transcript.frames.lastIndex(of: frame) {
                    state.transcript.frames.remove(at: index)
                }
            }
            throw error
        }
    }

    /// Sends a text message.
    public func send(text: String) async throws(TernError) { try await send(.text(text)) }

    /// Sends a ping; the server's pong is handled by the connection.
    public func ping() async throws(TernError) { try await link.ping() }

    /// Asks the server to end the conversation and returns how it ended: the messages still on their
    /// way are taken (and kept in the transcript) until the server's close arrives, by the loop that
    /// iterates the conversation if there is one, else by `close` itself. A code that may not be sent
    /// (1005, 1006, 1015, or outside 1000–4999) is sent as 1000.
    @discardableResult
    public func close(_ code: WebSocketCloseCode = .normal, reason: String? = nil) async -> WebSocketClose? {
        if isClosed { return transcript.close }
        await link.close(code.isSendable ? code : .normal, reason: reason)
        // One reader at a time: a loop in `next` finishes its read first (the close ends it).
        await gate.acquire()
        while !state.withLock({ $0.ended }) {
            guard (try? await take()) != nil else { break }
        }
        gate.release()
        return transcript.close
    }

    /// Records a message unless the transcript is full; returns what it recorded.
    @discardableResult
    private func record(_ direction: WebSocketDirection, _ message: WebSocketMessage) -> WebSocketTranscript.Frame? {
        state.withLock { state in
            state.recordedBytes += message.byteCount
            guard state.recordedBytes <= Self.maximumTranscriptBytes else {
                state.truncated = true
                return nil
            }
            let offset = (ContinuousClock.now - state.started).seconds
            let frame = WebSocketTranscript.Frame(direction: direction, message: message, offset: offset)
            state.transcript.frames.append(frame)
            return frame
        }
    }

    /// The most a transcript keeps (64 MiB of messages): past it the conversation goes on, unrecorded,
    /// and is not stored (a stored conversation is the whole of it, or nothing).
    public static let maximumTranscriptBytes = 64 << 20

    /// Whether the conversation outgrew `maximumTranscriptBytes` (it is then not stored).
    public var isTruncated: Bool { state.withLock { $0.truncated } }

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
        let (transcript, truncated) = state.withLock { state -> (WebSocketTranscript?, Bool) in
            guard !state.ended else { return (nil, false) }
            state.ended = true
            state.transcript.close = close
            return (state.transcript, state.truncated)
        }
        if truncated {
            state.withLock { $0.finished = true }
            return
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
            await socket.gate.acquire()
            defer { socket.gate.release() }
            return try await socket.take()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(socket: self) }
}

/// A lock for async callers, first come first served: `acquire` waits while another holds it.
final class ReadGate: Sendable {
    private struct State {
        var held = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.held {
                    state.waiting.append(continuation)
                    return false
                }
                state.held = true
                return true
            }
            if now { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
