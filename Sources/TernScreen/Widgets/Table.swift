/// A table with a header row, fixed column widths (the last takes the rest) and a selection.
package struct Table: Sendable {
    package struct Row: Sendable {
        package var cells: [String]
        package var style: Style
        package init(_ cells: [String], style: Style = .plain) {
            self.cells = cells
            self.style = style
        }
    }

    package var columns: [(title: String, width: Int)]
    package var rows: [Row]
    package var selected: Int?
    package var offset: Int
    package var focused: Bool
    package var emptyText: String
    /// Whether the selected row is highlighted (it is kept in view either way).
    package var showsSelection: Bool

    package init(
        columns: [(title: String, width: Int)], rows: [Row], selected: Int?, offset: Int = 0, focused: Bool = true,
        emptyText: String = "(empty)", showsSelection: Bool = true
    ) {
        self.showsSelection = showsSelection
        self.columns = columns
        self.rows = rows
        self.selected = selected
        self.offset = offset
        self.focused = focused
        self.emptyText = emptyText
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        guard rect.height > 0 else { return }
        write(columns.map(\.title), y: rect.y, rect: rect, style: Style(attributes: [.bold, .underline]))
        let body = rect.droppingTop(1)
        if rows.isEmpty {
            // Wrapped at spaces, never cut mid-word while there is a row for the rest.
            for (index, line) in Wrap.rows(emptyText, width: body.width).prefix(body.height).enumerated() {
                buffer.write(line, x: body.x, y: body.y + index, style: .dim, maxWidth: body.width)
            }
            return
        }
        let top = scrollOffset(selected: selected ?? 0, offset: offset, visible: body.height, count: rows.count)
        for line in 0..<body.height {
            let index = top + line
            guard index < rows.count else { break }
            write(rows[index].cells, y: body.y + line, rect: body, style: rows[index].style)
            if index == selected, showsSelection {
                buffer.restyle(Rect(x: body.x, y: body.y + line, width: body.width, height: 1)) {
                    $0.attributes.insert(focused ? .reverse : .underline)
                }
            }
        }

        func write(_ cells: [String], y: Int, rect: Rect, style: Style) {
            var x = rect.x
            for (index, column) in columns.enumerated() {
                let last = index == columns.count - 1
                let width = last ? rect.maxX - x : min(column.width, rect.maxX - x)
                guard width > 0 else { break }
                let text = index < cells.count ? cells[index] : ""
                buffer.write(
                    CellWidth.truncate(text, to: last ? width : width - 1), x: x, y: y, style: style, maxWidth: width)
                x += width
            }
        }
    }
}
