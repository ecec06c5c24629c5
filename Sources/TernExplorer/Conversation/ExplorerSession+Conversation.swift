package import Foundation
import Synchronization
package import Tern
import TernWorkspace

/// A WebSocket conversation `connect` opened: the socket, and what arrived that `recv` has not shown.
final class OpenConversation: Sendable {
    /// At most this many unseen messages, and this many bytes of them, are kept; older ones are
    /// dropped (and counted).
    static let inboxLimit = 1000
    static let inboxBytes = 16 << 20

    struct Inbox {
        var unseen: [(WebSocketMessage, Date)] = []
        var bytes = 0
        var dropped = 0

        mutating func removeFirst(_ count: Int) {
            bytes -= unseen.prefix(count).reduce(0) { $0 + $1.0.byteCount }
            unseen.removeFirst(count)
        }
    }

    let spec: String
    let socket: WebSocket
    /// Masks the secret values of the spec's request in what is shown of the messages sent.
    let redactor: Redactor
    let inbox = Mutex(Inbox())
    private let reader = Mutex<Task<Void, Never>?>(nil)

    init(spec: String, socket: WebSocket, redactor: Redactor) {
        self.spec = spec
        self.socket = socket
        self.redactor = redactor
    }

    /// Reads the conversation in the background, keeping each message for `recv`.
    func startReading(onMessage: @escaping @Sendable () -> Void) {
        let task = Task { [self] in
            do {
                for try await event in socket {
                    guard case .message(let message, let at) = event else { continue }
                    self.inbox.withLock { inbox in
                        inbox.unseen.append((message, at))
                        inbox.bytes += message.byteCount
                        while inbox.unseen.count > 1,
                            inbox.unseen.count > Self.inboxLimit || inbox.bytes > Self.inboxBytes
                        {
                            inbox.removeFirst(1)
                            inbox.dropped += 1
                        }
                    }
                    onMessage()
                }
            } catch {}
            onMessage()
        }
        reader.withLock { $0 = task }
    }

    func stopReading() { reader.withLock { $0?.cancel() } }
}

extension ExplorerSession {
    /// Runs `connect`, `say`, `recv`, `ping` and `close`.
    func converse(_ action: Command.ConversationAction) async throws(ExplorerError) -> String {
        switch action {
        case .connect(let name): return try await connect(name)
        case .say(let text):
            let open = try currentConversation()
            do {
                try await open.socket.send(text: text)
            } catch {
                throw ExplorerError(.request, error.message)
            }
            return "→ \(ConversationLines.text(ConversationLines.masked(.text(text), by: open.redactor)))"
        case .compose:
            let open = try currentConversation()
            guard let editor else {
                throw ExplorerError(.usage, "say TEXT sends a message here (no editor to write one in)")
            }
            let written: String
            do {
                written = try await editor("{\n  \n}\n")
            } catch {
                throw ExplorerError(.usage, "the editor failed: \(error)")
            }
            let text = written.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, text != "{\n  \n}" else {
                return "nothing sent (the message was left empty)"
            }
            if text.first == "{" || text.first == "[" {
                guard let data = text.data(using: .utf8), (try? JSONSerialization.jsonObject(with: data)) != nil else {
                    throw ExplorerError(.usage, "the message is not valid JSON; nothing was sent (say TEXT sends text)")
                }
            }
            do {
                try await open.socket.send(text: text)
            } catch {
                throw ExplorerError(.request, error.message)
            }
            return "→ \(ConversationLines.text(ConversationLines.masked(.text(text), by: open.redactor)))"
        case .receive(let limit): return try await receive(limit: limit)
        case .ping:
            let open = try currentConversation()
            do {
                try await open.socket.ping()
            } catch {
                throw ExplorerError(.request, error.message)
            }
            return "ping sent"
        case .close(let code):
            let open = try currentConversation()
            let close = await open.socket.close(code.map { WebSocketCloseCode(rawValue: $0) } ?? .normal)
            open.stopReading()
            openConversation = nil
            changed()
            let unseen = open.inbox.withLock { $0.unseen.count }
            let left = unseen == 0 ? "" : " (\(unseen) message\(unseen == 1 ? "" : "s") not shown)"
            return (close.map { ConversationLines.closeLine($0) } ?? "closed") + left
        }
    }

    /// The open conversation, or an error saying how to open one.
    private func currentConversation() throws(ExplorerError) -> OpenConversation {
        guard let openConversation else {
            throw ExplorerError(.usage, "no conversation is open: connect SPEC opens a WebSocket spec's")
        }
        return openConversation
    }

