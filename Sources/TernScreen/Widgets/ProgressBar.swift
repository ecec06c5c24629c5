/// A horizontal bar filled to `fraction` (unknown totals show a moving block).
package struct ProgressBar: Sendable {
    package var fraction: Double?

    package init(fraction: Double?) {
        self.fraction = fraction
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer, style: Style = Style(foreground: .green)) {
        guard rect.width > 0 else { return }
        guard let fraction else {
            buffer.write(String(repeating: "░", count: rect.width), x: rect.x, y: rect.y, style: .dim)
            return
        }
        let filled = Int(exactly: (min(1, max(0, fraction)) * Double(rect.width)).rounded(.down)) ?? 0
        buffer.write(String(repeating: "█", count: filled), x: rect.x, y: rect.y, style: style)
        buffer.write(String(repeating: "░", count: rect.width - filled), x: rect.x + filled, y: rect.y, style: .dim)
    }
}
