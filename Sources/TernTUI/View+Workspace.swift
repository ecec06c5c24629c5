import Foundation
import Tern
import TernExplorer
import TernScreen

/// The workspace tree and the request editor.
extension App {
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
}
