import Foundation
import Tern
import TernExplorer
import TernScreen

/// The response pane: summary, badge, tabs, the body with search highlights.
extension App {
    /// The response tabs' titles with their counts (a click on the tab row is measured against them too).
    static func responseTabTitles(_ state: AppState, _ response: ResponseView) -> [String] {
        state.responsePane.tabs.map { tab -> String in
            switch tab {
            case .body:
                return state.responsePane.filterMatches != nil
                    ? "Body (filtered)" : "Body (\(response.body.kind.rawValue))"
            case .headers: return "Headers (\(response.headers.count))"
            case .request: return "Request"
            case .checks:
                return "Checks (\(response.checks.count - response.failedChecks.count)/\(response.checks.count))"
            }
        }
    }

    static func drawResponse(_ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        Box(title: "3 Response", focused: state.focus == .response, trailing: state.responsePane.view?.title ?? "")
            .draw(in: rect, on: &buffer)
        let inner = Box.inner(rect)
        if let live = state.responsePane.live, let sending = state.responsePane.sending {
            drawLive(
                live, sending: sending, scroll: state.responsePane.scroll, left: state.responsePane.left, inner, &buffer
            )
            return
        }
        guard let response = state.responsePane.view else {
            let text =
                state.responsePane.sending.map { "⟳ sending \($0)… (Esc cancels)" }
                ?? "No response yet: s sends the selected spec."
            buffer.write(text, x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        let model = response.summary(now: state.now)
        var summary = [
            Span(model.status, Style(foreground: statusColor(response.status), attributes: .bold)),
            Span("  "),
            Span(
                " \(model.badge.title) ",
                Style(
                    foreground: model.badge.needsAttention ? .red : badgeColor(response.source),
                    attributes: [.bold, .reverse])
            ),
        ]
        if response.source == .cache, let age = model.badge.age {
            summary.append(Span(" " + age, .dim))
        }
        // Unlike the one-line faces, the pane also says how long a live answer stays valid in the cache.
        if let validUntil = response.validUntil, response.source != .sample {
            summary.append(
                Span(
                    validUntil > state.now ? " · valid \(Format.relative(validUntil, to: state.now))" : " · expired",
                    .dim))
        }
        if let duration = model.duration { summary.append(Span("  \(duration)")) }
        summary.append(Span("  \(model.encoding ?? model.size)"))
        if let attempts = model.attempts { summary.append(Span("  \(attempts)", Style(foreground: .yellow))) }
        if let stopped = model.stopped { summary.append(Span("  \(stopped)", Style(foreground: .yellow))) }
        if !response.checks.isEmpty {
            let failed = response.failedChecks.count
            summary.append(
                failed == 0
                    ? Span(
                        "  ✓ \(Format.count(response.checks.count, "check"))",
                        Style(foreground: .green, attributes: .bold))
                    : Span("  ✗ \(failed)/\(response.checks.count) failed", Style(foreground: .red, attributes: .bold)))
        }
        if let connection = model.connection { summary.append(Span("  \(connection)", .dim)) }
        if state.responsePane.sending != nil { summary.append(Span("  ⟳ sending…", .bold)) }
        buffer.write(summary, x: inner.x, y: inner.y, maxWidth: inner.width)

        let tabRow = inner.droppingTop(1).top(1)
        let tabs = state.responsePane.tabs
        let titles = responseTabTitles(state, response)
        Tabs(titles: titles, selected: tabs.firstIndex(of: state.responsePane.tab) ?? 0).draw(in: tabRow, on: &buffer)
        if let search = state.responsePane.search {
            let label = search.editing ? "/" : "/\(search.query) "
            let info =
                search.editing
                ? ""
                : search.running
                    ? "searching…"
                    : search.matches.isEmpty ? "no match" : "\(search.current + 1)/\(search.matches.count)"
            let width = min(36, tabRow.width / 2)
            let area = Rect(x: tabRow.maxX - width, y: tabRow.y, width: width, height: 1)
            buffer.fill(area)
            let written = buffer.write(label, x: area.x, y: area.y, style: .bold, maxWidth: area.width)
            if search.editing {
                search.field.draw(
                    in: Rect(x: area.x + written, y: area.y, width: area.width - written, height: 1), on: &buffer)
            } else {
                buffer.write(info, x: area.x + written, y: area.y, style: .dim, maxWidth: area.width - written)
            }
        }
        var body = inner.droppingTop(2)
        if let filter = state.responsePane.filter, state.responsePane.tab == .body {
            drawFilterLine(filter, in: body.top(1), on: &buffer)
            body = body.droppingTop(1)
        }
        let query = state.responsePane.search.flatMap { $0.editing ? nil : $0.query }
        let current = state.responsePane.search.flatMap { $0.matches.isEmpty ? nil : $0.matches[$0.current] }
        let view: TextView
        switch state.responsePane.tab {
        case .body where state.responsePane.filterMatches != nil:
            let matches = state.responsePane.filterMatches ?? []
            view = TextView(
                lineCount: max(1, matches.count), top: state.responsePane.scroll, left: state.responsePane.left
            ) {
                index in
                guard index < matches.count else { return [Span("(nothing selected)", .dim)] }
                return BodyDocument.jsonSpans(matches[index])
            }
        case .checks:
            let checks = response.checks
            view = TextView(lineCount: checks.count, top: state.responsePane.scroll, left: state.responsePane.left) {
                index in
                checkSpans(checks[index])
            }
        case .body:
            let document = response.body
            view = TextView(
                lineCount: document.lineCount, top: state.responsePane.scroll, left: state.responsePane.left
            ) {
                index in
                var spans = document.spans(index, highlight: query)
                if index == current { spans = spans.map { Span($0.text, $0.style.adding(.reverse)) } }
                return spans
            }
        case .headers:
            let lines = response.headers
            view = TextView(lineCount: lines.count, top: state.responsePane.scroll, left: state.responsePane.left) {
                index in
                let line = lines[index]
                guard let colon = line.firstIndex(of: ":") else { return [Span(line)] }
                return [
                    Span(String(line[..<colon]), Style(foreground: .blue, attributes: .bold)),
                    Span(String(line[colon...])),
                ]
            }
        case .request:
            let lines = response.requestLines
            view = TextView(lineCount: lines.count, top: state.responsePane.scroll, left: state.responsePane.left) {
                index in
                [Span(lines[index], index == 0 ? .bold : .plain)]
            }
        }
        view.draw(in: body, on: &buffer)
    }

    /// A stream as it arrives: a status row, then the items' lines (heads dim, JSON coloured).
    static func drawLive(
        _ live: LiveStream, sending: String, scroll: Int, left: Int, _ inner: Rect, _ buffer: inout ScreenBuffer
    ) {
        let noun = live.itemCount == 1 ? "event" : "events"
        var status = [
            Span("⟳ streaming \(sending)", .bold), Span(" · \(live.itemCount) \(noun)"),
        ]
        if !live.following { status.append(Span(" · G follows", .dim)) }
        status.append(Span(live.stopping ? " · stopping…" : " · Esc stops, keeping what arrived", .dim))
        buffer.write(status, x: inner.x, y: inner.y, maxWidth: inner.width)
        let lines = live.lines
        let view = TextView(lineCount: lines.count, top: scroll, left: left) { index in
            let line = lines[index]
            return line.isHead ? [Span(line.text, .dim)] : BodyDocument.jsonSpans(line.text)
        }
        view.draw(in: inner.droppingTop(2), on: &buffer)
    }

    /// One expectation: `✓ status is 2xx`, or `✗ $.id equals 1 — got 2` in red.
    static func checkSpans(_ check: ExpectationResult) -> [Span] {
        if check.passed {
            return [Span("✓ ", Style(foreground: .green, attributes: .bold)), Span(check.expected)]
        }
        return [
            Span("✗ ", Style(foreground: .red, attributes: .bold)), Span(check.expected, Style(foreground: .red)),
            Span(" — got ", .dim), Span(check.actual, .bold),
        ]
    }

    /// The `f` filter line above the body: the expression being typed, or the one applied with
    /// its match count.
    static func drawFilterLine(_ filter: FilterState, in line: Rect, on buffer: inout ScreenBuffer) {
        buffer.fill(line, with: Cell(" ", style: Style(attributes: .reverse)))
        let label = "JSONPath "
        let written = buffer.write(label, x: line.x, y: line.y, style: Style(attributes: [.bold, .reverse]))
        let rest = Rect(x: line.x + written, y: line.y, width: max(0, line.width - written), height: 1)
        if filter.editing {
            filter.field.draw(in: rest, on: &buffer, style: Style(attributes: .reverse))
            return
        }
        let count = filter.matches?.count ?? 0
        let info =
            filter.running
            ? "filtering…" : (count == 1 ? "1 match" : "\(count) matches") + " · Esc shows the whole body"
        buffer.write(
            [
                Span(filter.expression + "   ", Style(attributes: .reverse)),
                Span(info, Style(attributes: [.dim, .reverse])),
            ],
            x: rest.x, y: rest.y, maxWidth: rest.width)
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
}
