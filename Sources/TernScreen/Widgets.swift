/// A run of text in one style.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension ScreenBuffer {
    /// Writes spans from (x, y), clipped to `maxWidth`; returns the columns written.
    @discardableResult
    public mutating func write(_ spans: [Span], x: Int, y: Int, maxWidth: Int) -> Int {
        var column = 0
        for span in spans where column < maxWidth {
            column += write(span.text, x: x + column, y: y, style: span.style, maxWidth: maxWidth - column)
        }
        return column
    }
}

/// A bordered box with a title; the content goes in `inner`.
public struct Box: Sendable {
    public var title: String
    public var focused: Bool
    public var trailing: String

    public init(title: String, focused: Bool = false, trailing: String = "") {
        self.title = title
        self.focused = focused
        self.trailing = trailing
    }

    /// The area inside the border.
    public static func inner(_ rect: Rect) -> Rect { rect.inset(by: 1) }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let line = focused ? Style(foreground: .cyan, attributes: .bold) : Style.dim
        let (h, v) = focused ? ("━", "┃") : ("─", "│")
        let corners = focused ? ["┏", "┓", "┗", "┛"] : ["┌", "┐", "└", "┘"]
        buffer.write(corners[0] + String(repeating: h, count: rect.width - 2) + corners[1], x: rect.x, y: rect.y, style: line)
        for y in rect.y + 1..<rect.maxY - 1 {
            buffer.write(v, x: rect.x, y: y, style: line)
            buffer.write(v, x: rect.maxX - 1, y: y, style: line)
        }
        buffer.write(corners[2] + String(repeating: h, count: rect.width - 2) + corners[3], x: rect.x, y: rect.maxY - 1, style: line)
        let titleStyle = focused ? Style(foreground: .cyan, attributes: [.bold, .reverse]) : Style.bold
        let written = buffer.write(" \(title) ", x: rect.x + 2, y: rect.y, style: titleStyle, maxWidth: rect.width - 4)
        if !trailing.isEmpty {
            let width = CellWidth.of(trailing) + 2
            let x = rect.maxX - 2 - width
            if x > rect.x + 2 + written { buffer.write(" \(trailing) ", x: x, y: rect.y, style: line) }
        }
    }
}

/// Keeps a selected row visible: the first row to show in a window of `visible` rows.
public func scrollOffset(selected: Int, offset: Int, visible: Int, count: Int) -> Int {
    guard visible > 0, count > visible else { return 0 }
    var top = offset
    if selected < top { top = selected }
    if selected >= top + visible { top = selected - visible + 1 }
    return min(max(0, top), count - visible)
}

/// A vertical list of rows with a highlighted selection, scrolled to keep it visible.
public struct ListView: Sendable {
    public var rows: [[Span]]
    public var selected: Int?
    public var offset: Int
    public var focused: Bool

    public init(rows: [[Span]], selected: Int?, offset: Int = 0, focused: Bool = true) {
        self.rows = rows
        self.selected = selected
        self.offset = offset
        self.focused = focused
    }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        let top = scrollOffset(selected: selected ?? 0, offset: offset, visible: rect.height, count: rows.count)
        for row in 0..<rect.height {
            let index = top + row
            guard index < rows.count else { break }
            buffer.write(rows[index], x: rect.x, y: rect.y + row, maxWidth: rect.width)
            if index == selected {
                let line = Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1)
                buffer.restyle(line) { $0.attributes.insert(focused ? .reverse : .underline) }
            }
        }
        if rows.count > rect.height, rect.width > 0 {
            ScrollIndicator(position: top, visible: rect.height, total: rows.count)
                .draw(in: Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), on: &buffer)
        }
    }
}

/// A one-column scrollbar thumb.
public struct ScrollIndicator: Sendable {
    public var position: Int
    public var visible: Int
    public var total: Int

    public init(position: Int, visible: Int, total: Int) {
        self.position = position
        self.visible = visible
        self.total = total
    }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        guard total > visible, rect.height > 0 else { return }
        let thumb = max(1, rect.height * visible / total)
        let scaled = (Double(position) / Double(max(1, total - visible)) * Double(rect.height - thumb)).rounded(.down)
        let start = min(rect.height - thumb, Int(exactly: scaled) ?? 0)
        for row in 0..<rect.height {
            buffer.write(row >= start && row < start + thumb ? "┃" : "│", x: rect.x, y: rect.y + row, style: .dim)
        }
    }
}

/// A row of tab titles with the selected one highlighted.
public struct Tabs: Sendable {
    public var titles: [String]
    public var selected: Int

    public init(titles: [String], selected: Int) {
        self.titles = titles
        self.selected = selected
    }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        var x = rect.x
        for (index, title) in titles.enumerated() {
            let style = index == selected ? Style(foreground: .cyan, attributes: [.bold, .reverse]) : Style.dim
            x += buffer.write(" \(title) ", x: x, y: rect.y, style: style, maxWidth: rect.maxX - x)
            x += buffer.write(" ", x: x, y: rect.y, maxWidth: rect.maxX - x)
        }
    }
}

/// A table with a header row, fixed column widths (the last takes the rest) and a selection.
public struct Table: Sendable {
    public struct Row: Sendable {
        public var cells: [String]
        public var style: Style
        public init(_ cells: [String], style: Style = .plain) {
            self.cells = cells
            self.style = style
        }
    }

