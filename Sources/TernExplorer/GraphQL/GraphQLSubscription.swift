import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernGraphQL
import TernWorkspace

/// A GraphQL operation held as a conversation over graphql-transport-ws: a `subscription`, or any operation
/// of a spec whose address is `ws://`/`wss://`. The subscriptions concept; the conversation itself is opened by
/// `ConversationHost`, so it is recorded, replayed (`--mode cache`) and served by `tern mock` as a WebSocket
/// conversation is.
///
/// The protocol (github.com/enisdenjo/graphql-ws, PROTOCOL.md): `connection_init`, the server's
/// `connection_ack`, then `subscribe` with the operation; the server's `next` messages carry the results
/// (each a whole `{"data": …}` document), `error` ends the operation with GraphQL errors, `complete` ends it
/// well. `ping` is answered with `pong`. Tern ends it with `complete` once its `until` is met.
struct GraphQLSubscription {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// A subscription run in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// The WebSocket subprotocol asked for in the upgrade.
    static let subprotocol = "graphql-transport-ws"
    /// The id of the one operation a conversation carries: fixed, so a replay is asked the same messages.
    static let operationID = "1"
    /// How long the server may take to acknowledge `connection_init`.
    static let acknowledgeTimeout: Duration = .seconds(10)

    /// Whether `spec`, resolved to `url`, goes as a conversation: a `graphql` body whose operation is a
    /// subscription, or which is addressed to a `ws://`/`wss://` URL.
    static func applies(to spec: SpecDefinition, url: URL) -> Bool {
        guard case .graphql(let body)? = spec.body else { return false }
        if spec.isWebSocket || url.isWebSocket { return true }
        return GraphQLSchemaDocument.operationKind(of: body.query, operationName: body.operationName) == .subscription
    }

