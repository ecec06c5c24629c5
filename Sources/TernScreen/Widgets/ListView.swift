/// Keeps a selected row visible: the first row to show in a window of `visible` rows.
package func scrollOffset(selected: Int, offset: Int, visible: Int, count: Int) -> Int {
    guard visible > 0, count > visible else { return 0 }
    var top = offset
    if selected < top { top = selected }
    if selected >= top + visible { top = selected - visible + 1 }
    return min(max(0, top), count - visible)
}

/// A vertical list of rows with a highlighted selection, scrolled to keep it visible.
package struct ListView: Sendable {
    package var rows: [[Span]]
    package var selected: Int?
    package var offset: Int
    package var focused: Bool

    package init(rows: [[Span]], selected: Int?, offset: Int = 0, focused: Bool = true) {
        self.rows = rows
        self.selected = selected
        self.offset = offset
        self.focused = focused
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        let top = scrollOffset(selected: selected ?? 0, offset: offset, visible: rect.height, count: rows.count)
        for row in 0..<rect.height {
            let index = top + row
            guard index < rows.count else { break }
            buffer.write(rows[index], x: rect.x, y: rect.y + row, maxWidth: rect.width)
            if index == selected {
                let line = Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1)
                buffer.restyle(line) { $0.attributes.insert(focused ? .reverse : .underline) }
            }
        }
        if rows.count > rect.height, rect.width > 0 {
            ScrollIndicator(position: top, visible: rect.height, total: rows.count)
                .draw(in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), on: &buffer)
        }
    }
}
