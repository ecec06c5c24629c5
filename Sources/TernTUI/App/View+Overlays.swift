import Foundation
import Tern
import TernExplorer
import TernScreen

/// The bottom lines and dialogs drawn over the frame.
extension App {
    // MARK: Bottom lines

    static func drawBottom(_ state: AppState, _ layout: Layout, _ buffer: inout ScreenBuffer) {
        let status = layout.status
        // The answer zoomed bare: its last row is the command line when open, a message when there is one,
        // else the answer's status line and how to come back.
        if layout.isBare, state.commandLine == nil {
            if let message = state.status {
                buffer.write(
                    statusText(message, width: status.width), x: status.x, y: status.y,
                    style: message.isError ? Style(foreground: .red, attributes: .bold) : .plain,
                    maxWidth: status.width)
            } else {
                let context = state.context(focused: true, page: 0)
                let pane = state.responsePane
                let tab = pane.view.map { view in pane.tabTitles(view)[pane.tabs.firstIndex(of: pane.tab) ?? 0] }
                let spans = pane.statusSpans(context) + [Span("  \(tab ?? "")  z back", .dim)]
                buffer.write(spans.fitting(status.width), x: status.x, y: status.y, maxWidth: status.width)
            }
            return
        }
        // While Tab's candidates show, they have the status line.
        if state.commandLine?.completions.isEmpty != false, let message = state.status {
            buffer.write(
                statusText(message, width: status.width), x: status.x, y: status.y,
                style: message.isError ? Style(foreground: .red, attributes: .bold) : .plain, maxWidth: status.width
            )
        }
        let bottom = layout.commandLine
        if let line = state.commandLine {
            let rows = Rect(x: status.x, y: status.y, width: status.width, height: status.height + bottom.height)
            line.draw(in: rows, state.context(focused: true, page: 0), on: &buffer)
        } else {
            // The keys of what has them: a view over the frame, else the focused pane.
            var scope = KeyScope.pane(state.focus)
            // In the order the views take keys (`focusStack`): the run results, the cookies, the history.
            if state.history?.isOpen == true { scope = .history }
            if state.cookies?.isOpen == true { scope = .cookies }
            if state.runResults?.isOpen == true { scope = .runResults }
            buffer.write(
                state.keys.hints(for: scope, width: bottom.width), x: bottom.x, y: bottom.y, style: .dim,
                maxWidth: bottom.width)
        }
    }

    // MARK: Overlays

    static func drawDialog(_ dialog: Dialog, _ state: AppState, _ buffer: inout ScreenBuffer) {
        // Over the panes only: the status line stays whole (no message cut to a stray first letter)
        // and shows what the dialog's keys did.
        let bounds = dialogBounds(buffer.bounds)
        switch dialog {
        case .help(let scroll):
            // The focused pane's keys first; each description wraps under its own column.
            let width = wrapWidth(bounds)
            var lines = state.keys.helpLines(first: .pane(state.focus), width: width)
            lines += ["", "Command line (:) — the REPL's language"]
            lines += CommandRegistry.all.flatMap { KeyTable.column($0.usage, 34, $0.summary, width: width) }
            lines += KeyTable.column(
                messagesCommand, 34, "the status line's recent messages, whole (the TUI's own)", width: width)
            lines += KeyTable.column(
                zoomCommand, 34, "the focused pane fills the screen, and back (z; the TUI's own)", width: width)
            scrolled("Keys — \(scrollKeys(state.keys)) scroll, any other key closes", lines, scroll, bounds, &buffer)
        case .output(let title, let lines, let scroll):
            let copy = state.keys.key(for: .yank, in: .window)
            scrolled(
                title + " — \(scrollKeys(state.keys)) scroll, \(copy) copy, Esc closes", lines, scroll, bounds, &buffer)
        case .picker(let picker):
            picker.draw(in: bounds, state.pickerContext, on: &buffer)
        case .invalidJSON(_, let text, let error):
            drawInvalidJSON(text, error, in: bounds, on: &buffer)
        case .confirmQuit(let unsaved):
            Modal(
                title: "Quit?",
                lines: [
                    [Span("Unsaved edits in: ", .bold), Span(unsaved.joined(separator: ", "))],
                    [Span("They are lost if you quit now (:save writes the selected spec).")],
                ],
                hint: "y quit · n stay"
            ).draw(in: bounds, on: &buffer)
        case .confirmDelete(let key):
            Modal(title: "Delete cache entry?", lines: [[Span(key, .bold)]], hint: "y delete · n keep").draw(
                in: bounds, on: &buffer)
        case .confirmClear:
            Modal(
                title: "Clear the cache?",
                lines: [
                    [
                        Span(
                            "All \(state.activityPanes.cacheEntries.count) stored responses "
                                + "of this workspace are removed.")
                    ]
                ],
                hint: "y clear · n keep"
            ).draw(in: bounds, on: &buffer)
        }
    }

    /// `j/k`: the keys that scroll a window, as its title names them.
    static func scrollKeys(_ keys: KeyTable) -> String {
        keys.key(for: .down, in: .window) + "/" + keys.key(for: .up, in: .window)
    }

    /// Where dialogs go: the frame but for its edge, the header and the two bottom lines.
    static func dialogBounds(_ frame: Rect) -> Rect {
        Rect(x: frame.x + 1, y: frame.y + 1, width: max(0, frame.width - 2), height: max(0, frame.height - 3))
    }

    /// A `verify` report line coloured by its mark: green `✓`/`+`, red `✗`/`-`/`!`, yellow `~`.
    static func changeStyle(_ line: String) -> Style {
        switch line.trimmingCharacters(in: .whitespaces).first {
        case "✓", "+": Style(foreground: .green)
        case "✗", "-", "!": Style(foreground: .red)
        case "~": Style(foreground: .yellow)
        default: .plain
        }
    }

    /// A window of lines, wrapped to the frame's width (a long curl command or error is read whole),
    /// scrolled by `scroll` rows.
    static func scrolled(
        _ title: String, _ lines: [String], _ scroll: Int, _ bounds: Rect, _ buffer: inout ScreenBuffer
    ) {
        let rows = Wrap.rows(lines, width: wrapWidth(bounds))
        let width = min(bounds.width, max(CellWidth.of(title) + 6, (rows.map { CellWidth.of($0.text) }.max() ?? 0) + 4))
        let rect = bounds.centered(width: width, height: min(bounds.height, rows.count + 2))
        buffer.fill(rect)
        Box(title: title, focused: true).draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        let top = min(scroll, max(0, rows.count - inner.height))
        let marksChanges = title.hasPrefix("verify") || title.hasPrefix("diff")
        TextView(lineCount: rows.count, top: top) {
            [Span(rows[$0].text, marksChanges ? changeStyle(lines[rows[$0].line]) : .plain)]
        }
        .draw(in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 1, height: inner.height), on: &buffer)
    }

    /// The columns a window's text has in `bounds` (its border, a margin and the scroll bar taken).
    static func wrapWidth(_ bounds: Rect) -> Int { max(1, bounds.width - 4) }

    /// How many rows `lines` take in a window on a frame of `size`.
    static func windowRows(_ lines: [String], size: Size) -> Int {
        Wrap.rows(lines, width: wrapWidth(dialogBounds(Rect(size)))).count
    }
}
