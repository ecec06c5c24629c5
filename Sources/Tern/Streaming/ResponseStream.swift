import Foundation
import Synchronization

/// A send whose body is handed over as it arrives: Server-Sent Events or JSON lines, item by item.
///
/// ```swift
/// let stream = handler.stream(ChatAPI.completion(prompt: "Hi"))
/// for try await item in stream.items { print(item.data) }
/// let response = try await stream.response   // the whole stream, stored for `cache` mode
/// ```
///
/// A stream served from storage (`cache` mode, stale-if-error) or by a transport that delivers the
/// body at once replays the same items from the stored body. `stop()` ends a live stream early and
/// keeps what arrived; for a body that is not a stream it cancels the send.
public final class ResponseStream: Sendable {
    /// The items in order; it ends when the body ends and fails when the send fails.
    public let items: AsyncThrowingStream<StreamedItem, any Error>
    private let signal: StreamStop
    let state = Mutex(StreamState())
    private let task: Mutex<Task<Response, any Error>?> = Mutex(nil)

    /// Between the transport and `items`, bounded (see `StreamItemQueue`).
    let queue: StreamItemQueue

    init(signal: StreamStop) {
        let queue = StreamItemQueue()
        self.queue = queue
        self.items = AsyncThrowingStream(unfolding: { try await queue.next() })
        self.signal = signal
        queue.onCancel { [weak self] in self?.stop() }
    }

    /// The response once the stream ended: the whole body, `stoppedEarly` when `stop()` ended it.
    public var response: Response {
        get async throws(TernError) {
            guard let task = task.withLock({ $0 }) else {
                throw TernError(.cancelled, "the stream was not started")
            }
            queue.collectsWhole()
            do {
                return try await task.value
            } catch {
                throw TernError.wrap(error)
            }
        }
    }

    /// Ends the stream now: a live stream keeps what arrived; any other send is cancelled.
    public func stop() {
        signal.stop()
        let streaming = state.withLock { $0.decoder != nil }
        if !streaming { task.withLock { $0 }?.cancel() }
    }

    fileprivate func start(_ body: @escaping @Sendable () async throws -> Response) {
        task.withLock { $0 = Task(operation: body) }
    }
}

/// What a stream has seen so far: the decoder of the current attempt, and whether a live head came.
struct StreamState: Sendable {
    var decoder: StreamDecoder?
    var sawHead = false
    /// Whether the current attempt's items are decoded as its chunks arrive.
    var live = false
    /// The last event ID and reconnection time the stream gave, kept across connections.
    var lastEventID: String?
    var reconnectionTime: Int?

    /// Keeps what `decoder` has learnt about reconnecting.
    mutating func noteReconnection(from decoder: StreamDecoder?) {
        guard let decoder else { return }
        if let id = decoder.lastEventID { lastEventID = id }
        if let time = decoder.reconnectionTime { reconnectionTime = time }
    }
}

extension Handler {
    /// Sends `endpoint` and hands its body over as it arrives (see `ResponseStream`).
    ///
    /// - Parameters:
    ///   - mode: overrides the handler's mode for this send.
    ///   - stop: a signal of your own that ends the stream, beside `ResponseStream.stop()`.
    ///   - onEvent: receives this send's events only, as they happen.
    public func stream(
        _ endpoint: some Endpoint, mode: ResponseMode? = nil, stop: StreamStop = StreamStop(),
        onEvent: (@Sendable (HandlerEvent) -> Void)? = nil
    ) -> ResponseStream {
        let stream = ResponseStream(signal: stop)
        let queue = stream.queue
        let hooks = StreamHooks(
            onStream: { part in
                let decoded: Result<[StreamedItem], StreamDecodingError> = stream.state.withLock { state in
                    switch part {
                    case .head(_, let headers):
                        state.sawHead = true
                        // A compressed stream's chunks are not text yet: its items come from the decoded
                        // body when it ends.
                        let encoded = !ContentDecoder.codings(headers).isEmpty
                        // A reconnection's events keep the last event ID until an `id:` changes it.
                        let lastID = state.lastEventID
                        state.decoder =
                            encoded
                            ? nil
                            : StreamFormat(headers: headers).map { StreamDecoder(format: $0, lastEventID: lastID) }
                        state.live = state.decoder != nil
                        return .success([])
                    case .chunk(let bytes):
                        do throws(StreamDecodingError) {
                            let items = try state.decoder?.decode(bytes) ?? []
                            state.noteReconnection(from: state.decoder)
                            return .success(items)
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                switch decoded {
                case .success(let items):
                    queue.append(items)
                case .failure(let error):
                    queue.finish(throwing: TernError(.decoding, error.description))
                    stop.stop()
                }
            }, stop: stop, waitForRoom: { await queue.waitForRoom() })
        stream.start {
            // The caller's own signal ends the stream as `stop()` does (a send that is not a stream is cancelled).
            let watcher = Task {
                await stop.wait()
                if !Task.isCancelled { stream.stop() }
            }
            defer { watcher.cancel() }
            do {
                let first = try await self.send(
                    endpoint, mode: mode, validUntil: nil, stores: true, streaming: hooks, onEvent: onEvent)
                queue.append(try Self.remainingItems(of: first, stream: stream))
                let response = try await self.reconnecting(
                    after: first, endpoint: endpoint, stream: stream,
                    channel: StreamChannel(hooks: hooks, stop: stop, queue: queue), onEvent: onEvent)
                queue.finish()
                return response
            } catch {
                queue.finish(throwing: error)
                throw error
            }
        }
        return stream
    }

    /// What the consumer has not seen yet when the send returns: the end of a live stream, or every
    /// item of a body that did not arrive live (storage, sample, a transport without chunks).
    static func remainingItems(of response: Response, stream: ResponseStream) throws -> [StreamedItem] {
        let (decoder, live) = stream.state.withLock { state -> (StreamDecoder?, Bool) in
            defer {
                state.noteReconnection(from: state.decoder)
                state.decoder = nil
            }
            return (state.decoder, state.sawHead && state.live)
        }
        if response.source == .live, live, var decoder {
            return decoder.finish()
        }
        guard !(response.source == .live && live), let format = StreamFormat(headers: response.headers) else {
            return []
        }
        do {
            return try StreamDecoder.items(of: response.bodyData(), format: format)
        } catch let error as StreamDecodingError {
            throw TernError(.decoding, error.description, requestLabel: response.request.label)
        }
    }
}
