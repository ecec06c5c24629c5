import Foundation
import HTTPTypes
import Synchronization

/// What a stream's connections share: the transport hooks, the stop signal and where items go.
struct StreamChannel: Sendable {
    let hooks: StreamHooks
    let stop: StreamStop
    let queue: StreamItemQueue
}

extension Handler {
    /// Opens a Server-Sent Events stream again each time the server ends it, as EventSource does:
    /// after the announced `retry:` time, with `Last-Event-ID`, until the server answers `204` or
    /// something that is not an event stream, the consumer stops, or the policy's limit is reached.
    /// Returns the last connection's response (not the `204` that ended them).
    func reconnecting(
        after first: Response, endpoint: some Endpoint, stream: ResponseStream, channel: StreamChannel,
        onEvent: (@Sendable (HandlerEvent) -> Void)?
    ) async throws -> Response {
        var response = first
        guard Self.reconnects(after: response), let base = try? preparedRequest(for: endpoint) else { return response }
        let policy = base.streamReconnection ?? .default
        let label = base.name ?? "\(base.method.rawValue) \(redactor(for: base).redact(url: base.url))"
        var number = 0
        while policy.enabled, number < policy.maximum, !channel.stop.isStopped, Self.reconnects(after: response) {
            number += 1
            let (lastID, retry) = stream.state.withLock { ($0.lastEventID, $0.reconnectionTime) }
            let delay = StreamReconnection.delay(forRetry: retry)
            EventEmitter(
                requestID: nextRequestID(), label: label, broadcaster: broadcaster, observer: onEvent, clock: clock
            )
            .emit(.reconnect(number: number, delay: delay, lastEventID: lastID))
            guard await Self.wait(delay, unless: channel.stop) else { break }
            var next = base
            next.askForEventStream()
            if let lastID, let name = HTTPField.Name("Last-Event-ID") { next.headers[name] = lastID }
            let answer = try await send(
                next, mode: .live, validUntil: nil, stores: true, streaming: channel.hooks, onEvent: onEvent)
            guard Self.isEventStream(answer) else { break }
            response = answer
            channel.queue.append(try Self.remainingItems(of: response, stream: stream))
        }
        return response
    }

    /// Whether `response` is a live event stream the server ended (not one the consumer stopped).
    static func reconnects(after response: Response) -> Bool {
        response.source == .live && !response.stoppedEarly && isEventStream(response)
    }

    /// A `200` with `Content-Type: text/event-stream`: anything else (`204`) ends the reconnections.
    static func isEventStream(_ response: Response) -> Bool {
        response.statusCode == 200 && StreamFormat(headers: response.headers) == .serverSentEvents
    }

    /// Sleeps `delay`; false when `stop` fired (or the task was cancelled) first.
    static func wait(_ delay: Duration, unless stop: StreamStop) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await Task.sleep(for: delay)) != nil }
            group.addTask {
                await stop.wait()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first && !stop.isStopped && !Task.isCancelled
        }
    }
}

extension Request {
    /// Asks for an event stream as a browser's `EventSource` does: `Accept: text/event-stream` and
    /// `Cache-Control: no-cache`, each unless the request sets that field itself.
    mutating func askForEventStream() {
        if headers[.accept] == nil { headers[.accept] = "text/event-stream" }
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-cache" }
    }
}
