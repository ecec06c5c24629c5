import Foundation
import Tern
import TernExplorer
import TernScreen

/// The activity panes: transfers, the retry log and the cache.
extension App {
    static func drawActivity(_ pane: Pane, _ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer, tabs: Bool) {
        let number = pane.rawValue + 1
        let focused = state.focus == pane
        var trailing = ""
        switch pane {
        case .transfers:
            trailing =
                state.activityPanes.transfers.isEmpty
                ? "" : "\(state.activityPanes.transfers.filter(\.outcome.isRunning).count) running"
        case .retryLog:
            trailing =
                state.activityPanes.retryLog.isEmpty ? "" : Format.count(state.activityPanes.retryLog.count, "attempt")
        default:
            trailing =
                state.activityPanes.cacheLoaded
                ? Format.count(state.activityPanes.cacheEntries.count, "entry", plural: "entries") : ""
        }
        Box(title: "\(number) \(pane.title)", focused: focused, trailing: trailing).draw(in: rect, on: &buffer)
        var inner = Box.inner(rect)
        if tabs {
            let titles = [Pane.transfers, .retryLog, .cache].map { "\($0.rawValue + 1) \($0.title)" }
            Tabs(titles: titles, selected: pane.rawValue - Pane.transfers.rawValue).draw(in: inner.top(1), on: &buffer)
            inner = inner.droppingTop(1)
        }
        switch pane {
        case .transfers: drawTransfers(state, inner, focused, &buffer)
        case .retryLog: drawRetryLog(state, inner, focused, &buffer)
        default: drawCache(state, inner, focused, &buffer)
        }
    }

    static func drawTransfers(_ state: AppState, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        guard !state.activityPanes.transfers.isEmpty else {
            buffer.write(
                "No uploads or downloads yet (try files/big-download).", x: rect.x, y: rect.y, style: .dim,
                maxWidth: rect.width)
            return
        }
        let top = scrollOffset(
            selected: state.activityPanes.transferSelection, offset: 0, visible: rect.height,
            count: state.activityPanes.transfers.count)
        for row in 0..<rect.height {
            let index = top + row
            guard index < state.activityPanes.transfers.count else { break }
            let transfer = state.activityPanes.transfers[index]
            let progress = transfer.progress
            let y = rect.y + row
            let arrow = progress.direction == .download ? "↓" : "↑"
            let longest = state.activityPanes.transfers.map { CellWidth.of($0.label) }.max() ?? 10
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
            if focused, index == state.activityPanes.transferSelection {
                buffer.restyle(Rect(x: rect.x, y: y, width: labelWidth, height: 1)) { $0.attributes.insert(.reverse) }
            }
        }
    }

    static func drawRetryLog(_ state: AppState, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        let rows = state.activityPanes.retryLog.map { entry -> Table.Row in
            let failed = entry.delayBeforeNext != nil || entry.outcome.isTrouble
            let next = entry.delayBeforeNext.map { "retry in \(Format.duration($0))" } ?? ""
            return Table.Row(
                [
                    Format.clock(entry.date, in: state.timeZone), entry.label, "#\(entry.attempt)",
                    entry.outcome.isRunning ? "…" : entry.outcome.text, next,
                ],
                style: failed ? Style(foreground: .yellow) : .plain
            )
        }
        // As wide as the longest spec id, leaving the other columns theirs.
        let longest = state.activityPanes.retryLog.map { CellWidth.of($0.label) }.max() ?? 0
        let labelWidth = max(12, min(26, rect.width / 4), min(longest + 1, rect.width - 45))
        Table(
            columns: [
                ("Time", 10), ("Spec", labelWidth), ("Try", 5), ("Outcome", max(14, rect.width / 3)), ("Next", 0),
            ],
            rows: rows, selected: clamp(state.activityPanes.retrySelection, count: rows.count), focused: focused,
            emptyText: "No attempts yet: every try of a send shows here, with the wait before the next.",
            showsSelection: focused
        ).draw(in: rect, on: &buffer)
    }

    static func drawCache(_ state: AppState, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        guard state.activityPanes.cacheLoaded else {
            buffer.write("loading…", x: rect.x, y: rect.y, style: .dim, maxWidth: rect.width)
            return
        }
        let rows = state.activityPanes.cacheEntries.map { entry in
            Table.Row(
                [
                    "\(entry.status)", Format.bytes(entry.size), Format.relative(entry.storedAt, to: state.now),
                    entry.validUntil > state.now ? Format.relative(entry.validUntil, to: state.now) : "expired",
                    entry.state.isEmpty ? entry.source.rawValue : entry.state,
                    entry.answers.isEmpty ? entry.key : entry.answers,
                ],
                style: entry.validUntil > state.now ? .plain : .dim
            )
        }
        Table(
            columns: [("Status", 7), ("Size", 10), ("Stored", 9), ("Valid", 9), ("State", 12), ("Answers", 0)],
            rows: rows, selected: clamp(state.activityPanes.cacheSelection, count: rows.count), focused: focused,
            emptyText: "The cache is empty: responses are stored as you send."
        ).draw(in: rect, on: &buffer)
    }
}
