/// A bordered box with a title; the content goes in `inner`.
package struct Box: Sendable {
    package var title: String
    package var focused: Bool
    package var trailing: String

    package init(title: String, focused: Bool = false, trailing: String = "") {
        self.title = title
        self.focused = focused
        self.trailing = trailing
    }

    /// The area inside the border.
    package static func inner(_ rect: Rect) -> Rect { rect.inset(by: 1) }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let line = focused ? Style(foreground: .cyan, attributes: .bold) : Style.dim
        let (h, v) = focused ? ("━", "┃") : ("─", "│")
        let corners = focused ? ["┏", "┓", "┗", "┛"] : ["┌", "┐", "└", "┘"]
        buffer.write(
            corners[0] + String(repeating: h, count: rect.width - 2) + corners[1], x: rect.x, y: rect.y, style: line)
        for y in rect.y + 1..<rect.maxY - 1 {
            buffer.write(v, x: rect.x, y: y, style: line)
            buffer.write(v, x: rect.maxX - 1, y: y, style: line)
        }
        buffer.write(
            corners[2] + String(repeating: h, count: rect.width - 2) + corners[3], x: rect.x, y: rect.maxY - 1,
            style: line)
        let titleStyle = focused ? Style(foreground: .cyan, attributes: [.bold, .reverse]) : Style.bold
        let written = buffer.write(" \(title) ", x: rect.x + 2, y: rect.y, style: titleStyle, maxWidth: rect.width - 4)
        if !trailing.isEmpty {
            let width = CellWidth.of(trailing) + 2
            let x = rect.maxX - 2 - width
            if x > rect.x + 2 + written { buffer.write(" \(trailing) ", x: x, y: rect.y, style: line) }
        }
    }
}
