package import Foundation
package import Tern

/// How the faces write a conversation's messages and its close: what the server said always through
/// `TerminalText`, so its escapes (OSC 52 writing the clipboard, a window title, a cleared screen, a
/// carriage return over a line, a right-to-left override) show as `?` instead of acting.
package enum ConversationLines {
    /// Text as it came (its line breaks kept, what a terminal would act on shown as `?`), binary as its
    /// size and a hex preview.
    package static func text(_ message: WebSocketMessage) -> String {
        switch message {
        case .text(let text): return TerminalText.safe(text, keepingLines: true)
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
    package static func lines(of transcript: WebSocketTranscript, redactor: Redactor = .none) -> [String] {
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
        let reason = close.reason.map { $0.isEmpty ? "" : ": \(TerminalText.safe($0))" } ?? ""
        return "closed \(close.code) \(who)\(reason)"
    }
}
