import Foundation
import Synchronization
import Tern
import TernWorkspace

/// Opens every conversation a session holds, through one `open`: a WebSocket spec sent once (`send`, `run`:
/// held as one exchange until its `until`) and one held open across commands (`connect`, then `say`, `recv`,
/// `ping`, `close`). The conversations concept; it keeps the conversation held open.
final class ConversationHost: Sendable {
    private let held = Mutex<OpenConversation?>(nil)

    /// A host with no conversation open.
    init() {}

    /// Opens `entry`'s conversation on `request` (resolved, cookies marked) with `options`, and sends
    /// `messages` (the spec's, rendered); `report` sees each. Every conversation starts here.
    func open(
        _ entry: SpecEntry, request: Request, messages: [WebSocketMessage], options: WebSocketOptions,
        context: ExplorerContext, onEvent: @escaping @Sendable (HandlerEvent) -> Void,
        report: (@Sendable (ConversationEvent) -> Void)? = nil
    ) async throws(TernError) -> WebSocket {
        let socket = try await context.handler.connect(
            request, mode: context.mode, options: options, onEvent: onEvent)
        report?(.opened(url: socket.transcript.url, source: socket.source))
        context.services.activity.recordConversation(socket, label: Self.label(entry.id), finished: false)
        do {
            for message in messages {
                try await socket.send(message)
                report?(.message(.sent, message, at: Date()))
            }
        } catch {
            await socket.close(.normal)
            throw error
        }
        return socket
    }

    /// What the transfers pane calls a conversation.
    static func label(_ spec: String) -> String { "⇄ \(spec)" }

    /// Runs `connect`, `say`, `recv`, `ping` and `close`.
    func act(_ action: Command.ConversationAction, context: ExplorerContext) async throws(ExplorerError) -> String {
        switch action {
        case .connect(let name): return try await connect(name, context: context)
        case .say(let text): return try await say(text)
        case .compose:
            _ = try current()
            guard let editor = context.services.editor else {
                throw ExplorerError(.usage, "say TEXT sends a message here (no editor to write one in)")
            }
            let written: String
            do {
                written = try await editor("{\n  \n}\n")
            } catch {
                throw ExplorerError(.usage, "the editor failed: \(error)")
            }
            let text = written.trimmingWhitespaceAndNewlines()
            guard !text.isEmpty, text != "{\n  \n}" else {
                return "nothing sent (the message was left empty)"
            }
            if text.first == "{" || text.first == "[" {
                guard let data = text.data(using: .utf8), (try? JSONSerialization.jsonObject(with: data)) != nil else {
                    throw ExplorerError(.usage, "the message is not valid JSON; nothing was sent (say TEXT sends text)")
                }
            }
            return try await say(text)
        case .receive(let limit): return try await receive(limit: limit, context: context)
        case .ping:
            let open = try current()
            do {
                try await open.socket.ping()
            } catch {
                throw ExplorerError(.request, error.message)
            }
            return "ping sent"
        case .close(let code):
            let open = try current()
            let close = await open.socket.close(code.map { WebSocketCloseCode(rawValue: $0) } ?? .normal)
            end(open, context: context)
            let unseen = open.inbox.withLock { $0.unseen.count }
            let left = unseen == 0 ? "" : " (\(unseen) message\(unseen == 1 ? "" : "s") not shown)"
            return (close.map { ConversationLines.closeLine($0) } ?? "closed") + left
        }
    }

    /// The conversation held open as the faces show it: its spec and everything said so far, the messages
    /// sent with their secret values masked.
    func snapshot(handler: Handler) -> ConversationSnapshot? {
        guard let open = held.withLock({ $0 }) else { return nil }
        let redactor = handler.redactor(for: open.socket.request)
        var transcript = open.socket.transcript
        for index in transcript.frames.indices where transcript.frames[index].direction == .sent {
            transcript.frames[index].message = ConversationLines.masked(transcript.frames[index].message, by: redactor)
        }
        return ConversationSnapshot(spec: open.spec, transcript: transcript)
    }

