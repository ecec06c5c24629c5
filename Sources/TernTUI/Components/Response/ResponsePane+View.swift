import Foundation
import Tern
import TernExplorer
import TernScreen

/// The response pane: summary, badge, tabs, the body with search highlights.
extension ResponsePane {
    /// The response tabs' titles with their counts (a click on the tab row is measured against them too).
    func tabTitles(_ response: ResponseView) -> [String] {
        tabs.map { tab -> String in
            switch tab {
            case .body:
                if let messages = response.conversationMessages { return "Conversation (\(messages))" }
                if let results = response.subscriptionResults { return "Results (\(results))" }
                return filterMatches != nil
                    ? "Body (filtered)" : "Body (\(response.body.kind.rawValue))"
            case .headers: return "Headers (\(response.headers.count))"
            case .request: return "Request"
            case .checks:
                return "Checks (\(response.checks.count - response.failedChecks.count)/\(response.checks.count))"
            }
        }
    }

    /// Draws the pane in `rect`: the live stream while one arrives, else the response shown. `bare`
    /// (the answer zoomed) draws the body alone, in all of `rect`: the status line goes to the frame's last row.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        draw(in: rect, context, bare: false, on: &buffer)
    }

    /// Draws the pane; `bare`, the body alone (see `draw(in:_:on:)`).
    func draw(in rect: Rect, _ context: ComponentContext, bare: Bool, on buffer: inout ScreenBuffer) {
        if bare, live == nil, let response = view {
            drawBody(response, in: rect, context, on: &buffer)
            return
        }
        // The title names what the pane shows: the stream arriving, else the answer.
        let shown = live != nil ? sending ?? view?.title : view?.title
        Box(title: "3 Response", focused: context.focused, trailing: shown ?? "")
            .draw(in: rect, on: &buffer)
        let inner = Box.inner(rect)
        if let live = live, let sending = sending {
            Self.drawLive(
                live, sending: sending, scroll: scroll, left: left, wraps: wraps, inner, &buffer
            )
            return
        }
        guard let response = view else {
            let text =
                sending.map { "⟳ sending \($0)… (Esc cancels)" }
                ?? "No response yet: s sends the selected spec."
            buffer.write(text, x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        buffer.write(statusSpans(context).fitting(inner.width), x: inner.x, y: inner.y, maxWidth: inner.width)

        let tabRow = inner.droppingTop(1).top(1)
        let tabs = tabs
        let titles = tabTitles(response)
        Tabs(titles: titles, selected: tabs.firstIndex(of: tab) ?? 0).draw(in: tabRow, on: &buffer)
        search?.draw(in: tabRow, context, on: &buffer)
        drawBody(response, in: inner.droppingTop(2), context, on: &buffer)
    }

    /// The answer's status line: status, badge, age, validity, time, size, attempts, checks, protocol.
    func statusSpans(_ context: ComponentContext) -> [Span] {
        guard let response = view else { return [] }
        let model = response.summary(now: context.now)
        var summary = [
            Span(model.status, Style(foreground: Styles.status(response.status), attributes: .bold)),
            Span("  "),
            Span(
                " \(model.badge.title) ",
                Style(
                    foreground: model.badge.needsAttention ? .red : Styles.badge(response.source),
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
                    validUntil > context.now
                        ? " · valid \(Format.relative(validUntil, to: context.now))" : " · expired",
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
        if let key = response.pinnedBy {
            summary.append(Span("  fixed key \(key)", Style(foreground: .yellow)))
        }
        if let connection = model.connection { summary.append(Span("  \(connection)", .dim)) }
        if sending != nil { summary.append(Span("  ⟳ sending…", .bold)) }
        return summary
    }

    /// The tab's text (with the filter line above a filtered body) in `rect`.
    func drawBody(_ response: ResponseView, in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        var body = rect
        if let filter = filter, tab == .body {
            filter.draw(in: body.top(1), context, on: &buffer)
            body = body.droppingTop(1)
        }
        let query = search.flatMap { $0.editing ? nil : $0.query }
        let current = search.flatMap { $0.matches.isEmpty ? nil : $0.matches[$0.current] }
        var view: TextView
        switch tab {
        case .body where filterMatches != nil:
            let matches = filterMatches ?? []
            view = TextView(
                lineCount: max(1, matches.count), top: scroll, left: left
            ) {
                index in
                guard index < matches.count else { return [Span("(nothing selected)", .dim)] }
                return BodyDocument.jsonSpans(matches[index])
            }
        case .checks:
            let checks = response.checks
            view = TextView(lineCount: checks.count, top: scroll, left: left) {
                index in
                Self.checkSpans(checks[index])
            }
        case .body:
            let document = response.body
            view = TextView(
                lineCount: document.lineCount, top: scroll, left: left
            ) {
                index in
                var spans = document.spans(index, highlight: query)
                if index == current { spans = spans.map { Span($0.text, $0.style.adding(.reverse)) } }
                return spans
            }
        case .headers:
            let lines = response.headers
            view = TextView(lineCount: lines.count, top: scroll, left: left) {
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
            view = TextView(lineCount: lines.count, top: scroll, left: left) {
                index in
                [Span(lines[index], index == 0 ? .bold : .plain)]
            }
        }
        view.wraps = wraps
        view.draw(in: body, on: &buffer)
    }

    /// A stream as it arrives: a status row, then the items' lines (heads dim, JSON coloured).
    static func drawLive(
        _ live: LiveStream, sending: String, scroll: Int, left: Int, wraps: Bool, _ inner: Rect,
        _ buffer: inout ScreenBuffer
    ) {
        let noun = live.itemCount == 1 ? "event" : "events"
        var status = [
            Span("⟳ streaming \(sending)", .bold), Span(" · \(live.itemCount) \(noun)"),
        ]
        if !live.following { status.append(Span(" · G follows", .dim)) }
        status.append(Span(live.stopping ? " · stopping…" : " · Esc stops, keeping what arrived", .dim))
        buffer.write(status, x: inner.x, y: inner.y, maxWidth: inner.width)
        let lines = live.lines
        var view = TextView(lineCount: lines.count, top: scroll, left: left) { index in
            let line = lines[index]
            return line.isHead ? [Span(line.text, .dim)] : BodyDocument.jsonSpans(line.text)
        }
        view.wraps = wraps
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
}
