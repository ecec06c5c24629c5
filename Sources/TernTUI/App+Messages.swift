import Foundation
import TernScreen

/// `:messages`: the status line's recent messages, whole and wrapped, newest first.
extension App {
    /// The `:` words that open the window (the TUI's own: the REPL prints every message whole).
    static let messagesCommand = "messages"

    /// Opens the messages window.
    static func openMessages(_ state: inout AppState) {
        var lines: [String] = []
        for logged in state.messageLog.reversed() {
            let mark = logged.message.isError ? "✗ " : "  "
            let text = logged.message.text.split(separator: "\n", omittingEmptySubsequences: false)
            let clock = Format.clock(logged.date, in: state.timeZone)
            lines.append("\(clock) \(mark)\(text.first.map(String.init) ?? "")")
            lines += text.dropFirst().map { "           " + $0 }
        }
        state.dialog = .output(
            title: "messages (newest first)", lines: lines.isEmpty ? ["(no messages yet)"] : lines, scroll: 0)
    }

    /// The status line's text for `message` in `width` columns: cut with a pointer to `:messages`
    /// when it is longer (or has more lines) than the line shows.
    static func statusText(_ message: StatusMessage, width: Int) -> String {
        let text = (message.isError ? "✗ " : "") + message.text
        let firstLine = text.prefix { $0 != "\n" }
        if firstLine.count == text.count, CellWidth.of(text) <= width { return text }
        let pointer = " … :messages"
        return String(CellWidth.prefix(firstLine, fitting: max(0, width - CellWidth.of(pointer)))) + pointer
    }
}
