import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernWorkspace

/// A GraphQL subscription over Server-Sent Events (graphql-sse's distinct connections mode, which
/// Strawberry, GraphQL Yoga and Hasura speak): the operation POSTed as GraphQL over HTTP with
/// `Accept: text/event-stream`, each `next` event's data one result, `complete` the end. It goes through the
/// handler's stream, so it is stored and replayed (`--mode cache`) as any event stream is.
struct GraphQLEventStream {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// A subscription over SSE in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Runs `entry`'s operation (its `request` resolved as GraphQL over HTTP) at `endpoint` (the request's own
    /// address when `nil`) until `entry.spec.until` (5 s of quiet by default), the `complete` event or Ctrl-C,
    /// and answers with the server's response whose body is the summary `GraphQLSubscription` gives
    /// (`messages`, `count`, `complete`, `errors`); each result is shown as it comes.
    func exchange(
        _ entry: SpecEntry, request: Request, at endpoint: URL?, adjustments: SendAdjustments,
        onEvent: @escaping @Sendable (HandlerEvent) -> Void
    ) async throws(TernError) -> Response {
        var asking = request
        if let endpoint { asking.url = endpoint }
        asking.headers[.accept] = "text/event-stream"
        // The server ends the stream after `complete`: asking again would subscribe again.
        asking.streamReconnection = StreamReconnection(enabled: false, maximum: 0)
        let until = entry.spec.until ?? .default
        let redactor = context.handler.redactor(for: asking)
        let report = ConversationHost.masking(adjustments.onConversation, by: redactor)
        let source: ResponseSource = context.mode == .cache || context.mode == .sample ? .cache : .live
        report?(.opened(url: redactor.redact(url: asking.url), source: source))
        let operation = String(decoding: (try? asking.body.collect()) ?? Data(), as: UTF8.self)
        report?(.message(.sent, .text(operation), at: Date()))
        let stop = StreamStop()
        let quiet = QuietClock()
        let interrupt = adjustments.streamStop
        // The watch: `until`'s quiet, and Ctrl-C.
        let watch = Task {
            while !stop.isStopped, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(20))
                if interrupt?.isStopped == true { stop.stop() }
                if let idle = until.idleLimit, quiet.since >= .fromSeconds(idle) { stop.stop() }
            }
        }
        defer { watch.cancel() }
        let stream = context.handler.stream(asking, mode: context.mode, stop: stop, onEvent: onEvent)
        var progress = GraphQLSubscription.Progress()
        progress.acknowledged = true
        do {
            for try await item in stream.items {
                guard case .event(let event) = item else { continue }
                quiet.reset()
                switch event.event {
                case "next":
                    let payload =
                        (try? JSONDecoder().decode(JSONValue.self, from: Data(event.data.utf8))) ?? .string(event.data)
                    progress.payloads.append(payload)
                    if case .object(let result) = payload, case .array(let errors)? = result["errors"] {
                        progress.errors += errors
                    }
                    report?(.message(.received, .text(GraphQLSubscription.compact(payload)), at: Date()))
                    if let wanted = until.received, progress.payloads.count >= wanted { stop.stop() }
                case "complete":
                    progress.completed = true
                    stop.stop()
                default:
                    continue
                }
            }
        } catch {
            throw TernError.wrap(error)
        }
        var response = try await stream.response
        guard (200..<300).contains(response.statusCode) else {
            let text = String(decoding: response.body.prefix(300), as: UTF8.self)
            throw TernError(
                .unacceptableStatus,
                "the server answered the subscription over SSE with \(response.statusCode): \(text)", response: response
            )
        }
        guard StreamFormat(headers: response.headers) != nil else {
            throw TernError(
                .decoding,
                "the server answered with \(response.headers[.contentType] ?? "no Content-Type"), not an event stream: "
                    + "it does not speak GraphQL over SSE here (graphql.subscriptions: ws://… uses WebSocket)")
        }
        response.body = GraphQLSubscription.summary(progress)
        response.headers[.contentType] = "application/json"
        return response
    }
}

/// When the last event came, for `until`'s quiet.
private final class QuietClock: Sendable {
    private let last = Mutex(ContinuousClock.now)

    var since: Duration { ContinuousClock.now - last.withLock { $0 } }

    func reset() { last.withLock { $0 = .now } }
}
