import Foundation
import NIOCore
import NIOWebSocket
import Synchronization
import Tern
import TernHTTPClient
import WSClient

/// One live connection: the NIO side pushes what arrives into a bounded queue and hands over its
/// writer once the upgrade is done.
final class LiveWebSocketLink: WebSocketLink {
    private enum Opening {
        case waiting(CheckedContinuation<Void, any Error>?)
        case open
        case failed(TernError)
    }

    let queue: AsyncBoundedQueue<WebSocketLinkEvent>
    let task = Mutex<Task<Void, Never>?>(nil)
    private let writer = Mutex<WebSocketOutboundWriter?>(nil)
    private let opening = Mutex<Opening>(.waiting(nil))
    private let closeRequested = Mutex<WebSocketClose?>(nil)
    private let tooBig = Mutex(false)
    /// Set once how the conversation ended was handed to the reader: the first ending wins.
    private let concluded = Mutex(false)
    /// Drops the connection when the server has not answered Tern's close in time.
    private let closeDeadline = Mutex<Task<Void, Never>?>(nil)
    /// How the conversation ended when Tern dropped the connection itself: what the reader is told,
    /// whichever path (the connection task failing as it is cancelled, or the drop) gets there first.
    private let dropped = Mutex<WebSocketClose?>(nil)
    private let address: String
    /// The largest message accepted.
    private let limit: Int
    /// How long the server has to answer Tern's close before the connection is dropped.
    private let closeTimeout: Duration

    init(capacity: Int, address: String, limit: Int, closeTimeout: Duration) {
        queue = AsyncBoundedQueue(capacity: capacity)
        self.address = address
        self.limit = limit
        self.closeTimeout = closeTimeout
    }