    private func connect(_ name: String?) async throws(ExplorerError) -> String {
        if let openConversation {
            throw ExplorerError(
                .usage, "the conversation with \(openConversation.spec) is still open: close it first")
        }
        let current = try entry(name)
        guard let definition = current.spec.websocket else {
            throw ExplorerError(
                .usage, "\(current.id) is an HTTP spec: connect opens WebSocket specs (send \(current.id) sends it)")
        }
        try requiresGraph.checkCycles(from: current)
        var sent: [String] = []
        var misses: [String] = []
        try await satisfyDependencies(of: current, sent: &sent, misses: &misses)
        let request = try withCookies(resolve(current), spec: current.spec)
        let messages: [WebSocketMessage]
        do {
            messages = try workspace.webSocketMessages(for: current, context: templateContext())
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
        let activity = self.activity
        let socket: WebSocket
        do {
            socket = try await handler.connect(
                request, mode: mode, options: definition.options, onEvent: { activity.record($0) })
            for message in messages { try await socket.send(message) }
        } catch {
            throw ExplorerError(.request, handler.redactor(for: request).redact(error.message), underlying: error)
        }
        let open = OpenConversation(spec: current.id, socket: socket, redactor: handler.redactor(for: request))
        let label = "⇄ \(current.id)"
        activity.recordConversation(socket, label: label, finished: false)
        let throttle = UpdateThrottle()
        open.startReading {
            // At most ten updates a second reach the faces; the last of a burst (and the close) always does.
            throttle.run(now: socket.isClosed) {
                activity.recordConversation(socket, label: label, finished: socket.isClosed)
            }
        }
        openConversation = open
        changed()
        let source = socket.source == .live ? "" : " (replaying the stored conversation)"
        let count = messages.count
        let said = count == 0 ? "" : "; sent \(count) message\(count == 1 ? "" : "s")"
        let first = sent.isEmpty ? "" : "after \(sent.joined(separator: ", ")): "
        return "\(first)connected to \(socket.transcript.url)\(source)\(said). say TEXT sends, recv shows what came, "
            + "close ends it"
    }

    private func receive(limit: Int?) async throws(ExplorerError) -> String {
        let open = try currentConversation()
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
            open.stopReading()
            openConversation = nil
            changed()
        }
        return lines.isEmpty
            ? "nothing yet (the conversation is open; recv again, or say something)"
            : lines.joined(
                separator: "\n")
    }
}

/// How the faces write a conversation's messages and its close.
package enum ConversationLines {
    /// Text as it came, binary as its size and a hex preview.
    package static func text(_ message: WebSocketMessage) -> String {
        switch message {
        case .text(let text): return text
        case .binary(let data): return binary(data)
        }
    }

    /// `[binary, 5 bytes] 68 65 6c 6c 6f`, the first 32 bytes.
    package static func binary(_ data: Data) -> String {
        let preview = data.prefix(32).map { String(format: "%02x", $0) }.joined(separator: " ")
        let more = data.count > 32 ? " …" : ""
        return "[binary, \(data.count) byte\(data.count == 1 ? "" : "s")] \(preview)\(more)"
    }

    /// `message` with the secret values `redactor` knows masked, when it is text.
    package static func masked(_ message: WebSocketMessage, by redactor: Redactor) -> WebSocketMessage {
        guard case .text(let text) = message else { return message }
        return .text(redactor.redact(text))
    }

    /// The whole conversation, a line per message (`→ 0.005s   43 B  text`), then how it closed; the
    /// messages sent with the secret values `redactor` knows masked.
    package static func lines(of transcript: WebSocketTranscript, redactor: Redactor = Redactor()) -> [String] {
        var lines = transcript.frames.map { frame -> String in
            let arrow = frame.direction == .sent ? "→" : "←"
            let time = String(format: "%8.3fs", frame.offset)
            let size = HumanUnits.bytes(Int64(frame.message.byteCount))
            let shown = frame.direction == .sent ? masked(frame.message, by: redactor) : frame.message
            let text = self.text(shown).replacingOccurrences(of: "\n", with: " ")
            return "\(arrow) \(time)  \(size.padding(toLength: 8, withPad: " ", startingAt: 0)) \(text)"
        }
        if transcript.frames.isEmpty { lines.append("(no message either way)") }
        if let close = transcript.close { lines.append("■ " + closeLine(close)) }
        return lines
    }

    /// `closed 1000 normal closure by Tern`, with the reason when one was given.
    package static func closeLine(_ close: WebSocketClose) -> String {
        let who = close.initiator == .sent ? "by Tern" : "by the server"
        let reason = close.reason.map { $0.isEmpty ? "" : ": \($0)" } ?? ""
        return "closed \(close.code) \(who)\(reason)"
    }
}

extension ExplorerSession {
    /// The open conversation as the faces show it: its spec and everything said so far.
    package var openConversationTranscript: (spec: String, transcript: WebSocketTranscript)? {
        guard let open = openConversation else { return nil }
        // The messages sent are shown with their secret values masked.
        let redactor = handler.redactor(for: open.socket.request)
        var transcript = open.socket.transcript
        for index in transcript.frames.indices where transcript.frames[index].direction == .sent {
            transcript.frames[index].message = ConversationLines.masked(transcript.frames[index].message, by: redactor)
        }
        return (open.spec, transcript)
    }
}

/// Runs an update at most every 100 ms: one asked for sooner runs when the interval is over, once.
final class UpdateThrottle: Sendable {
    private struct State {
        var last = ContinuousClock.now - .seconds(1)
        var pending = false
    }

    private let state = Mutex(State())

    func run(now: Bool = false, _ update: @escaping @Sendable () -> Void) {
        let wait: Duration? = state.withLock { state in
            let since = ContinuousClock.now - state.last
            if now || since >= .milliseconds(100) {
                state.last = .now
                return nil
            }
            if state.pending { return .zero }
            state.pending = true
            return .milliseconds(100) - since
        }
        switch wait {
        case nil: update()
        case .some(.zero): return
        case .some(let delay):
            Task {
                try? await Task.sleep(for: delay)
                self.state.withLock {
                    $0.pending = false
                    $0.last = .now
                }
                update()
            }
        }
    }
}
