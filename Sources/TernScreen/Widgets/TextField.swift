/// A one-line text input with a cursor (a character index), scrolled horizontally to keep the
/// cursor visible.
package struct TextField: Sendable, Hashable {
    package var text: String
    package var cursor: Int

    package init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Applies an editing key; returns false for keys it does not handle.
    package mutating func handle(_ key: Key) -> Bool {
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
    package func draw(in rect: Rect, on buffer: inout ScreenBuffer, style: Style = .plain, showsCursor: Bool = true)
        -> Int
    {
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