    /// The upgrade succeeded.
    func opened(_ outbound: WebSocketOutboundWriter) {
        writer.withLock { $0 = outbound }
        let waiter = opening.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .open
            return waiter
        }
        waiter?.resume()
    }

    /// Waits for the upgrade, at most `limit`.
    func waitUntilOpen(within limit: Duration, request: Request) async throws(TernError) -> LiveWebSocketLink {
        let address = self.address
        let timer = Task { [weak self] in
            try await Task.sleep(for: limit)
            self?.fail(
                TernError(
                    .timeout,
                    "no WebSocket connection to \(address) within \(AttemptWatchdog.describe(limit)) "
                        + "(connect timeout): the server may be down or slow to answer the upgrade",
                    requestLabel: request.label))
        }
        defer { timer.cancel() }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let result: Result<Void, TernError>? = opening.withLock { state in
                        switch state {
                        case .open: return .success(())
                        case .failed(let error): return .failure(error)
                        case .waiting:
                            state = .waiting(continuation)
                            return nil
                        }
                    }
                    if let result { continuation.resume(with: result) }
                }
            } onCancel: { [weak self] in
                self?.fail(TernError(.cancelled, "the connection was cancelled", requestLabel: request.label))
            }
        } catch {
            cancel()
            throw TernError.wrap(error, requestLabel: request.label)
        }
        return self
    }

    private func fail(_ error: TernError) {
        let waiter = opening.withLock { state -> CheckedContinuation<Void, any Error>?? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .failed(error)
            return .some(waiter)
        }
        if case .some(let waiter) = waiter { waiter?.resume(throwing: error) }
    }

    /// Runs one read, noting a frame over the size limit (the client then closes with its own code).
    func watching<T>(_ read: () async throws -> T) async throws -> T {
        do {
            return try await read()
        } catch NIOWebSocketError.invalidFrameLength {
            tooBig.withLock { $0 = true }
            throw NIOWebSocketError.invalidFrameLength
        }
    }

    /// The server closed (or the close we asked for came back).
    func ended(_ frame: WebSocketCloseFrame?) async {
        writer.withLock { $0 = nil }
        let close: WebSocketClose
        if tooBig.withLock({ $0 }) {
            close = Self.tooBig(limit)
        } else if let ours = closeRequested.withLock({ $0 }), frame != nil || ours.code == .abnormal {
            // Our close, answered by the server's.
            close = ours
        } else if let ours = closeRequested.withLock({ $0 }) {
            // Our close, never answered: the connection was gone, or the server did not take part.
            close = WebSocketClose(
                code: .abnormal,
                reason: "the connection to \(address) ended before the server answered Tern's close (\(ours.code))",
                initiator: .received)
        } else if let frame {
            close = WebSocketClose(
                code: WebSocketCloseCode(UInt16(webSocketErrorCode: frame.closeCode)), reason: frame.reason,
                initiator: .received)
        } else {
            // A frame over the limit also ends here: NIO answers it with 1009 and drops the connection.
            close = WebSocketClose(
                code: .abnormal,
                reason: "the connection to \(address) ended without a close frame (the server dropped it, or sent a "
                    + "frame over the limit of \(limit) bytes)",
                initiator: .received)
        }
        fail(TernError(.connection, "\(address) closed the connection during the WebSocket upgrade"))
        await conclude(close)
    }

    /// The connection failed: before the upgrade, the opener's error; after, how it ended.
    func failed(_ error: any Error, request: Request, diagnosed: TernError? = nil) async {
        writer.withLock { $0 = nil }
        let failure = diagnosed ?? Self.describe(error, request: request, address: address)
        fail(failure)
        let close: WebSocketClose
        switch error as? WebSocketClientError {
        case .some(.serverSentMessageTooLarge):
            close = Self.tooBig(limit)
        case .some(.serverSentDataInconsistentWithMessage):
            close = WebSocketClose(
                code: .inconsistentData, reason: "the server sent text that is not UTF-8", initiator: .sent)
        case .some(.serverProtocolError):
            close = WebSocketClose(
                code: .protocolError, reason: "the server broke the WebSocket protocol", initiator: .sent)
        default:
            close =
                tooBig.withLock({ $0 })
                ? Self.tooBig(limit) : WebSocketClose(code: .abnormal, reason: failure.message, initiator: .received)
        }
        await conclude(close)
    }

    /// Hands how the conversation ended to the reader, once: a later ending (the connection task
    /// winding down after the close deadline dropped it) is not reported again.
    private func conclude(_ close: WebSocketClose) async {
        let first = concluded.withLock { done in
            defer { done = true }
            return !done
        }
        closeDeadline.withLock { $0?.cancel() }
        guard first else { return }
        await queue.push(.closed(dropped.withLock { $0 } ?? close))
        queue.finish()
    }

    /// The server did not answer Tern's close within the close timeout (nor drop the connection):
    /// the connection is dropped, and the conversation ends with 1006, saying so.
    private func closeUnanswered(_ code: WebSocketCloseCode) async {
        guard !concluded.withLock({ $0 }) else { return }
        let close = WebSocketClose(
            code: .abnormal,
            reason: "\(address) did not answer Tern's close (\(code)) within \(AttemptWatchdog.describe(closeTimeout)) "
                + "(the close timeout): Tern dropped the connection",
            initiator: .sent)
        dropped.withLock { $0 = close }
        task.withLock { $0?.cancel() }
        await conclude(close)
    }

    /// The server's frames make no message (too big, not UTF-8, out of order): the conversation
    /// ends at once with the code that says why, sent to the server, and the connection is dropped
    /// (RFC 6455 §7.1.7), however much more the server would send.
    func refuse(_ failure: WebSocketMessageAssembler.Failure, writer: WebSocketOutboundWriter) async {
        let close: WebSocketClose
        let told: String
        switch failure {
        case .tooBig:
            tooBig.withLock { $0 = true }
            close = Self.tooBig(limit)
            told = "message too big"
        case .notUTF8:
            close = WebSocketClose(
                code: .inconsistentData, reason: "the server sent text that is not UTF-8", initiator: .sent)
            told = "text is not UTF-8"
        case .outOfOrder(let what):
            close = WebSocketClose(
                code: .protocolError, reason: "the server broke the WebSocket protocol: \(what)", initiator: .sent)
            told = "frames out of order"
        }
        closeRequested.withLock { $0 = $0 ?? close }
        await conclude(close)
        // The close frame goes if the connection takes it within the close timeout; it is dropped anyway.
        let connection = task.withLock { $0 }
        let timeout = closeTimeout
        let deadline = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            connection?.cancel()
        }
        try? await writer.close(WebSocketErrorCode(codeNumber: Int(close.code.rawValue)), reason: told)
        deadline.cancel()
        connection?.cancel()
    }

    /// The close of a conversation whose server sent more than the limit.
    static func tooBig(_ limit: Int) -> WebSocketClose {
        WebSocketClose(
            code: .messageTooBig,
            reason: "the server sent a message bigger than the limit of \(limit) bytes (websocket.maxMessageBytes "
                + "raises it)",
            initiator: .sent)
    }

    static func describe(_ error: any Error, request: Request, address: String) -> TernError {
        if let failure = error as? TernError { return failure }
        if let client = error as? WebSocketClientError {
            switch client {
            case .webSocketUpgradeFailed:
                return TernError(
                    .unacceptableStatus,
                    "\(address) did not switch to WebSocket: it answered the upgrade with a plain HTTP response "
                        + "(check the path, and that the endpoint speaks WebSocket; `tern get` with http:// shows "
                        + "what it answers)",
                    requestLabel: request.label)
            case .invalidURL:
                return TernError(
                    .invalidRequest, "'\(request.url)' is not a WebSocket URL", requestLabel: request.label)
            case .proxyHandshakeFailed, .proxyHandshakeInvalidResponse:
                return TernError(
                    .connection,
                    "the proxy did not open a tunnel to \(address): check that it allows this port, or give "
                        + "credentials in the proxy URL",
                    requestLabel: request.label, underlying: error)
            case .proxyHandshakeTimeout:
                return TernError(
                    .timeout, "the proxy did not open a tunnel to \(address) in time", requestLabel: request.label,
                    underlying: error)
            default:
                return TernError(.transport, "\(address): \(client)", requestLabel: request.label, underlying: error)
            }
        }
        return HTTPClientTransport.map(error, request: request)
    }

    func receive() async throws(TernError) -> WebSocketLinkEvent? {
        do {
            return try await queue.next()
        } catch {
            throw TernError.wrap(error)
        }
    }

    func send(_ message: Tern.WebSocketMessage) async throws(TernError) {
        guard let writer = writer.withLock({ $0 }) else {
            throw TernError(.connection, "the conversation is closed; nothing more can be sent")
        }
        do {
            switch message {
            case .text(let text): try await writer.write(.text(text))
            case .binary(let data): try await writer.write(.binary(ByteBuffer(bytes: data)))
            }
        } catch {
            throw TernError(.connection, "the message was not sent: \(address) closed the conversation")
        }
    }

    func ping() async throws(TernError) {
        guard let writer = writer.withLock({ $0 }) else {
            throw TernError(.connection, "the conversation is closed; nothing more can be sent")
        }
        do {
            try await writer.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "tern"))))
        } catch {
            throw TernError(.connection, "the ping was not sent: \(address) closed the conversation")
        }
    }

    func close(_ code: WebSocketCloseCode, reason: String?) async {
        let first = closeRequested.withLock { requested in
            if requested != nil { return false }
            requested = WebSocketClose(code: code, reason: reason, initiator: .sent)
            return true
        }
        guard first, let writer = writer.withLock({ $0 }) else { return }
        // Every path's close comes here (`WebSocket.close`: a spec's `until`, stdin's end, the REPL's
        // `close`): from now on the server has the close timeout to answer, whatever it does (it may
        // neither answer nor drop TCP, or stop reading so that the close frame itself cannot go).
        let timeout = closeTimeout
        let deadline = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            await self?.closeUnanswered(code)
        }
        closeDeadline.withLock { $0 = deadline }
        if concluded.withLock({ $0 }) { deadline.cancel() }
        do {
            try await writer.close(WebSocketErrorCode(codeNumber: Int(code.rawValue)), reason: reason)
        } catch {
            // The close could not be written: the connection was gone already (a drop right after the
            // upgrade is not always reported to the reader), so the conversation ended abnormally.
            closeRequested.withLock {
                $0 = WebSocketClose(
                    code: .abnormal, reason: "the connection to \(address) was gone before Tern closed it",
                    initiator: .received)
            }
        }
    }

    func cancel() {
        task.withLock { $0?.cancel() }
        closeDeadline.withLock { $0?.cancel() }
        queue.cancel()
    }
}
