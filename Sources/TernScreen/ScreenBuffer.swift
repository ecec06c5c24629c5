/// One terminal cell: a grapheme cluster (a base character and its combining marks) and its style.
/// A wide character occupies its cell and the next, which holds a `continuation` cell.
package struct Cell: Sendable, Hashable {
    /// The text drawn in the cell; empty for the right half of a wide character.
    package var text: String
    package var style: Style

    package init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    package static let blank = Cell()
    static let continuation = Cell("")

    /// Whether this is the right half of a wide character.
    package var isContinuation: Bool { text.isEmpty }
}

/// A cell that changed between two frames, as a terminal must write it.
package struct CellChange: Sendable, Hashable {
    package var x: Int
    package var y: Int
    package var cell: Cell
}

/// A frame: a grid of cells the view draws into and the terminal presents. Drawing is clipped to
/// the buffer (and to an optional clip rectangle), never traps on out-of-range coordinates.
package struct ScreenBuffer: Sendable, Equatable {
    package let size: Size
    private var cells: [Cell]
    /// Where drawing lands; outside it nothing is written.
    package var clip: Rect

    package init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
        clip = Rect(size)
    }

    package var width: Int { size.width }
    package var height: Int { size.height }
    package var bounds: Rect { Rect(size) }

    /// The cell at (x, y); blank outside the buffer.
    package subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    private func visible(_ x: Int, _ y: Int) -> Bool {
        x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY && x >= 0 && y >= 0 && x < size.width
            && y < size.height
    }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        guard visible(x, y) else { return }
        let index = y * size.width + x
        // Overwriting half of a wide character blanks its other half.
        if cells[index].isContinuation, x > 0, !cell.isContinuation {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        } else if x + 1 < size.width, cells[index + 1].isContinuation, !cell.isContinuation, CellWidth.of(cell.text) < 2
        {
            cells[index + 1] = Cell(" ", style: cells[index].style)
        }
        cells[index] = cell
    }

    /// Writes `text` from (x, y) on one line, at most `maxWidth` columns (default: to the clip's
    /// edge). Control characters show as `?`; a wide character that does not fit is left out.
    /// Returns the columns written.
    @discardableResult
    package mutating func write(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
    ) -> Int {
        guard y >= clip.y, y < clip.maxY else { return 0 }
        let limit = min(maxWidth ?? Int.max, clip.maxX - x)
        guard limit > 0 else { return 0 }
        var column = 0
        var lastX: Int?
        for character in text {
            var shown = character
            var width = CellWidth.of(character)
            if let scalar = character.unicodeScalars.first, scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
            {
                shown = "?"
                width = 1
            }
            if width == 0 {
                // A mark Swift did not join to a base character (the text starts with it): it joins
                // the previous cell written here, or is dropped.
                if let last = lastX, visible(last, y) {
                    cells[y * size.width + last].text.append(shown)
                }
                continue
            }
            if column + width > limit { break }
            set(x + column, y, Cell(String(shown), style: style))
            if width == 2 { set(x + column + 1, y, .continuation) }
            lastX = x + column
            column += width
        }
        return column
    }

    /// Fills `rect` with `cell`.
    package mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        for y in rect.y..<max(rect.y, rect.maxY) {
            for x in rect.x..<max(rect.x, rect.maxX) { set(x, y, cell) }
        }
    }

    /// Applies `style` to the cells of `rect`, keeping their text.
    package mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        for y in rect.y..<max(rect.y, rect.maxY) {
            for x in rect.x..<max(rect.x, rect.maxX) where visible(x, y) {
                change(&cells[y * size.width + x].style)
            }
        }
    }

    /// Runs `body` with drawing clipped to `rect` (inside the current clip).
    package mutating func clipped(to rect: Rect, _ body: (inout ScreenBuffer) -> Void) {
        let saved = clip
        let x0 = max(saved.x, rect.x)
        let y0 = max(saved.y, rect.y)
        clip = Rect(x: x0, y: y0, width: min(saved.maxX, rect.maxX) - x0, height: min(saved.maxY, rect.maxY) - y0)
        body(&self)
        clip = saved
    }

    /// The cells that differ from `previous` (every cell when the sizes differ).
    package func changes(since previous: ScreenBuffer?) -> [CellChange] {
        var result: [CellChange] = []
        let same = previous?.size == size
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = cells[y * size.width + x]
                if same, let previous, previous.cells[y * size.width + x] == cell { continue }
                result.append(CellChange(x: x, y: y, cell: cell))
            }
        }
        return result
    }

    /// Row `y` as text (wide characters once, trailing spaces kept).
    package func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        for x in 0..<size.width {
            let cell = cells[y * size.width + x]
            if !cell.isContinuation { text += cell.text }
        }
        return text
    }

    /// The frame as text, one line per row, trailing spaces trimmed: what snapshot tests compare.
    package var text: String {
        (0..<size.height).map { y in
            var line = self.line(y)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Whether some row contains `text`.
    package func contains(_ text: String) -> Bool {
        find(text) != nil
    }

    /// The first position of `text`, if drawn.
    package func find(_ text: String) -> (x: Int, y: Int)? {
        let needle = Array(text)
        guard !needle.isEmpty else { return nil }
        for y in 0..<size.height {
            let row = Array(line(y))
            guard row.count >= needle.count else { continue }
            for start in 0...(row.count - needle.count) where Array(row[start..<start + needle.count]) == needle {
                return (CellWidth.of(String(row[0..<start])), y)
            }
        }
        return nil
    }
}

extension ScreenBuffer: CustomStringConvertible, CustomDebugStringConvertible {
    /// The frame's text (what test failures print).
    package var description: String { "\(size):\n" + text }
    package var debugDescription: String { description }
}
