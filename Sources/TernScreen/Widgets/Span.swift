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

extension Array where Element == Span {
    /// The spans that fit in `width` columns whole, in order: one that does not fit is left out (a figure is
    /// never cut in its middle) and a later, shorter one may still take the room. The first span is kept
    /// whatever its width (it is clipped when drawn).
    package func fitting(_ width: Int) -> [Span] {
        var kept: [Span] = []
        var used = 0
        for (index, span) in enumerated() {
            let columns = CellWidth.of(span.text)
            guard index == 0 || used + columns <= width else { continue }
            kept.append(span)
            used += columns
        }
        return kept
    }
}
