import Foundation
import Tern
import TernExplorer
import TernScreen

extension App {
    /// Draws the whole frame for `state`: pure, so every pane and state has a text snapshot test.
    public static func view(_ state: AppState) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: state.size)
        if state.isTooSmall {
            drawTooSmall(state, &buffer)
            return buffer
        }
        let layout = Layout(state.size)
        drawHeader(state, layout.header, &buffer)
        drawTree(state, layout.tree, &buffer)
        drawEditor(state, layout.editor, &buffer)
        drawResponse(state, layout.response, &buffer)
        if layout.sharesActivity {
            drawActivity(state.activity, state, layout.transfers, &buffer, tabs: true)
        } else {
            for pane in [Pane.transfers, .retryLog, .cache] {
                drawActivity(pane, state, layout.rect(of: pane), &buffer, tabs: false)
            }
        }
        drawBottom(state, layout, &buffer)
        if let prompt = state.prompt { drawPrompt(prompt, &buffer) }
        if let dialog = state.dialog { drawDialog(dialog, state, &buffer) }
        return buffer
    }

    static func drawTooSmall(_ state: AppState, _ buffer: inout ScreenBuffer) {
        let lines = [
            "Tern needs a terminal of at least \(AppState.minimumSize.width)×\(AppState.minimumSize.height).",
            "This one is \(state.size.width)×\(state.size.height): please make it bigger.",
            "(q quits)",
        ]
        let top = max(0, (state.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let shown = CellWidth.truncate(line, to: state.size.width)
            let x = max(0, (state.size.width - CellWidth.of(shown)) / 2)
            buffer.write(shown, x: x, y: top + index, style: index == 0 ? .bold : .plain)
        }
    }

    // MARK: Header

    static func drawHeader(_ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        let bar = Style(attributes: .reverse)
        buffer.fill(rect, with: Cell(" ", style: bar))
        var spans = [Span(" tern ", bar.adding(.bold))]
        guard let snapshot = state.snapshot else {
            spans.append(Span(" loading the workspace…", bar))
            buffer.write(spans, x: rect.x, y: rect.y, maxWidth: rect.width)
            return
        }
        spans.append(Span(" \(snapshot.workspaceName) ", bar))
        spans.append(Span("│ env ", bar))
        spans.append(Span(snapshot.environment ?? "none", bar.adding(.bold)))
        spans.append(Span(" │ mode ", bar))
        spans.append(Span(snapshot.mode.rawValue.uppercased(), bar.adding(.bold).foreground(modeColor(snapshot.mode))))
        spans.append(Span(" │ ", bar))
        if let selected = snapshot.selected {
            spans.append(Span(selected.id, bar.adding(.bold)))
            if selected.edited { spans.append(Span(" ● unsaved", bar.foreground(.yellow))) }
        } else {
            spans.append(Span("no spec selected", bar))
        }
        if let sending = state.sending {
            let elapsed = state.sendStarted.map { Format.duration(state.now.timeIntervalSince($0)) } ?? ""
            spans.append(Span(" │ ⟳ \(sending) \(elapsed)", bar.adding(.bold)))
        } else if snapshot.unsaved.count > 1 {
            spans.append(Span(" │ \(snapshot.unsaved.count) specs unsaved", bar))
        }
        buffer.write(spans, x: rect.x, y: rect.y, maxWidth: rect.width)
        let help = " ? help "
        buffer.write(help, x: rect.maxX - CellWidth.of(help), y: rect.y, style: bar)
    }

    static func modeColor(_ mode: ResponseMode) -> Color {
        switch mode {
        case .normal: return .default
        case .live: return .green
        case .cache: return .blue
        case .sample: return .magenta
        }
    }

    static func methodStyle(_ method: String) -> Style {
        switch method.uppercased() {
        case "GET": return Style(foreground: .green, attributes: .bold)
        case "POST": return Style(foreground: .yellow, attributes: .bold)
        case "PUT", "PATCH": return Style(foreground: .blue, attributes: .bold)
        case "DELETE": return Style(foreground: .red, attributes: .bold)
        default: return Style(foreground: .cyan, attributes: .bold)
        }
    }

    // MARK: Tree

    static func drawTree(_ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        let rows = state.treeRows
        let filtered = !state.treeFilter.isEmpty
        Box(title: "1 Workspace", focused: state.focus == .tree, trailing: filtered ? "filter: \(state.treeFilter)" : "")
            .draw(in: rect, on: &buffer)
        var inner = Box.inner(rect)
        if let field = state.filterField {
            let line = inner.bottom(1)
            buffer.write("/", x: line.x, y: line.y, style: .bold)
            field.draw(in: Rect(x: line.x + 1, y: line.y, width: line.width - 1, height: 1), on: &buffer)
            inner = inner.droppingBottom(1)
        }
        guard state.snapshot != nil else { return }
        if rows.isEmpty {
            buffer.write(filtered ? "no spec matches '\(state.treeFilter)'" : "no specs in this workspace", x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        let selectedID = state.snapshot?.selected?.id
        let unsaved = Set(state.snapshot?.unsaved ?? [])
        let listRows: [[Span]] = rows.map { row in
            let indent = String(repeating: "  ", count: row.depth)
            switch row.kind {
            case .group(_, let expanded):
                return [Span(indent + (expanded ? "▾ " : "▸ ") + row.title, .bold)]
            case .spec(let spec):
                let marker = spec.id == selectedID ? "●" : " "
                var spans = [
                    Span(indent + marker, Style(foreground: .cyan)),
                    Span(spec.method.uppercased().padding(toLength: 7, withPad: " ", startingAt: 0), methodStyle(spec.method)),
                    Span(row.title, spec.id == selectedID ? .bold : .plain),
                ]
                if unsaved.contains(spec.id) { spans.append(Span("*", Style(foreground: .yellow, attributes: .bold))) }
                spans.append(Span(" " + spec.path, .dim))
                return spans
            }
        }
        ListView(rows: listRows, selected: clamp(state.treeSelection, count: rows.count), focused: state.focus == .tree)
            .draw(in: inner, on: &buffer)
    }

    // MARK: Editor

    static func drawEditor(_ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        let detail = state.snapshot?.selected
        Box(title: "2 Request", focused: state.focus == .editor, trailing: detail?.edited == true ? "● edited, unsaved (:save)" : "")
            .draw(in: rect, on: &buffer)
        let inner = Box.inner(rect)
        guard let detail else {
            buffer.write("Select a spec in the workspace tree (Enter).", x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        buffer.write([
            Span(detail.method.uppercased() + " ", methodStyle(detail.method)),
            Span(detail.path, .bold),
            Span(detail.target.map { "   target \($0)" } ?? "", .dim),
            Span(detail.transaction == "data" ? "" : "   \(detail.transaction)", .dim),
        ], x: inner.x, y: inner.y, maxWidth: inner.width)
        let titles = EditorTab.allCases.map { tab -> String in
            switch tab {
            case .query: return "Query (\(detail.query.count))"
            case .headers: return "Headers (\(detail.headers.count))"
            case .variables: return "Vars (\(state.snapshot?.variables.count ?? 0))"
            case .body: return "Body" + (detail.bodyKind.map { " (\($0))" } ?? "")
            }
        }
        Tabs(titles: titles, selected: state.editorTab.rawValue).draw(in: inner.droppingTop(1).top(1), on: &buffer)
        let content = inner.droppingTop(2)
        if state.editorTab == .body {
            let lines = detail.body.isEmpty ? ["(no body)   a or e: write one in $EDITOR"] : detail.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.prefix(content.height).enumerated() {
                buffer.write(line, x: content.x, y: content.y + index, style: detail.body.isEmpty ? .dim : .plain, maxWidth: content.width)
            }
            return
        }
        let items = state.editorItems
        let isVariables = state.editorTab == .variables
        let nameWidth = min(28, max(12, (items.map { CellWidth.of($0.name) }.max() ?? 0) + 2))
        let columns: [(title: String, width: Int)] = isVariables
            ? [("Name", nameWidth), ("Value", max(10, content.width - nameWidth - 14)), ("From", 14)]
            : [("On", 4), ("Name", nameWidth), ("Value", 0)]
        let rows = items.map { item in
            isVariables
                ? Table.Row([item.name, item.value, item.origin ?? ""])
                : Table.Row([item.enabled ? "✓" : "✗", item.name, item.value], style: item.enabled ? .plain : .dim)
        }
        let empty = "(none)   a adds one"
        Table(columns: columns, rows: rows, selected: clamp(state.editorSelection, count: items.count), focused: state.focus == .editor, emptyText: empty)
            .draw(in: content, on: &buffer)
    }

    // MARK: Response

    static func drawResponse(_ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        Box(title: "3 Response", focused: state.focus == .response, trailing: state.response?.title ?? "")
            .draw(in: rect, on: &buffer)
        let inner = Box.inner(rect)
        guard let response = state.response else {
            let text = state.sending.map { "⟳ sending \($0)… (Esc cancels)" } ?? "No response yet: s sends the selected spec."
            buffer.write(text, x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        var summary = [
            Span("\(response.status) \(response.reason)", Style(foreground: statusColor(response.status), attributes: .bold)),
            Span("  "),
            Span(" \(response.badge) ", Style(foreground: badgeColor(response.source), attributes: [.bold, .reverse])),
        ]
        if response.source == .cache, let stored = response.storedAt {
            summary.append(Span(" stored \(Format.relative(stored, to: state.now))", .dim))
        }
        if let validUntil = response.validUntil, response.source != .sample {
            summary.append(Span(validUntil > state.now ? " · valid \(Format.relative(validUntil, to: state.now))" : " · expired", .dim))
        }
        if let duration = response.duration { summary.append(Span("  \(Format.duration(duration))")) }
        summary.append(Span("  \(Format.bytes(response.size))"))
        if response.attempts > 1 { summary.append(Span("  \(response.attempts) attempts", Style(foreground: .yellow))) }
        if state.sending != nil { summary.append(Span("  ⟳ sending…", .bold)) }
        buffer.write(summary, x: inner.x, y: inner.y, maxWidth: inner.width)

        let tabRow = inner.droppingTop(1).top(1)
        let titles = ["Body (\(response.body.kind.rawValue))", "Headers (\(response.headers.count))", "Request"]
        Tabs(titles: titles, selected: state.responseTab.rawValue).draw(in: tabRow, on: &buffer)
        if let search = state.search {
            let label = search.editing ? "/" : "/\(search.query) "
            let info = search.editing ? "" : search.running ? "searching…" : search.matches.isEmpty ? "no match" : "\(search.current + 1)/\(search.matches.count)"
            let width = min(36, tabRow.width / 2)
            let area = Rect(x: tabRow.maxX - width, y: tabRow.y, width: width, height: 1)
            buffer.fill(area)
            let written = buffer.write(label, x: area.x, y: area.y, style: .bold, maxWidth: area.width)
            if search.editing {
                search.field.draw(in: Rect(x: area.x + written, y: area.y, width: area.width - written, height: 1), on: &buffer)
            } else {
                buffer.write(info, x: area.x + written, y: area.y, style: .dim, maxWidth: area.width - written)
            }
        }
        let body = inner.droppingTop(2)
        let query = state.search.flatMap { $0.editing ? nil : $0.query }
        let current = state.search.flatMap { $0.matches.isEmpty ? nil : $0.matches[$0.current] }
        let view: TextView
        switch state.responseTab {
        case .body:
            let document = response.body
            view = TextView(lineCount: document.lineCount, top: state.responseScroll, left: state.responseLeft) { index in
                var spans = document.spans(index, highlight: query)
                if index == current { spans = spans.map { Span($0.text, $0.style.adding(.reverse)) } }
                return spans
            }
        case .headers:
            let lines = response.headers
            view = TextView(lineCount: lines.count, top: state.responseScroll, left: state.responseLeft) { index in
                let line = lines[index]
                guard let colon = line.firstIndex(of: ":") else { return [Span(line)] }
                return [Span(String(line[..<colon]), Style(foreground: .blue, attributes: .bold)), Span(String(line[colon...]))]
            }
        case .request:
            let lines = response.requestLines
            view = TextView(lineCount: lines.count, top: state.responseScroll, left: state.responseLeft) { index in
                [Span(lines[index], index == 0 ? .bold : .plain)]
            }
        }
        view.draw(in: body, on: &buffer)
    }

    static func statusColor(_ status: Int) -> Color {
        switch status {
        case 200..<300: return .green
        case 300..<400: return .cyan
        case 400..<500: return .yellow
        default: return .red
        }
    }

    static func badgeColor(_ source: ResponseSource) -> Color {
        switch source {
        case .live: return .green
        case .cache: return .blue
        case .sample: return .magenta
        }
    }

    // MARK: Activity

    static func drawActivity(_ pane: Pane, _ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer, tabs: Bool) {
        let number = pane.rawValue + 1
        let focused = state.focus == pane
        var trailing = ""
        switch pane {
        case .transfers: trailing = state.transfers.isEmpty ? "" : "\(state.transfers.filter { $0.outcome == nil }.count) running"
        case .retryLog: trailing = state.retryLog.isEmpty ? "" : "\(state.retryLog.count) attempts"
        default: trailing = state.cacheLoaded ? "\(state.cacheEntries.count) entries" : ""
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
        guard !state.transfers.isEmpty else {
            buffer.write("No uploads or downloads yet (try files/big-download).", x: rect.x, y: rect.y, style: .dim, maxWidth: rect.width)
            return
        }
        let top = scrollOffset(selected: state.transferSelection, offset: 0, visible: rect.height, count: state.transfers.count)
        for row in 0..<rect.height {
            let index = top + row
            guard index < state.transfers.count else { break }
            let transfer = state.transfers[index]
            let progress = transfer.progress
            let y = rect.y + row
            let arrow = progress.direction == .download ? "↓" : "↑"
            let longest = state.transfers.map { CellWidth.of($0.label) }.max() ?? 10
            let labelWidth = min(max(12, longest + 3), rect.width / 3)
            var x = rect.x
            x += buffer.write("\(arrow) " + CellWidth.truncate(transfer.label, to: labelWidth - 3).padding(toLength: labelWidth - 2, withPad: " ", startingAt: 0), x: x, y: y, style: .bold, maxWidth: labelWidth)
            let barWidth = max(8, min(24, rect.width - labelWidth - 44))
            let fraction = progress.fraction ?? (transfer.outcome == "done" ? 1 : nil)
            ProgressBar(fraction: fraction).draw(
                in: Rect(x: x, y: y, width: barWidth, height: 1), on: &buffer,
                style: Style(foreground: transfer.outcome == nil || transfer.outcome == "done" ? .green : .red)
            )
            x += barWidth + 1
            let percent = fraction.map { String(format: "%3.0f%%", $0 * 100) } ?? "  ? "
            let amount = Format.bytes(progress.bytes) + (progress.total.map { "/" + Format.bytes($0) } ?? "")
            var text = "\(percent)  \(amount)  \(Format.rate(progress.bytesPerSecond))"
            let outcomeStyle: Style
            if let outcome = transfer.outcome {
                text += "  " + outcome
                outcomeStyle = outcome == "done" ? Style(foreground: .green) : Style(foreground: .red)
            } else {
                text += "  ETA \(Format.eta(progress))"
                outcomeStyle = .plain
            }
            buffer.write(text, x: x, y: y, style: outcomeStyle, maxWidth: rect.maxX - x)
            if focused, index == state.transferSelection {
                buffer.restyle(Rect(x: rect.x, y: y, width: labelWidth, height: 1)) { $0.attributes.insert(.reverse) }
            }
        }
    }

    static func drawRetryLog(_ state: AppState, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        let rows = state.retryLog.map { entry -> Table.Row in
            let failed = entry.delayBeforeNext != nil || (!entry.outcome.isEmpty && !(entry.outcome.first?.isNumber ?? false))
            let next = entry.delayBeforeNext.map { "retry in \(Format.duration($0))" } ?? ""
            return Table.Row(
                [Format.clock(entry.date, in: state.timeZone), entry.label, "#\(entry.attempt)", entry.outcome.isEmpty ? "…" : entry.outcome, next],
                style: failed ? Style(foreground: .yellow) : .plain
            )
        }
        let labelWidth = max(12, min(26, rect.width / 4))
        Table(
            columns: [("Time", 10), ("Spec", labelWidth), ("Try", 5), ("Outcome", max(14, rect.width / 3)), ("Next", 0)],
            rows: rows, selected: clamp(state.retrySelection, count: rows.count), focused: focused,
            emptyText: "No attempts yet: every try of a send shows here, with the wait before the next.", showsSelection: focused
        ).draw(in: rect, on: &buffer)
    }

    static func drawCache(_ state: AppState, _ rect: Rect, _ focused: Bool, _ buffer: inout ScreenBuffer) {
        guard state.cacheLoaded else {
            buffer.write("loading…", x: rect.x, y: rect.y, style: .dim, maxWidth: rect.width)
            return
        }
        let rows = state.cacheEntries.map { entry in
            Table.Row(
                ["\(entry.status)", Format.bytes(Int64(entry.size)), Format.relative(entry.storedAt, to: state.now),
                 entry.validUntil > state.now ? Format.relative(entry.validUntil, to: state.now) : "expired",
                 entry.source.rawValue, entry.key],
                style: entry.validUntil > state.now ? .plain : .dim
            )
        }
        Table(
            columns: [("Status", 7), ("Size", 10), ("Stored", 11), ("Valid until", 12), ("Source", 8), ("Key", 0)],
            rows: rows, selected: clamp(state.cacheSelection, count: rows.count), focused: focused,
            emptyText: "The cache is empty: responses are stored as you send."
        ).draw(in: rect, on: &buffer)
    }

    // MARK: Bottom lines

    static func drawBottom(_ state: AppState, _ layout: Layout, _ buffer: inout ScreenBuffer) {
        let status = layout.status
        if let line = state.commandLine, !line.completions.isEmpty {
            buffer.write("complete: " + line.completions.joined(separator: "  "), x: status.x, y: status.y, style: Style(foreground: .cyan), maxWidth: status.width)
        } else if let message = state.status {
            buffer.write(
                (message.isError ? "✗ " : "") + message.text, x: status.x, y: status.y,
                style: message.isError ? Style(foreground: .red, attributes: .bold) : .plain, maxWidth: status.width
            )
        }
        let bottom = layout.commandLine
        if let line = state.commandLine {
            buffer.write(":", x: bottom.x, y: bottom.y, style: .bold)
            line.field.draw(in: Rect(x: bottom.x + 1, y: bottom.y, width: bottom.width - 1, height: 1), on: &buffer)
        } else {
            buffer.write(KeyTable.hints(for: state.focus), x: bottom.x, y: bottom.y, style: .dim, maxWidth: bottom.width)
        }
    }

    // MARK: Overlays

    static func drawPrompt(_ prompt: Prompt, _ buffer: inout ScreenBuffer) {
        let width = min(buffer.width - 4, 70)
        let labelWidth = (prompt.labels.map { CellWidth.of($0) }.max() ?? 0) + 2
        let rect = buffer.bounds.centered(width: width, height: prompt.fields.count + 4)
        buffer.fill(rect)
        Box(title: prompt.title, focused: true).draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        for (index, field) in prompt.fields.enumerated() {
            let y = inner.y + index
            buffer.write(prompt.labels[index] + ":", x: inner.x + 1, y: y, style: .bold)
            let area = Rect(x: inner.x + 1 + labelWidth, y: y, width: inner.width - labelWidth - 2, height: 1)
            buffer.fill(area, with: Cell(" ", style: .underline))
            field.draw(in: area, on: &buffer, style: .underline, showsCursor: index == prompt.focus)
        }
        buffer.write("Enter saves · Tab next field · Esc cancels", x: inner.x + 1, y: inner.maxY - 1, style: .dim, maxWidth: inner.width - 2)
    }

    static func drawDialog(_ dialog: Dialog, _ state: AppState, _ buffer: inout ScreenBuffer) {
        let bounds = buffer.bounds.inset(by: 1)
        switch dialog {
        case .help(let scroll):
            var lines = KeyTable.helpLines()
            lines += ["", "Command line (:) — the REPL's language"]
            lines += CommandRegistry.all.map { "  " + $0.usage.padding(toLength: 34, withPad: " ", startingAt: 0) + $0.summary }
            scrolled("Keys — j/k scroll, any other key closes", lines, scroll, bounds, &buffer)
        case .output(let title, let lines, let scroll):
            scrolled(title + " — j/k scroll, Esc closes", lines, scroll, bounds, &buffer)
        case .confirmQuit(let unsaved):
            Modal(
                title: "Quit?",
                lines: [[Span("Unsaved edits in: ", .bold), Span(unsaved.joined(separator: ", "))],
                        [Span("They are lost if you quit now (:save writes the selected spec).")]],
                hint: "y quit · n stay"
            ).draw(in: bounds, on: &buffer)
        case .confirmDelete(let key):
            Modal(title: "Delete cache entry?", lines: [[Span(key, .bold)]], hint: "y delete · n keep").draw(in: bounds, on: &buffer)
        case .confirmClear:
            Modal(
                title: "Clear the cache?",
                lines: [[Span("All \(state.cacheEntries.count) stored responses of this workspace are removed.")]],
                hint: "y clear · n keep"
            ).draw(in: bounds, on: &buffer)
        }
    }

    static func scrolled(_ title: String, _ lines: [String], _ scroll: Int, _ bounds: Rect, _ buffer: inout ScreenBuffer) {
        let width = min(bounds.width, max(CellWidth.of(title) + 6, (lines.map { CellWidth.of($0) }.max() ?? 0) + 4))
        let rect = bounds.centered(width: width, height: min(bounds.height, lines.count + 2))
        buffer.fill(rect)
        Box(title: title, focused: true).draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        let top = min(scroll, max(0, lines.count - inner.height))
        TextView(lineCount: lines.count, top: top) { [Span(lines[$0])] }
            .draw(in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 1, height: inner.height), on: &buffer)
    }
}
