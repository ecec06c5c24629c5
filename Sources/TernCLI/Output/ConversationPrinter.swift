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

    /// What `event` prints: on a terminal through `TerminalText`, as a server's text could otherwise
    /// write the clipboard (OSC 52), retitle the window or rewrite what was printed; into a pipe or a
    /// file as it came, as an HTTP body is.
    func text(_ event: ConversationEvent) -> String? {
        guard let text = rawText(event) else { return nil }
        return terminal ? TerminalText.safe(text, keepingLines: true) : text
    }

    private func rawText(_ event: ConversationEvent) -> String? {
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
/// line is dropped and a big file is not read into memory. A line longer than 1 MiB is not sent (stderr
/// says which): it is read past without being held, so input with no newline at all costs 1 MiB at most.
enum StandardInputLines {
    /// The longest line sent, in bytes (its newline aside): 1 MiB.
    static let maximumLine = 1 << 20

    /// The lines until end of input.
    static func stream() -> AsyncStream<WebSocketMessage> {
        let queue = AsyncBoundedQueue<WebSocketMessage>(capacity: 64)
        Thread.detachNewThread {
            let pushed = DispatchSemaphore(value: 0)
            var lines = BoundedLines(limit: maximumLine) { buffer in
                buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            }
            while let line = lines.next() {
                guard case .line(let bytes) = line else {
                    if case .tooLong(let number) = line {
                        StandardStream.error.write(
                            "tern: stdin line \(number) is longer than 1 MiB, the most a line sent as a message may "
                                + "be: it was not sent\n")
                    }
                    continue
                }
                let delivered = Atomic<Bool>(false)
                Task {
                    delivered.store(
                        await queue.push(.text(String(decoding: bytes, as: UTF8.self))), ordering: .relaxed)
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

/// Splits what `read` gives into lines (`\n`, or `\r\n`), holding at most `limit` bytes of a line: a
/// longer one is read past and reported by its number instead.
struct BoundedLines {
    enum Line: Equatable {
        case line([UInt8])
        /// Line `number` (from 1) was longer than the limit.
        case tooLong(Int)
    }

    let limit: Int
    /// Fills the buffer it is given from the start; returns how many bytes it read (0 at the end, < 0 on error).
    let read: (inout [UInt8]) -> Int
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0
    private var end = 0
    private var number = 0
    private var overlong = false
    private var finished = false

    init(limit: Int, read: @escaping (inout [UInt8]) -> Int) {
        self.limit = limit
        self.read = read
    }

    mutating func next() -> Line? {
        while true {
            if start < end {
                let newline = chunk[start..<end].firstIndex(of: 0x0A)
                let piece = chunk[start..<(newline ?? end)]
                start = newline.map { $0 + 1 } ?? end
                if !overlong {
                    if pending.count + piece.count > limit + 1 {
                        overlong = true
                        pending = []
                    } else {
                        pending += piece
                    }
                }
                if newline != nil { return take() }
                continue
            }
            if finished { return nil }
            let count = read(&chunk)
            start = 0
            end = max(0, count)
            if count <= 0 {
                finished = true
                // The last line, without its newline.
                if !pending.isEmpty || overlong { return take() }
                return nil
            }
        }
    }

    /// The line that has ended.
    private mutating func take() -> Line {
        number += 1
        defer {
            pending = []
            overlong = false
        }
        if pending.last == 0x0D { pending.removeLast() }
        if overlong || pending.count > limit { return .tooLong(number) }
        return .line(pending)
    }
}
