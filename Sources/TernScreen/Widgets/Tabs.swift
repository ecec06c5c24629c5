/// A row of tab titles with the selected one highlighted.
package struct Tabs: Sendable {
    package var titles: [String]
    package var selected: Int

    package init(titles: [String], selected: Int) {
        self.titles = titles
        self.selected = selected
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