    /// Holds `entry`'s operation (its `request` resolved as GraphQL over HTTP) as one exchange: opens the
    /// conversation at the target's `graphql.subscriptions`, else at the request's URL as `ws://`, runs the
    /// protocol until `entry.spec.until` (5 s of quiet by default) or the server's `complete`, and answers with
    /// a response whose body sums it up (`messages`: the `next` payloads, `count`, `complete`, `errors`) and
    /// whose `conversation` is the transcript, every protocol message in it.
    func exchange(
        _ entry: SpecEntry, request: Request, adjustments: SendAdjustments,
        onEvent: @escaping @Sendable (HandlerEvent) -> Void
    ) async throws(TernError) -> Response {
        let payload: JSONValue
        do {
            payload = try Self.operation(of: request)
        } catch {
            throw TernError(.invalidRequest, "the GraphQL operation cannot be sent: \(error)")
        }
        var upgrade = request
        switch try transport(for: entry, request: request) {
        case .webSocket(let endpoint):
            if let endpoint { upgrade.url = endpoint }
        case .eventStream(let endpoint):
            return try await GraphQLEventStream(context).exchange(
                entry, request: request, at: endpoint, adjustments: adjustments, onEvent: onEvent)
        }
        // The upgrade keeps the operation as its body: never sent, it keeps two operations' recordings apart.
        upgrade.headers[.contentType] = nil
        upgrade.headers[.accept] = nil
        upgrade.headers[.secWebSocketProtocol] = Self.subprotocol
        var options = WebSocketOptions()
        if let pacing = adjustments.replayPacing { options.replayPacing = pacing }
        let until = entry.spec.until ?? .default
        // The target's `connectionParams` ride on `connection_init`: credentials for servers that read them there.
        var fields: [String: JSONValue] = ["type": .string("connection_init")]
        do {
            let templates = context.templateContext()
            if let params = try context.workspace.graphQLConnectionParams(for: entry, context: templates) {
                fields["payload"] = params
            }
        } catch {
            throw TernError(.invalidRequest, error.description)
        }
        let initialize = Self.message(fields)
        let redactor = context.handler.redactor(for: request)
        let report = ConversationHost.masking(adjustments.onConversation, by: redactor)
        let started = Date()
        let stopwatch = ContinuousClock.now
        let socket = try await context.conversations.open(
            entry, request: upgrade, messages: [], options: options, context: context, onEvent: onEvent,
            report: nil)
        report?(.opened(url: socket.transcript.url, source: socket.source))
        let state = ProgressBox()
        let stop = adjustments.streamStop
        state.withLock {
            $0.subscribe = Self.message([
                "id": .string(Self.operationID), "type": .string("subscribe"), "payload": payload,
            ])
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await socket.send(.text(initialize))
                    for try await event in socket {
                        guard case .message(let message, let at) = event else { continue }
                        let step = state.withLock { Self.step(message, progress: &$0, until: until) }
                        for reply in step.replies { try await socket.send(.text(reply)) }
                        if step.subscribed { report?(.message(.sent, .text(Self.compact(payload)), at: Date())) }
                        if let shown = step.payload { report?(.message(.received, .text(shown), at: at)) }
                        if step.ends {
                            await socket.close(.normal)
                            break
                        }
                    }
                } catch {
                    state.withLock { if $0.failure == nil { $0.failure = TernError.wrap(error) } }
                    await socket.close(.normal)
                }
            }
            // The watch: the acknowledgement's deadline, `until`'s quiet, and the caller's cancel.
            group.addTask {
                let opened = ContinuousClock.now
                while !socket.isClosed {
                    try? await Task.sleep(for: .milliseconds(20))
                    if Task.isCancelled {
                        await socket.close(.goingAway)
                        break
                    }
                    // Ctrl-C in the CLI: the operation ends as `until` ends it, with what came so far.
                    if stop?.isStopped == true {
                        try? await socket.send(.text(Self.completeMessage))
                        await socket.close(.normal)
                        break
                    }
                    let (acknowledged, quiet) = state.withLock {
                        ($0.acknowledged, ContinuousClock.now - $0.lastActivity)
                    }
                    if !acknowledged, ContinuousClock.now - opened >= Self.acknowledgeTimeout {
                        state.withLock {
                            $0.failure = TernError(
                                .timeout,
                                "the server did not acknowledge connection_init within "
                                    + "\(Int(Self.acknowledgeTimeout.seconds)) s: is this a graphql-transport-ws "
                                    + "endpoint?"
                            )
                        }
                        await socket.close(.normal)
                    } else if acknowledged, let idle = until.idleLimit, quiet >= .fromSeconds(idle) {
                        try? await socket.send(.text(Self.completeMessage))
                        await socket.close(.normal)
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
        let transcript = socket.transcript
        context.services.activity.recordConversation(
            socket, label: ConversationHost.label(entry.id), finished: true)
        if let close = transcript.close { report?(.closed(close)) }
        let progress = state.withLock { $0 }
        if let failure = progress.failure { throw failure }
        if let refusal = progress.refusal {
            throw TernError(.transport, "the server refused the operation: \(refusal)")
        }
        if !progress.acknowledged || !progress.completed && progress.payloads.isEmpty,
            let close = transcript.close, close.initiator == .received, close.code != .normal
        {
            throw TernError(.transport, "the server closed the subscription: \(ConversationLines.closeLine(close))")
        }
        return ConversationHost.answer(
            socket, request: request, summary: Self.summary(progress), started: started, stopwatch: stopwatch,
            subprotocol: Self.subprotocol)
    }

    /// How a subscription goes: over graphql-transport-ws (at the spec's own address as `ws://` when `nil`),
    /// or as GraphQL over Server-Sent Events (at the spec's own address when `nil`).
    enum Transport: Equatable {
        case webSocket(URL?)
        case eventStream(URL?)
    }

    /// The transport of `entry`'s subscription: its target's `graphql.subscriptions` (`sse`, an `http(s)://`
    /// address for SSE, a `ws(s)://` one), else graphql-transport-ws at the request's own address. A spec on
    /// a `ws://` address always goes over graphql-transport-ws.
    func transport(for entry: SpecEntry, request: Request) throws(TernError) -> Transport {
        if request.url.isWebSocket { return .webSocket(nil) }
        let written = context.workspace.target(for: entry.spec)?.graphql?.subscriptions
        if written?.trimmingWhitespace().lowercased() == "sse" { return .eventStream(nil) }
        let endpoint: URL?
        do {
            endpoint = try context.workspace.graphQLSubscriptionsURL(for: entry, context: context.templateContext())
        } catch {
            throw TernError(.invalidRequest, error.description)
        }
        guard let endpoint else { return .webSocket(nil) }
        return endpoint.isWebSocket ? .webSocket(endpoint) : .eventStream(endpoint)
    }

    /// How far the operation has come.
    struct Progress {
        var acknowledged = false
        var completed = false
        var payloads: [JSONValue] = []
        /// The GraphQL errors of the `next` payloads and of an `error` message, in order.
        var errors: [JSONValue] = []
        /// What an `error` message said, joined.
        var refusal: String?
        var failure: TernError?
        var lastActivity = ContinuousClock.now
        /// The `subscribe` message, sent once the server acknowledged.
        var subscribe = ""
    }

    /// What one server message asks of the client.
    struct Step {
        /// Messages to send, in order.
        var replies: [String] = []
        /// The `next` payload to show, compact JSON.
        var payload: String?
        /// Whether the operation went out (`subscribe`, after the acknowledgement).
        var subscribed = false
        /// Whether the conversation ends here.
        var ends = false
    }

    /// The protocol's one step: what `message` means, given the progress so far (which it updates).
    static func step(_ message: WebSocketMessage, progress: inout Progress, until: WebSocketDefinition.Until) -> Step {
        guard case .text(let text) = message,
            case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
            case .string(let type)? = object["type"]
        else {
            progress.failure = TernError(
                .transport, "the server sent a message that is not graphql-transport-ws: \(preview(message))")
            return Step(ends: true)
        }
        do {
            progress.lastActivity = ContinuousClock.now
            var step = Step()
            switch type {
            case "connection_ack":
                progress.acknowledged = true
                step.replies = [progress.subscribe]
                step.subscribed = true
            case "ping":
                step.replies = [Self.message(["type": .string("pong")])]
            case "pong", "ka":
                break
            case "next":
                let payload = object["payload"] ?? .null
                progress.payloads.append(payload)
                if case .object(let result) = payload, case .array(let errors)? = result["errors"] {
                    progress.errors += errors
                }
                step.payload = compact(payload)
                if let wanted = until.received, progress.payloads.count >= wanted {
                    step.replies = [completeMessage]
                    step.ends = true
                }
            case "error":
                let errors: [JSONValue] =
                    if case .array(let list)? = object["payload"] { list } else { [object["payload"] ?? .null] }
                progress.errors += errors
                progress.refusal = errors.map(Self.errorMessage).joined(separator: "; ")
                step.ends = true
            case "complete":
                progress.completed = true
                step.ends = true
            default:
                progress.failure = TernError(
                    .transport,
                    "the server sent '\(type)', which graphql-transport-ws does not have: \(preview(message))")
                step.ends = true
            }
            return step
        }
    }

    /// The answer `expect:` and `capture:` read: `{"messages": [payload…], "count": N, "complete": bool}`,
    /// with `errors` (every GraphQL error the server sent) when there were any.
    static func summary(_ progress: Progress) -> Data {
        var document: [String: JSONValue] = [
            "messages": .array(progress.payloads), "count": .int(progress.payloads.count),
            "complete": .bool(progress.completed),
        ]
        if !progress.errors.isEmpty { document["errors"] = .array(progress.errors) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONValue.object(document))) ?? Data()
    }

    /// `{query, variables, operationName}` as the request carries it (rendered) for GraphQL over HTTP.
    static func operation(of request: Request) throws -> JSONValue {
        guard case .data(let data) = request.body else {
            throw TernError(.invalidRequest, "the request has no GraphQL document")
        }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// `complete` for the one operation: sent when Tern ends it.
    static let completeMessage = message(["id": .string(operationID), "type": .string("complete")])

    /// A protocol message as compact JSON, its keys sorted (the same bytes every time).
    static func message(_ fields: [String: JSONValue]) -> String {
        compact(.object(fields))
    }

    static func compact(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    private static func errorMessage(_ error: JSONValue) -> String {
        if case .object(let fields) = error, case .string(let message)? = fields["message"] { return message }
        return compact(error)
    }

    private static func preview(_ message: WebSocketMessage) -> String {
        switch message {
        case .text(let text): text.count > 200 ? String(text.prefix(200)) + "…" : text
        case .binary(let data): "\(data.count) bytes of binary"
        }
    }
}

/// The progress shared by the reader and the watch.
private final class ProgressBox: Sendable {
    private let progress = Mutex(GraphQLSubscription.Progress())

    func withLock<T>(_ body: (inout GraphQLSubscription.Progress) -> T) -> T { progress.withLock { body(&$0) } }
}
