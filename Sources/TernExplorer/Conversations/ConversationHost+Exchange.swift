import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernWorkspace

extension ConversationHost {
    /// Holds a WebSocket spec's conversation as one exchange: opens it, sends its messages (then
    /// `adjustments.outgoing`'s), reads until its `until` is met or the server closes, closes with
    /// 1000, and answers with a response whose body sums the conversation up as JSON (what `expect:`
    /// and `capture:` read: `$.messages[0]`, `$.count`, `$.close.code`) and whose `conversation` is
    /// the transcript.
    func exchange(
        _ entry: SpecEntry, request: Request, adjustments: SendAdjustments, context: ExplorerContext,
        onEvent: @escaping @Sendable (HandlerEvent) -> Void
    ) async throws(TernError) -> Response {
        let definition = entry.spec.websocket ?? WebSocketDefinition()
        var options = definition.options
        if let pacing = adjustments.replayPacing { options.replayPacing = pacing }
        let messages: [WebSocketMessage]
        do {
            messages = try context.workspace.webSocketMessages(for: entry, context: context.templateContext())
        } catch {
            throw TernError(.invalidRequest, error.description)
        }
        let started = Date()
        let stopwatch = ContinuousClock.now
        // What the faces and `--events json` show of the messages sent never holds a secret value in clear.
        let redactor = context.handler.redactor(for: request)
        let report = Self.masking(adjustments.onConversation, by: redactor)
        let socket = try await open(
            entry, request: request, messages: messages, options: options, context: context, onEvent: onEvent,
            report: report)
        let activity = context.services.activity
        let label = Self.label(entry.id)
        let throttle = UpdateThrottle()
        let state = ConversationState()
        let until = definition.until
        let outgoing = adjustments.outgoing
        let stop = adjustments.streamStop
        state.withLock { $0.sending = outgoing != nil }
        // Messages piped in (stdin) with no `until:` of the spec's own: once they have ended, the conversation
        // ends soon after the answer to the last one, or after a short quiet when none comes.
        let endsWithInput = outgoing != nil && until == .default
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await event in socket {
                        switch event {
                        case .message(let message, let at):
                            let count = state.withLock { progress in
                                progress.received += 1
                                progress.answered = true
                                progress.lastActivity = .now
                                return progress.received
                            }
                            report?(.message(.received, message, at: at))
                            throttle.run {
                                activity.recordConversation(socket, label: label, finished: socket.isClosed)
                            }
                            if let wanted = until.received, count >= wanted, !state.withLock({ $0.sending }) {
                                await socket.close(.normal)
                            }
                        case .closed:
                            break
                        }
                    }
                } catch {}
            }
            if let outgoing {
                group.addTask {
                    for await message in outgoing {
                        // A replay takes what is still piped in after its recording ended, to judge it.
                        if socket.isClosed, socket.source != .cache { break }
                        state.withLock { $0.answered = false }
                        do {
                            try await socket.send(message)
                            report?(.message(.sent, message, at: Date()))
                        } catch {
                            // A replay that was not asked this message is a miss, as a spec's own message is.
                            if let miss = error as? TernError, miss.kind == .cacheMiss {
                                state.withLock { $0.failure = miss }
                                await socket.close(.normal)
                            }
                            break
                        }
                        state.withLock { $0.lastActivity = .now }
                    }
                    state.withLock {
                        $0.sending = false
                        $0.lastActivity = .now
                    }
                }
            }
            // The watch: ends the conversation once `until` is met, or once the caller is cancelled.
            group.addTask {
                while !socket.isClosed {
                    try? await Task.sleep(for: .milliseconds(20))
                    let (quiet, sending, received, answered) = state.withLock {
                        (ContinuousClock.now - $0.lastActivity, $0.sending, $0.received, $0.answered)
                    }
                    if Task.isCancelled {
                        await socket.close(.goingAway)
                        break
                    }
                    // Ctrl-C in the CLI: the conversation closes with 1000, what came so far kept.
                    if stop?.isStopped == true {
                        await socket.close(.normal)
                        break
                    }
                    if sending { continue }
                    if let wanted = until.received, received >= wanted {
                        await socket.close(.normal)
                    } else if endsWithInput, answered ? quiet >= Self.afterReply : quiet >= Self.afterInput {
                        await socket.close(.normal)
                    } else if let idle = until.idleLimit, quiet >= .fromSeconds(idle) {
                        await socket.close(.normal)
                    }
                }
                // A replay whose recording the client ended (its input ran out then): the messages still
                // piped in are judged before the conversation ends, however soon the replay got there.
                while socket.source == .cache, socket.transcript.close?.initiator == .sent,
                    state.withLock({ $0.sending }), !Task.isCancelled, stop?.isStopped != true
                {
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }
            await group.next()
            await group.next()
            group.cancelAll()
        }
        let transcript = socket.transcript
        activity.recordConversation(socket, label: label, finished: true)
        if let failure = state.withLock({ $0.failure }) { throw failure }
        if let close = transcript.close { report?(.closed(close)) }
        return Self.answer(
            socket, request: request, summary: Self.summary(of: transcript, redactor: redactor), started: started,
            stopwatch: stopwatch)
    }

    /// The response a conversation held as one exchange answers with: 101, `summary` as its JSON body (what
    /// `expect:` and `capture:` read), the transcript as its `conversation`, and where it is stored; the
    /// `subprotocol` the conversation spoke, when it spoke one, as `Sec-WebSocket-Protocol`.
    static func answer(
        _ socket: WebSocket, request: Request, summary: Data, started: Date, stopwatch: ContinuousClock.Instant,
        subprotocol: String? = nil
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if let subprotocol { headers[.secWebSocketProtocol] = subprotocol }
        var response = Response(
            status: .switchingProtocols, headers: headers, body: summary, source: socket.source, request: request,
            timing: Response.Timing(start: started, duration: ContinuousClock.now - stopwatch), attempts: 1)
        response.conversation = socket.transcript
        // The history names where the conversation is stored, so `export har` finds its messages.
        // A replayed one says when it was stored and until when it is fresh, as a replayed HTTP answer does.
        let now = Date()
        response.cache = Response.CacheInfo(
            key: socket.storageKey, storedAt: socket.stored?.at ?? now, validUntil: socket.stored?.validUntil ?? now)
        return response
    }

    /// The quiet after an answer to the last message piped in that ends the conversation: what else the
    /// server sends at once (several answers to one message) still arrives.
    static let afterReply: Duration = .milliseconds(200)
    /// The quiet after the piped messages have ended, with no answer to the last one, that ends it.
    static let afterInput: Duration = .seconds(1)

    /// `show`, given the messages sent with the secret values `redactor` knows masked.
    static func masking(
        _ show: (@Sendable (ConversationEvent) -> Void)?, by redactor: Redactor
    ) -> (@Sendable (ConversationEvent) -> Void)? {
        guard let show else { return nil }
        return { event in
            guard case .message(.sent, let message, let at) = event else { return show(event) }
            show(.message(.sent, ConversationLines.masked(message, by: redactor), at: at))
        }
    }

    /// The conversation as the JSON `expect:` and `capture:` read: `messages` (the server's, JSON ones
    /// parsed, binary ones as `{"binary": BASE64}`), `sent`, `count`, and `close` (`code`, `reason`, `by`).
    static func summary(of transcript: WebSocketTranscript, redactor: Redactor = .none) -> Data {
        func value(_ message: WebSocketMessage) -> JSONValue {
            switch message {
            case .text(let text):
                if let data = text.data(using: .utf8),
                    let parsed = try? JSONDecoder().decode(JSONValue.self, from: data),
                    text.first == "{" || text.first == "["
                {
                    return parsed
                }
                return .string(text)
            case .binary(let data):
                return .object(["binary": .string(data.base64EncodedString())])
            }
        }
        var document: [String: JSONValue] = [
            "messages": .array(transcript.received.map(value)),
            "sent": .array(transcript.sent.map { value(ConversationLines.masked($0, by: redactor)) }),
            "count": .int(transcript.received.count),
        ]
        if let close = transcript.close {
            document["close"] = .object([
                "code": .int(Int(close.code.rawValue)), "reason": close.reason.map(JSONValue.string) ?? .null,
                "by": .string(close.initiator == .sent ? "client" : "server"),
            ])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONValue.object(document))) ?? Data()
    }
}

/// How far a conversation has come, shared by its reader, its writer and its watch.
private struct ConversationProgress {
    var received = 0
    var lastActivity = ContinuousClock.now
    /// Whether the caller's own messages (stdin) are still coming: `until` waits for them.
    var sending = false
    /// Whether a message arrived after the last one sent.
    var answered = false
    /// A message sent that the replayed conversation was not asked (a cache miss).
    var failure: TernError?
}

private final class ConversationState: Sendable {
    private let progress = Mutex(ConversationProgress())

    func withLock<T>(_ body: (inout ConversationProgress) -> T) -> T { progress.withLock { body(&$0) } }
}
