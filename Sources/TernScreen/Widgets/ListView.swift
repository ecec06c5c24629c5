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
    /// When `rows` are only the rows shown: the index of the first in the whole list, and the list's length.
    private var window: (first: Int, total: Int)?

    package init(rows: [[Span]], selected: Int?, offset: Int = 0, focused: Bool = true) {
        self.rows = rows
        self.selected = selected
        self.offset = offset
        self.focused = focused
    }

    /// A list of `total` rows of which `rows` are those shown, from `first` (`ListView.window`): a long list's
    /// owner makes only the rows a frame draws.
    package init(window rows: [[Span]], from first: Int, of total: Int, selected: Int?, focused: Bool = true) {
        self.init(rows: rows, selected: selected, focused: focused)
        window = (first, total)
    }

    /// The rows of a `count`-row list that a `visible`-row rect shows with `selected` kept in view.
    package static func window(selected: Int?, offset: Int = 0, visible: Int, count: Int) -> Range<Int> {
        let top = scrollOffset(selected: selected ?? 0, offset: offset, visible: visible, count: count)
        return top..<min(count, top + max(0, visible))
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        let first = window?.first ?? 0
        let total = window?.total ?? rows.count
        let top =
            window == nil
            ? scrollOffset(selected: selected ?? 0, offset: offset, visible: rect.height, count: total) : first
        for row in 0..<rect.height {
            let index = top + row
            guard index < total, index - first < rows.count else { break }
            buffer.write(rows[index - first], x: rect.x, y: rect.y + row, maxWidth: rect.width)
            if index == selected {
                let line = Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1)
                buffer.restyle(line) { $0.attributes.insert(focused ? .reverse : .underline) }
            }
        }
        if total > rect.height, rect.width > 0 {
            ScrollIndicator(position: top, visible: rect.height, total: total)
                .draw(in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), on: &buffer)
        }
    }
}
