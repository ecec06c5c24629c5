/// Text with virtual scrolling: only the visible lines are asked for, so a million-line body
/// costs no more to draw than a short one.
package struct TextView {
    package var lineCount: Int
    package var top: Int
    package var left: Int
    package var line: (Int) -> [Span]
    /// Whether a line longer than the view goes on on the next rows (else it is cut, `left` scrolling it).
    package var wraps = false

    package init(lineCount: Int, top: Int, left: Int = 0, line: @escaping (Int) -> [Span]) {
        self.lineCount = lineCount
        self.top = top
        self.left = left
        self.line = line
    }

    package func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        let width = rect.width - 1
        var row = 0
        var index = max(0, top)
        while row < rect.height, index < lineCount {
            var spans = line(index)
            index += 1
            if wraps, width > 0 {
                for piece in Self.wrap(spans, width: width) where row < rect.height {
                    buffer.write(piece, x: rect.x, y: rect.y + row, maxWidth: width)
                    row += 1
                }
                continue
            }
            if left > 0 { spans = Self.dropColumns(left, from: spans) }
            buffer.write(spans, x: rect.x, y: rect.y + row, maxWidth: width)
            row += 1
        }
        ScrollIndicator(position: top, visible: rect.height, total: lineCount)
            .draw(in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), on: &buffer)
    }

    /// `spans` cut into rows of at most `width` columns (at least one row, styles kept). A row breaks
    /// after the last space that fits, as a reader expects (a space right where a full row ends is not
    /// carried to the next); a word longer than the row is cut where the row ends.
    package static func wrap(_ spans: [Span], width: Int) -> [[Span]] {
        let width = max(1, width)
        let cells = spans.flatMap { span in span.text.map { (character: $0, style: span.style) } }
        var rows: [[Span]] = []
        var start = 0
        while start < cells.count {
            // The longest run from `start` that fits; a character wider than a whole row stands alone.
            var end = start
            var used = 0
            while end < cells.count, used + CellWidth.of(cells[end].character) <= width {
                used += CellWidth.of(cells[end].character)
                end += 1
            }
            if end == start { end = start + 1 }
            if end < cells.count, cells[end].character != " ",
                let space = cells[start..<end].lastIndex(where: { $0.character == " " }), space > start
            {
                end = space + 1
            }
            rows.append(Self.spans(cells[start..<end]))
            // A space where a full row ends is the break itself: the next row does not start with it.
            start = end < cells.count && cells[end].character == " " && used == width ? end + 1 : end
        }
        return rows.isEmpty ? [[]] : rows
    }

    /// Consecutive cells of one style as one span each.
    private static func spans(_ cells: ArraySlice<(character: Character, style: Style)>) -> [Span] {
        var result: [Span] = []
        for cell in cells {
            if let last = result.last, last.style == cell.style {
                result[result.count - 1].text.append(cell.character)
            } else {
                result.append(Span(String(cell.character), cell.style))
            }
        }
        return result
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
