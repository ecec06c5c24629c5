import Foundation
import TernExplorer
import TernScreen

/// The request editor pane (method, path, tabs, the tab's table or the body) and its form.
extension RequestEditor {
    /// Draws the pane for the context's snapshot in `rect`; its clock dates captured values ("3m ago").
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let snapshot = context.snapshot
        let focused = context.focused
        let now = context.now
        let detail = snapshot?.selected
        Box(title: "2 Request", focused: focused, trailing: detail?.edited == true ? "● edited, unsaved (:save)" : "")
            .draw(in: rect, on: &buffer)
        let inner = Box.inner(rect)
        guard let detail else {
            let hint = "Select a spec in the workspace tree (Enter)."
            buffer.write(hint, x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        buffer.write(
            [
                Span(detail.method.uppercased() + " ", Styles.method(detail.method)),
                Span(detail.path, .bold),
                Span(detail.target.map { "   target \($0)" } ?? "", .dim),
                Span(detail.transaction == "data" ? "" : "   \(detail.transaction)", .dim),
                Span(detail.auth.map { "   auth \($0)" } ?? "", .dim),
            ], x: inner.x, y: inner.y, maxWidth: inner.width)
        let titles = tabTitles(detail, snapshot: snapshot)
        Tabs(titles: titles, selected: tab.rawValue).draw(in: inner.droppingTop(1).top(1), on: &buffer)
        let content = inner.droppingTop(2)
        if tab == .body {
            drawBody(
                detail.body, variables: detail.graphQLVariables, marks: marks?.places(in: detail) ?? [], in: content,
                on: &buffer)
            return
        }
        let items = items(of: snapshot)
        if tab == .variables, let variableRows {
            drawVariables(variableRows, focused: focused, now: now, in: content, on: &buffer)
            return
        }
        let isVariables = tab == .variables
        let nameWidth = min(28, max(12, (items.map { CellWidth.of($0.name) }.max() ?? 0) + 2))
        let columns: [(title: String, width: Int)] =
            isVariables
            ? [("Name", nameWidth), ("Value", max(10, content.width - nameWidth - 14)), ("From", 14)]
            : [("On", 4), ("Name", nameWidth), ("Value", 0)]
        var rows = items.map { item in
            isVariables
                ? Table.Row([item.name, item.value, item.origin ?? ""])
                : Table.Row([item.enabled ? "✓" : "✗", item.name, item.value], style: item.enabled ? .plain : .dim)
        }
        if tab == .headers {
            // Sent, but not the spec's to edit: dimmed, after the spec's own, never selected.
            rows += detail.inheritedHeaders.map { item in
                Table.Row(["↳", item.name, item.value + "   (\(item.origin ?? "inherited"))"], style: .dim)
            }
        }
        let empty = "(none)   a adds one"
        Table(
            columns: columns, rows: rows,
            selected: items.isEmpty ? nil : ListCursor.clamp(selection, count: items.count),
            focused: focused, emptyText: empty
        ).draw(in: content, on: &buffer)
    }

    /// The tabs' titles with their counts (a click on the tab row is measured against them too).
    func tabTitles(_ detail: SpecDetail, snapshot: ExplorerSnapshot?) -> [String] {
        EditorTab.allCases.map { tab -> String in
            switch tab {
            case .query: return "Query (\(detail.query.count))"
            case .headers:
                // The spec's own headers, then those it inherits from its target, counted apart.
                let inherited = detail.inheritedHeaders.count
                return "Headers (\(detail.headers.count)" + (inherited > 0 ? " + \(inherited) target)" : ")")
            case .variables: return "Vars (\(variableRows?.count ?? snapshot?.variables.count ?? 0))"
            case .body: return "Body" + (detail.bodyKind.map { " (\($0))" } ?? "")
            }
        }
    }

    /// The Vars tab with the variables' sources: the value in force first; a value hidden by a
    /// higher one (overrides > captured > environment) is dim and says so.
    private func drawVariables(
        _ rows: [VariableRow], focused: Bool, now: Date, in content: Rect, on buffer: inout ScreenBuffer
    ) {
        let nameWidth = min(24, max(10, (rows.map { CellWidth.of($0.name) }.max() ?? 0) + 2))
        let fromWidth = min(40, max(16, (rows.map { CellWidth.of($0.sourceText(now: now)) }.max() ?? 0) + 11))
        let columns: [(title: String, width: Int)] = [
            ("Name", nameWidth), ("Value", max(10, content.width - nameWidth - fromWidth - 2)), ("From", fromWidth),
        ]
        let tableRows = rows.map { row in
            row.shadowed
                ? Table.Row([row.name, row.value, row.sourceText(now: now) + " (hidden)"], style: .dim)
                : Table.Row([row.name, row.value, row.sourceText(now: now)])
        }
        Table(
            columns: columns, rows: tableRows, selected: ListCursor.clamp(selection, count: rows.count),
            focused: focused,
            emptyText: "(none)   a adds one"
        ).draw(in: content, on: &buffer)
    }

    /// The body's text, a red `^ message` under each place in `marks`; a GraphQL body's variables below its
    /// query, under a dim `variables` line.
    private func drawBody(
        _ body: String, variables: String?, marks: [BodyPlace], in content: Rect, on buffer: inout ScreenBuffer
    ) {
        var lines: [(String, Style)] = []
        if body.isEmpty { lines = [("(no body)   a or e: write one in $EDITOR", .dim)] }
        for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !body.isEmpty {
            lines.append((String(line), .plain))
            for place in marks where place.line == index + 1 {
                let caret = String(repeating: " ", count: max(place.column - 1, 0)) + "^ "
                lines.append((caret + place.message, Style(foreground: .red, attributes: .bold)))
            }
        }
        if let variables {
            if lines.last?.0.isEmpty == true { lines.removeLast() }
            lines.append(("variables", .dim))
            lines += variables.split(separator: "\n").map { (String($0), .plain) }
        }
        // What does not fit loses the comments at the top first (a GraphQL field's description): the
        // operation is what is being written.
        while lines.count > content.height, lines.first?.0.hasPrefix("#") == true { lines.removeFirst() }
        // Still taller than the pane: the query builder's last tick in view (each field of its path found
        // below the one before).
        var first = 0
        if lines.count > content.height, let path = ticked {
            var found = -1
            for name in path {
                let start = found + 1
                guard start < lines.count,
                    let index = lines[start...].firstIndex(where: { line in
                        let text = line.0.trimmingCharacters(in: .whitespaces)
                        return text == name || text.hasPrefix(name + "(") || text.hasPrefix(name + " {")
                    })
                else { break }
                found = index
            }
            if found >= 0 { first = max(0, min(found - content.height / 2, lines.count - content.height)) }
        }
        for (index, line) in lines.dropFirst(first).prefix(content.height).enumerated() {
            buffer.write(line.0, x: content.x, y: content.y + index, style: line.1, maxWidth: content.width)
        }
    }

    /// Draws the open form, if any, centred over `frame`.
    func drawPrompt(in frame: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        prompt?.draw(in: frame, context, on: &buffer)
    }
}
