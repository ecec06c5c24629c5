/// Text with virtual scrolling: only the visible lines are asked for, so a million-line body
/// costs no more to draw than a short one.
package struct TextView {
    package var lineCount: Int
    package var top: Int
    package var left: Int
    package var line: (Int) -> [Span]

    package init(lineCount: Int, top: Int, left: Int = 0, line: @escaping (Int) -> [Span]) {
        self.lineCount = lineCount
        self.top = top
        self.left = left
        self.line = line
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        for row in 0..<rect.height {
            let index = top + row
            guard index >= 0, index < lineCount else { break }
            var spans = line(index)
            if left > 0 { spans = Self.dropColumns(left, from: spans) }
            buffer.write(spans, x: rect.x, y: rect.y + row, maxWidth: rect.width - 1)
        }
        ScrollIndicator(position: top, visible: rect.height, total: lineCount)
            .draw(in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), on: &buffer)
    }

    static func dropColumns(_ count: Int, from spans: [Span]) -> [Span] {
        var left = count
        var result: [Span] = []
        for span in spans {
            if left <= 0 {
                result.append(span)
                continue
            }
            let width = CellWidth.of(span.text)
            if width <= left {
                left -= width
                continue
            }
            let kept = span.text.dropFirst(CellWidth.prefix(span.text, fitting: left).count)
            result.append(Span(String(kept), span.style))
            left = 0
        }
        return result
    }
}
