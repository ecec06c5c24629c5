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

    /// `spans` cut into rows of at most `width` columns (at least one row, styles kept).
    package static func wrap(_ spans: [Span], width: Int) -> [[Span]] {
        var rows: [[Span]] = [[]]
        var used = 0
        for span in spans {
            var rest = Substring(span.text)
            while !rest.isEmpty {
                if used == width {
                    rows.append([])
                    used = 0
                }
                var piece = CellWidth.prefix(rest, fitting: width - used)
                // A character wider than the room left starts the next row (or fills one alone).
                if piece.isEmpty {
                    if used > 0 {
                        rows.append([])
                        used = 0
                        continue
                    }
                    piece = rest.prefix(1)
                }
                rows[rows.count - 1].append(Span(String(piece), span.style))
                used += CellWidth.of(piece)
                rest = rest.dropFirst(piece.count)
            }
        }
        return rows
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
