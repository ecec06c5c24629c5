/// A centred dialog over the frame: a title, lines of text, and a hint line.
package struct Modal: Sendable {
    package var title: String
    package var lines: [[Span]]
    package var hint: String

    package init(title: String, lines: [[Span]], hint: String = "") {
        self.title = title
        self.lines = lines
        self.hint = hint
    }

    package func draw(in bounds: Rect, on buffer: inout ScreenBuffer) {
        let contentWidth = max(
            CellWidth.of(title) + 4, CellWidth.of(hint),
            lines.map { $0.reduce(0) { $0 + CellWidth.of($1.text) } }.max() ?? 0)
        let rect = bounds.centered(width: contentWidth + 4, height: lines.count + (hint.isEmpty ? 2 : 4))
        buffer.fill(rect)
        Box(title: title, focused: true).draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        for (index, line) in lines.enumerated() where index < inner.height {
            buffer.write(line, x: inner.x + 1, y: inner.y + index, maxWidth: inner.width - 2)
        }
        if !hint.isEmpty {
            buffer.write(hint, x: inner.x + 1, y: inner.maxY - 1, style: .dim, maxWidth: inner.width - 2)
        }
    }
}
