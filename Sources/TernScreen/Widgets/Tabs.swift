/// A row of tab titles with the selected one highlighted.
package struct Tabs: Sendable {
    package var titles: [String]
    package var selected: Int

    package init(titles: [String], selected: Int) {
        self.titles = titles
        self.selected = selected
    }

    /// The tab drawn at `column` columns from the row's start, if any (each title takes its width
    /// and two spaces around it, then one space before the next).
    package static func index(of titles: [String], atColumn column: Int) -> Int? {
        var x = 0
        for (index, title) in titles.enumerated() {
            let width = CellWidth.of(title) + 2
            if column >= x, column < x + width { return index }
            x += width + 1
        }
        return nil
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        var x = rect.x
        for (index, title) in titles.enumerated() {
            let style = index == selected ? Style(foreground: .cyan, attributes: [.bold, .reverse]) : Style.dim
            x += buffer.write(" \(title) ", x: x, y: rect.y, style: style, maxWidth: rect.maxX - x)
            x += buffer.write(" ", x: x, y: rect.y, maxWidth: rect.maxX - x)
        }
    }
}