    public var columns: [(title: String, width: Int)]
    public var rows: [Row]
    public var selected: Int?
    public var offset: Int
    public var focused: Bool
    public var emptyText: String
    /// Whether the selected row is highlighted (it is kept in view either way).
    public var showsSelection: Bool

    public init(
        columns: [(title: String, width: Int)], rows: [Row], selected: Int?, offset: Int = 0, focused: Bool = true,
        emptyText: String = "(empty)", showsSelection: Bool = true
    ) {
        self.showsSelection = showsSelection
        self.columns = columns
        self.rows = rows
        self.selected = selected
        self.offset = offset
        self.focused = focused
        self.emptyText = emptyText
    }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
        guard rect.height > 0 else { return }
        write(columns.map(\.title), y: rect.y, rect: rect, style: Style(attributes: [.bold, .underline]))
        let body = rect.droppingTop(1)
        if rows.isEmpty {
            buffer.write(emptyText, x: body.x, y: body.y, style: .dim, maxWidth: body.width)
            return
        }
        let top = scrollOffset(selected: selected ?? 0, offset: offset, visible: body.height, count: rows.count)
        for line in 0..<body.height {
            let index = top + line
            guard index < rows.count else { break }
            write(rows[index].cells, y: body.y + line, rect: body, style: rows[index].style)
            if index == selected, showsSelection {
                buffer.restyle(Rect(x: body.x, y: body.y + line, width: body.width, height: 1)) {
                    $0.attributes.insert(focused ? .reverse : .underline)
                }
            }
        }

        func write(_ cells: [String], y: Int, rect: Rect, style: Style) {
            var x = rect.x
            for (index, column) in columns.enumerated() {
                let last = index == columns.count - 1
                let width = last ? rect.maxX - x : min(column.width, rect.maxX - x)
                guard width > 0 else { break }
                let text = index < cells.count ? cells[index] : ""
                buffer.write(CellWidth.truncate(text, to: last ? width : width - 1), x: x, y: y, style: style, maxWidth: width)
                x += width
            }
        }
    }
}

/// Text with virtual scrolling: only the visible lines are asked for, so a million-line body
/// costs no more to draw than a short one.
public struct TextView {
    public var lineCount: Int
    public var top: Int
    public var left: Int
    public var line: (Int) -> [Span]

    public init(lineCount: Int, top: Int, left: Int = 0, line: @escaping (Int) -> [Span]) {
        self.lineCount = lineCount
        self.top = top
        self.left = left
        self.line = line
    }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer) {
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
            if left <= 0 { result.append(span); continue }
            let width = CellWidth.of(span.text)
            if width <= left { left -= width; continue }
            let kept = span.text.dropFirst(CellWidth.prefix(span.text, fitting: left).count)
            result.append(Span(String(kept), span.style))
            left = 0
        }
        return result
    }
}

/// A one-line text input with a cursor (a character index), scrolled horizontally to keep the
/// cursor visible.
public struct TextField: Sendable, Hashable {
    public var text: String
    public var cursor: Int

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Applies an editing key; returns false for keys it does not handle.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            text.insert(c, at: text.index(text.startIndex, offsetBy: cursor))
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .ctrl("u"):
            text.removeFirst(cursor)
            cursor = 0
        case .ctrl("k"):
            text = String(text.prefix(cursor))
        case .ctrl("w"):
            let before = text.prefix(cursor)
            let trimmed = before.reversed().drop(while: { $0 == " " }).drop(while: { $0 != " " })
            let keep = trimmed.count
            text = String(text.prefix(keep)) + text.dropFirst(cursor)
            cursor = keep
        default:
            return false
        }
        return true
    }

    /// Draws the field; returns the cursor's column.
    @discardableResult
    public func draw(in rect: Rect, on buffer: inout ScreenBuffer, style: Style = .plain, showsCursor: Bool = true) -> Int {
        guard rect.width > 0 else { return rect.x }
        let before = text.prefix(cursor)
        var start = before.startIndex
        while CellWidth.of(before[start...]) >= rect.width - 1, start < before.endIndex {
            start = before.index(after: start)
        }
        let shown = text[start...]
        buffer.write(shown, x: rect.x, y: rect.y, style: style, maxWidth: rect.width)
        let cursorX = rect.x + CellWidth.of(before[start...])
        if showsCursor {
            buffer.restyle(Rect(x: cursorX, y: rect.y, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        }
        return cursorX
    }
}

/// A horizontal bar filled to `fraction` (unknown totals show a moving block).
public struct ProgressBar: Sendable {
    public var fraction: Double?

    public init(fraction: Double?) {
        self.fraction = fraction
    }

    public func draw(in rect: Rect, on buffer: inout ScreenBuffer, style: Style = Style(foreground: .green)) {
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

/// A centred dialog over the frame: a title, lines of text, and a hint line.
public struct Modal: Sendable {
    public var title: String
    public var lines: [[Span]]
    public var hint: String

    public init(title: String, lines: [[Span]], hint: String = "") {
        self.title = title
        self.lines = lines
        self.hint = hint
    }

    public func draw(in bounds: Rect, on buffer: inout ScreenBuffer) {
        let contentWidth = max(CellWidth.of(title) + 4, CellWidth.of(hint), lines.map { $0.reduce(0) { $0 + CellWidth.of($1.text) } }.max() ?? 0)
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