    private func say(_ text: String) async throws(ExplorerError) -> String {
        let open = try current()
        do {
            try await open.socket.send(text: text)
        } catch {
            throw ExplorerError(.request, error.message)
        }
        return "→ \(ConversationLines.text(ConversationLines.masked(.text(text), by: open.redactor)))"
    }

    /// The conversation held open, or an error saying how to open one.
    private func current() throws(ExplorerError) -> OpenConversation {
        guard let open = held.withLock({ $0 }) else {
            throw ExplorerError(.usage, "no conversation is open: connect SPEC opens a WebSocket spec's")
        }
        return open
    }

    private func end(_ open: OpenConversation, context: ExplorerContext) {
        open.stopReading()
        held.withLock { if $0 === open { $0 = nil } }
        context.changed()
    }

    private func connect(_ name: String?, context: ExplorerContext) async throws(ExplorerError) -> String {
        if let open = held.withLock({ $0 }) {
            throw ExplorerError(.usage, "the conversation with \(open.spec) is still open: close it first")
        }
        let current = try context.entry(name)
        guard let definition = current.spec.websocket else {
            throw ExplorerError(
                .usage, "\(current.id) is an HTTP spec: connect opens WebSocket specs (send \(current.id) sends it)")
        }
        let sent = try await ChainedSend(context).dependencies(of: current)
        let request = try context.withCookies(context.resolve(current), spec: current.spec)
        let messages = try context.workspaceCall { () throws(WorkspaceError) in
            try context.workspace.webSocketMessages(for: current, context: context.templateContext())
        }
        let activity = context.services.activity
        let socket: WebSocket
        do {
            socket = try await open(
                current, request: request, messages: messages, options: definition.options, context: context,
                onEvent: { activity.record($0) })
        } catch {
            throw ExplorerError(
                .request, context.handler.redactor(for: request).redact(error.message), underlying: error)
        }
        let open = OpenConversation(spec: current.id, socket: socket, redactor: context.handler.redactor(for: request))
        let label = Self.label(current.id)
        let throttle = UpdateThrottle()
        open.startReading {
            // At most ten updates a second reach the faces; the last of a burst (and the close) always does.
            throttle.run(now: socket.isClosed) {
                activity.recordConversation(socket, label: label, finished: socket.isClosed)
            }
        }
        held.withLock { $0 = open }
        context.changed()
        let source = socket.source == .live ? "" : " (replaying the stored conversation)"
        let count = messages.count
        let said = count == 0 ? "" : "; sent \(count) message\(count == 1 ? "" : "s")"
        let first = sent.isEmpty ? "" : "after \(sent.joined(separator: ", ")): "
        return "\(first)connected to \(socket.transcript.url)\(source)\(said). say TEXT sends, recv shows what came, "
            + "close ends it"
    }

    private func receive(limit: Int?, context: ExplorerContext) async throws(ExplorerError) -> String {
        let open = try current()
        // Too little yet: wait up to 2 s for the messages asked for (one without N), or the end.
        let wanted = limit ?? 1
        for _ in 0..<100 {
            if open.inbox.withLock({ $0.unseen.count >= wanted }) || open.socket.isClosed { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        let (taken, dropped) = open.inbox.withLock { inbox in
            let count = min(limit ?? inbox.unseen.count, inbox.unseen.count)
            let taken = Array(inbox.unseen.prefix(count))
            inbox.removeFirst(count)
            defer { inbox.dropped = 0 }
            return (taken, inbox.dropped)
        }
        var lines = taken.map { "← \(ConversationLines.text($0.0))" }
        if dropped > 0 { lines.insert("(\(dropped) older messages were dropped: recv sooner keeps them)", at: 0) }
        if open.socket.isClosed, open.inbox.withLock({ $0.unseen.isEmpty }) {
            if let close = open.socket.transcript.close { lines.append(ConversationLines.closeLine(close)) }
            end(open, context: context)
        }
        return lines.isEmpty
            ? "nothing yet (the conversation is open; recv again, or say something)"
            : lines.joined(separator: "\n")
    }
}
