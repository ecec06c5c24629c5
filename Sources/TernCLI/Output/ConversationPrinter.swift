import Foundation
import Synchronization
import Tern
import TernExplorer

/// `tern send` on a WebSocket spec: each message from the server on stdout as it arrives.
///
/// Text as it came (JSON pretty-printed on a terminal), binary as its size and a hex preview. With
/// `--events json`: one object per event, `open`, `message` (both directions) and `close`:
/// `{"event":"message","direction":"in","kind":"text","data":…,"at":"2026-…"}`, JSON data embedded.
struct ConversationPrinter: Sendable {
    let json: Bool
    let terminal: Bool

    func print(_ event: ConversationEvent) {
        if let text = text(event) { StandardStream.output.write(text) }
    }

    func text(_ event: ConversationEvent) -> String? {
        if json { return JSONLines.object(Self.fields(event)) + "\n" }
        guard case .message(.received, let message, _) = event else { return nil }
        switch message {
        case .text(let text):
            if terminal, let pretty = JSONFormatter.prettyPrinted(Data(text.utf8)) { return pretty + "\n" }
            return text + "\n"
        case .binary(let data):
            return ConversationLines.binary(data) + "\n"
        }
    }

    static func fields(_ event: ConversationEvent) -> [(String, JSONLines.Value)] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        switch event {
        case .opened(let url, let source):
            return [
                ("event", .string("open")), ("url", .string(url)), ("source", .string(source.rawValue)),
                ("at", .string(formatter.string(from: Date()))),
            ]
        case .message(let direction, let message, let at):
            var fields: [(String, JSONLines.Value)] = [
                ("event", .string("message")), ("direction", .string(direction.rawValue)),
                ("kind", .string(message.kind)),
            ]
            switch message {
            case .text(let text):
                let isJSON =
                    (text.first == "{" || text.first == "[")
                    && (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil
                fields.append(("data", isJSON ? .json(text.replacingOccurrences(of: "\n", with: " ")) : .string(text)))
            case .binary(let data):
                fields.append(("data", .string(data.base64EncodedString())))
                fields.append(("bytes", .int(data.count)))
            }
            fields.append(("at", .string(formatter.string(from: at))))
            return fields
        case .closed(let close):
            return [
                ("event", .string("close")), ("code", .int(Int(close.code.rawValue))),
                ("reason", close.reason.map { .string($0) } ?? .null),
                ("by", .string(close.initiator == .sent ? "client" : "server")),
                ("at", .string(formatter.string(from: Date()))),
            ]
        }
    }
}

/// Standard input's lines as text messages, read on a thread of their own (a pipe or a file, never a
/// terminal): what `tern send` on a WebSocket spec sends after the spec's own messages, like websocat.
/// At most 64 lines wait to be sent: the thread stops reading until the conversation takes them, so no
/// line is dropped and a big file is not read into memory.
enum StandardInputLines {
    /// The lines, each at most 1 MiB (a longer one is cut), until end of input.
    static func stream() -> AsyncStream<WebSocketMessage> {
        let queue = AsyncBoundedQueue<WebSocketMessage>(capacity: 64)
        Thread.detachNewThread {
            let pushed = DispatchSemaphore(value: 0)
            while let line = readLine(strippingNewline: true) {
                let text = line.utf8.count > 1 << 20 ? String(line.prefix(1 << 20)) : line
                let delivered = Atomic<Bool>(false)
                Task {
                    delivered.store(await queue.push(.text(text)), ordering: .relaxed)
                    pushed.signal()
                }
                pushed.wait()
                if !delivered.load(ordering: .relaxed) { return }
            }
            queue.finish()
        }
        return AsyncStream { try? await queue.next() }
    }
}
