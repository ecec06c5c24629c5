import Foundation
import TernExplorer
import TernScreen

/// `:messages`: the status line's recent messages, whole and wrapped, newest first.
extension App {
    /// The `:` words that open the window (the TUI's own: the REPL prints every message whole).
    static let messagesCommand = "messages"
    /// `:zoom`, the TUI's own: what `z` does.
    static let zoomCommand = "zoom"

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

extension App {
    /// The status line after the workspace was read again: what needs the user (a failure, a conflict, a broken
    /// file) first and in red, else what changed.
    static func reloadStatus(_ outcome: ReloadOutcome) -> StatusMessage {
        let lines = outcome.lines
        let needsUser = outcome.failure != nil || !outcome.conflicts.isEmpty || !outcome.broken.isEmpty
        guard needsUser, lines.count > 1 else {
            return StatusMessage(text: lines.joined(separator: "\n"), isError: needsUser)
        }
        return StatusMessage(text: (lines.dropFirst() + lines.prefix(1)).joined(separator: "\n"), isError: true)
    }
}
