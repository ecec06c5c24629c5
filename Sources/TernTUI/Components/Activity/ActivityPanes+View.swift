import Foundation
import Tern
import TernExplorer
import TernScreen

/// The activity panes: transfers, the retry log and the cache.
extension ActivityPanes {
    /// Draws the shared strip in `rect`: the pane it shows, under the three panes' tabs.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        draw(strip, in: rect, context, tabs: true, on: &buffer)
    }

    /// The strip as one line, on a short terminal while another pane has the focus: what each of the
    /// three panes holds, and the keys that open them.
    func drawCollapsed(in rect: Rect, on buffer: inout ScreenBuffer) {
        buffer.write(
            [Span("─ ", .dim), Span(collapsedLabels(width: rect.width - 2).joined(separator: " · "), .dim)],
            x: rect.x, y: rect.y, maxWidth: rect.width)
    }

    /// The collapsed strip's labels (transfers, retry log, cache), within `width` columns.
    func collapsedLabels(width: Int) -> [String] {
        let running = transfers.filter(\.outcome.isRunning).count
        var parts = [
            "4 Transfers" + (running > 0 ? " (\(running) running)" : transfers.isEmpty ? "" : " (\(transfers.count))"),
            "5 Retry log" + (retryLog.isEmpty ? "" : " (\(Format.count(retryLog.count, "attempt")))"),
            "6 Cache" + (cacheLoaded ? " (\(Format.count(cacheEntries.count, "entry", plural: "entries")))" : ""),
        ]
        // Shorter forms when the line is narrow: the numbers alone, never a cut word.
        if CellWidth.of(parts.joined(separator: " · ")) > width {
            parts = ["4 Transfers", "5 Retry log", "6 Cache"]
        }
        return parts
    }

    /// Draws `pane` in `rect` (under the three panes' tabs when `tabs`); the context's focus is whether
    /// `pane` has it.
    func draw(_ pane: Pane, in rect: Rect, _ context: ComponentContext, tabs: Bool, on buffer: inout ScreenBuffer) {
        let number = pane.rawValue + 1
        let focused = context.focused
        var trailing = ""
        switch pane {
        case .transfers:
            trailing =
                transfers.isEmpty
                ? "" : "\(transfers.filter(\.outcome.isRunning).count) running"
        case .retryLog:
            trailing =
                retryLog.isEmpty ? "" : Format.count(retryLog.count, "attempt")
        default:
            trailing =
                cacheLoaded
                ? Format.count(cacheEntries.count, "entry", plural: "entries") : ""
        }
        Box(title: "\(number) \(pane.title)", focused: focused, trailing: trailing).draw(in: rect, on: &buffer)
        var inner = Box.inner(rect)
        if tabs {
            let titles = [Pane.transfers, .retryLog, .cache].map { "\($0.rawValue + 1) \($0.title)" }
            Tabs(titles: titles, selected: pane.rawValue - Pane.transfers.rawValue).draw(in: inner.top(1), on: &buffer)
            inner = inner.droppingTop(1)
        }
        switch pane {
        case .transfers: drawTransfers(context, inner, focused, &buffer)
        case .retryLog: drawRetryLog(context, inner, focused, &buffer)
        default: drawCache(context, inner, focused, &buffer)
        }
    }

    func drawTransfers(_ context: ComponentContext, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        guard !transfers.isEmpty else {
            buffer.write(
                "No uploads or downloads yet (try files/big-download).", x: rect.x, y: rect.y, style: .dim,
                maxWidth: rect.width)
            return
        }
        let top = scrollOffset(
            selected: transferSelection, offset: 0, visible: rect.height,
            count: transfers.count)
        for row in 0..<rect.height {
            let index = top + row
            guard index < transfers.count else { break }
            let transfer = transfers[index]
            let progress = transfer.progress
            let y = rect.y + row
            let arrow = progress.direction == .download ? "↓" : "↑"
            let longest = transfers.map { CellWidth.of($0.label) }.max() ?? 10
            let labelWidth = min(max(12, longest + 3), rect.width / 3)
            var x = rect.x
            x += buffer.write(
                "\(arrow) "
                    + CellWidth.truncate(transfer.label, to: labelWidth - 3).padding(
                        toLength: labelWidth - 2, withPad: " ", startingAt: 0), x: x, y: y, style: .bold,
                maxWidth: labelWidth)
            let barWidth = max(8, min(24, rect.width - labelWidth - 44))
            let line = ProgressLine(progress, completed: transfer.outcome == .done)
            ProgressBar(fraction: line.fraction).draw(
                in: Rect(x: x, y: y, width: barWidth, height: 1), on: &buffer,
                style: Style(foreground: transfer.outcome.isTrouble ? .red : .green)
            )
            x += barWidth + 1
            let percent = line.percent == nil ? "  ? " : line.paddedPercent
            var text = "\(percent)  \(line.amount(separator: "/"))  \(line.rate ?? "–")"
            let outcomeStyle: Style
            if transfer.outcome.isRunning {
                text += "  ETA \(line.eta ?? "–")"
                outcomeStyle = .plain
            } else {
                text += "  " + transfer.outcome.text
                outcomeStyle = Style(foreground: transfer.outcome.isTrouble ? .red : .green)
            }
            buffer.write(text, x: x, y: y, style: outcomeStyle, maxWidth: rect.maxX - x)
            if focused, index == transferSelection {
                buffer.restyle(Rect(x: rect.x, y: y, width: labelWidth, height: 1)) { $0.attributes.insert(.reverse) }
            }
        }
    }

    func drawRetryLog(_ context: ComponentContext, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        let rows = retryLog.map { entry -> Table.Row in
            let failed = entry.delayBeforeNext != nil || entry.outcome.isTrouble
            let next = entry.delayBeforeNext.map { "retry in \(Format.duration($0))" } ?? ""
            return Table.Row(
                [
                    Format.clock(entry.date, in: context.timeZone), entry.label, "#\(entry.attempt)",
                    entry.outcome.isRunning ? "…" : entry.outcome.text, next,
                ],
                style: failed ? Style(foreground: .yellow) : .plain
            )
        }
        // As wide as the longest spec id, leaving the other columns theirs.
        let longest = retryLog.map { CellWidth.of($0.label) }.max() ?? 0
        let labelWidth = max(12, min(26, rect.width / 4), min(longest + 1, rect.width - 45))
        Table(
            columns: [
                ("Time", 10), ("Spec", labelWidth), ("Try", 5), ("Outcome", max(14, rect.width / 3)), ("Next", 0),
            ],
            rows: rows, selected: ListCursor.clamp(retrySelection, count: rows.count), focused: focused,
            emptyText: "No attempts yet: every try of a send shows here, with the wait before the next.",
            showsSelection: focused
        ).draw(in: rect, on: &buffer)
    }

    func drawCache(_ context: ComponentContext, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        guard cacheLoaded else {
            buffer.write("loading…", x: rect.x, y: rect.y, style: .dim, maxWidth: rect.width)
            return
        }
        let rows = cacheEntries.map { entry in
            Table.Row(
                [
                    "\(entry.status)", Format.bytes(entry.size), Format.ago(entry.storedAt, to: context.now),
                    entry.validUntil > context.now ? Format.relative(entry.validUntil, to: context.now) : "expired",
                    entry.state.isEmpty ? entry.source.rawValue : entry.state,
                    entry.answers.isEmpty ? entry.key : entry.answers,
                ],
                style: entry.validUntil > context.now ? .plain : .dim
            )
        }
        Table(
            columns: [("Status", 7), ("Size", 10), ("Stored", 9), ("Valid", 9), ("State", 12), ("Answers", 0)],
            rows: rows, selected: ListCursor.clamp(cacheSelection, count: rows.count), focused: focused,
            emptyText: "The cache is empty: responses are stored as you send."
        ).draw(in: rect, on: &buffer)
    }
}
