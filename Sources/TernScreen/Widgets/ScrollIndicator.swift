/// A one-column scrollbar thumb.
package struct ScrollIndicator: Sendable {
    package var position: Int
    package var visible: Int
    package var total: Int

    package init(position: Int, visible: Int, total: Int) {
        self.position = position
        self.visible = visible
        self.total = total
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        guard total > visible, rect.height > 0 else { return }
        let thumb = max(1, rect.height * visible / total)
        let scaled = (Double(position) / Double(max(1, total - visible)) * Double(rect.height - thumb)).rounded(.down)
        let start = min(rect.height - thumb, Int(exactly: scaled) ?? 0)
        for row in 0..<rect.height {
            buffer.write(row >= start && row < start + thumb ? "┃" : "│", x: rect.x, y: rect.y + row, style: .dim)
        }
    }
}
