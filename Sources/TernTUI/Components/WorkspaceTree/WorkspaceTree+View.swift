import Foundation
import TernExplorer
import TernScreen

/// The workspace tree pane: groups and specs, the selected spec marked, unsaved ones starred.
extension WorkspaceTree {
    /// Draws the pane for the context's snapshot in `rect`.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let snapshot = context.snapshot
        let focused = context.focused
        let rows = rows(of: snapshot)
        let filtered = !filter.isEmpty
        Box(title: "1 Workspace", focused: focused, trailing: filtered ? "filter: \(filter)" : "")
            .draw(in: rect, on: &buffer)
        var inner = Box.inner(rect)
        if let line = filterField {
            line.draw(in: inner.bottom(1), context, on: &buffer)
            inner = inner.droppingBottom(1)
        }
        guard let snapshot else { return }
        if rows.isEmpty {
            let text = filtered ? "no spec matches '\(filter)'" : "no specs in this workspace"
            buffer.write(text, x: inner.x, y: inner.y, style: .dim, maxWidth: inner.width)
            return
        }
        // The schema browser: what the GraphQL field or argument under the cursor is, at the pane's foot.
        if filterField == nil, let row = cursorRow(of: snapshot), let about = GraphQLBuilder.about(row),
            inner.height > 8
        {
            let lines = TextView.wrap([Span(about, .dim)], width: inner.width).prefix(3)
            let foot = inner.bottom(lines.count)
            for (index, line) in lines.enumerated() {
                buffer.write(line, x: foot.x, y: foot.y + index, maxWidth: foot.width)
            }
            inner = inner.droppingBottom(lines.count)
        }
        let selectedID = snapshot.selected?.id
        let unsaved = Set(snapshot.unsaved)
        // Only the rows the pane shows are drawn: a big workspace has hundreds.
        let selected = ListCursor.clamp(selection, count: rows.count)
        let window = ListView.window(selected: selected, visible: inner.height, count: rows.count)
        let listRows: [[Span]] = rows[window].map { row in
            let indent = String(repeating: "  ", count: row.depth)
            switch row.kind {
            case .group(_, let expanded):
                return [Span(indent + (expanded ? "▾ " : "▸ ") + row.title, .bold)]
            case .spec(let spec) where spec.error != nil:
                return Self.brokenRow(spec, indent: indent, title: row.title)
            case .spec(let spec):
                let marker = spec.id == selectedID ? "●" : " "
                var spans = [
                    Span(indent + marker, Style(foreground: .cyan)),
                    Span(
                        spec.method.uppercased().padding(toLength: 7, withPad: " ", startingAt: 0),
                        Styles.method(spec.method)),
                    Span(row.title, spec.id == selectedID ? .bold : .plain),
                ]
                if unsaved.contains(spec.id) { spans.append(Span("*", Style(foreground: .yellow, attributes: .bold))) }
                spans.append(Span(" " + spec.path, .dim))
                return spans
            case .graphQLTarget, .graphQLField:
                return Self.graphQLRow(row, indent: indent, selected: selectedID)
            case .graphQLMember, .graphQLArgument:
                return GraphQLBuilder.spans(row, indent: indent)
            default:
                return Self.grpcRow(row, indent: indent, selected: selectedID)
            }
        }
        ListView(window: listRows, from: window.lowerBound, of: rows.count, selected: selected, focused: focused)
            .draw(in: inner, on: &buffer)
    }

    /// A gRPC target's row (`▾ svc  gRPC`), a service's, a method's (a glyph for how it streams, its name,
    /// then how it streams in words when it does), or a note about the target's services.
    static func grpcRow(_ row: TreeRow, indent: String, selected: String?) -> [Span] {
        switch row.kind {
        case .grpcTarget(_, let expanded):
            return [Span(indent + (expanded ? "▾ " : "▸ ") + row.title, .bold), Span("  gRPC", .dim)]
        case .grpcService(_, let name, let expanded):
            // The package, dimmed after the service's own name.
            let prefix = String(name.dropLast(row.title.count + 1))
            return [Span(indent + (expanded ? "▾ " : "▸ ") + row.title, .bold), Span(" " + prefix, .dim)]
        case .grpcMethod(let target, let method):
            let open = selected == "new:\(target)/\(method.path)"
            var spans = [
                Span(indent + (open ? "●" : " "), Style(foreground: .cyan)),
                Span(Self.glyph(method) + " ", Styles.method("GRPC")), Span(row.title, open ? .bold : .plain),
            ]
            if method.kind != "unary" { spans.append(Span(" " + method.kind, .dim)) }
            return spans
        case .note(let text, let isError):
            return [Span(indent + "  " + text, isError ? Style(foreground: .red) : .dim)]
        default:
            return []
        }
    }

    /// How a method streams, in one column: `·` unary, `⇣` server streaming, `⇡` client streaming, `⇅` both.
    static func glyph(_ method: GRPCCatalog.Method) -> String {
        switch (method.clientStreaming, method.serverStreaming) {
        case (false, false): "·"
        case (false, true): "⇣"
        case (true, false): "⇡"
        case (true, true): "⇅"
        }
    }

    /// A spec file that could not be loaded: a red `!` where the method goes, its name in red and its error
    /// (without the file's path, which the row already names); Enter shows the whole error on the status line.
    static func brokenRow(_ spec: SpecSummary, indent: String, title: String) -> [Span] {
        let red = Style(foreground: .red, attributes: .bold)
        var message = spec.error ?? ""
        // `path:line:column: message` → `line:column: message`.
        if let range = message.range(of: #"^.*?\.yaml:"#, options: .regularExpression) {
            message.removeSubrange(range)
        }
        return [
            Span(indent + " ", .plain), Span("!".padding(toLength: 7, withPad: " ", startingAt: 0), red),
            Span(title, Style(foreground: .red)), Span(" " + message, Style(foreground: .red, attributes: .dim)),
        ]
    }
}
