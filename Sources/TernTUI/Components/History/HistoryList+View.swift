import Foundation
import Tern
import TernExplorer
import TernExplorerStorage
import TernScreen

/// The history view: one row per send (time, method, spec, status and source, duration).
extension HistoryList {
    /// Draws the view centred in `bounds`, clock times in the context's zone, its title naming the
    /// keys of the table it is given.
    func draw(in bounds: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let timeZone = context.timeZone
        let width = min(bounds.width, 100)
        // The selected send's whole URL and note, wrapped under the rows (what a row cuts).
        var detail: [[Span]] = []
        if wraps, let entry = selected {
            var spans = [Span(entry.method + " ", .bold), Span(entry.url)]
            if let error = entry.error { spans += [Span("  "), Span(error, Style(foreground: .red))] }
            detail = TextView.wrap(spans, width: width - 3)
        }
        let extra = detail.isEmpty ? 0 : detail.count + 1
        let rect = bounds.centered(width: width, height: min(bounds.height, max(1, entries.count) + 3 + extra))
        buffer.fill(rect)
        let keys = context.keys
        let open = keys.key(for: .open, in: .history)
        let again = keys.key(for: .send, in: .history)
        let close = keys.key(for: .close, in: .history)
        Box(title: "History — \(open) opens, \(again) sends again, \(close) closes", focused: true)
            .draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        guard !entries.isEmpty else {
            buffer.write("(nothing sent yet)", x: inner.x + 1, y: inner.y, style: .dim, maxWidth: inner.width - 1)
            return
        }
        let header = "Time      Method  Spec                      Status        Took"
        buffer.write(header, x: inner.x, y: inner.y, style: .bold, maxWidth: inner.width)
        let rows = entries.map { Self.row($0, timeZone: timeZone) }
        let shown = min(detail.count + 1, max(0, inner.height - 3))
        let list = inner.droppingTop(1).droppingBottom(detail.isEmpty ? 0 : shown)
        ListView(rows: rows, selected: ListCursor.clamp(selection, count: entries.count), focused: true)
            .draw(in: list, on: &buffer)
        guard !detail.isEmpty, shown > 1 else { return }
        let area = inner.bottom(shown)
        buffer.write(String(repeating: "─", count: area.width), x: area.x, y: area.y, style: .dim)
        for (index, line) in detail.prefix(shown - 1).enumerated() {
            buffer.write(line, x: area.x + 1, y: area.y + 1 + index, maxWidth: area.width - 1)
        }
    }

    /// One entry's row.
    static func row(_ entry: HistoryEntry, timeZone: ClockZone) -> [Span] {
        let outcome: String
        let style: Style
        if let status = entry.status {
            outcome = "\(status) \(entry.source?.rawValue ?? "")"
            style = Style(foreground: Styles.status(status))
        } else {
            outcome = "failed"
            style = Style(foreground: .red)
        }
        return [
            Span(Format.clock(entry.date, in: timeZone) + "  "),
            Span(pad(entry.method, 8), Styles.method(entry.method)),
            Span(pad(entry.spec ?? typedURL(entry.url, width: 25), 26)),
            Span(pad(outcome, 14), style),
            Span(Format.duration(entry.duration), .dim),
            Span(entry.error.map { "  \($0)" } ?? "", Style(foreground: .red)),
        ]
    }

    /// A typed request's URL (it has no spec) in `width` cells: without its scheme, and when still too
    /// long, its end (the path tells sends apart, the host rarely does).
    static func typedURL(_ url: String, width: Int) -> String {
        var shown = Substring(url)
        for scheme in ["https://", "http://"] where shown.hasPrefix(scheme) { shown = shown.dropFirst(scheme.count) }
        guard CellWidth.of(String(shown)) > width else { return String(shown) }
        while CellWidth.of(String(shown)) > width - 1, !shown.isEmpty { shown = shown.dropFirst() }
        return "…" + shown
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let shown = CellWidth.truncate(text, to: width - 1)
        return shown + String(repeating: " ", count: max(1, width - CellWidth.of(shown)))
    }
}
