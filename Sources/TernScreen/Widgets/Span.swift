/// A run of text in one style.
package struct Span: Sendable, Hashable {
    package var text: String
    package var style: Style

    package init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension ScreenBuffer {
    /// Writes spans from (x, y), clipped to `maxWidth`; returns the columns written.
    @discardableResult
    package mutating func write(_ spans: [Span], x: Int, y: Int, maxWidth: Int) -> Int {
        var column = 0
        for span in spans where column < maxWidth {
            column += write(span.text, x: x + column, y: y, style: span.style, maxWidth: maxWidth - column)
        }
        return column
    }
}
