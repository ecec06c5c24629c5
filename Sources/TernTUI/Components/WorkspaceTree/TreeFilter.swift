package import TernScreen

/// The tree's `/` filter while it is typed: a line at the pane's foot whose text narrows the rows as
/// it changes. Enter keeps the filter, Esc drops it; ↑/↓ are not its own (they move the tree's cursor).
package struct TreeFilter: Sendable, Hashable {
    /// The text typed so far.
    package var field: TextField
    /// Whether the line is still being typed (Enter and Esc close it).
    package var isOpen = true

    /// A line starting from `text` (the filter applied, when there is one).
    package init(_ text: String = "") {
        field = TextField(text)
    }
}

extension TreeFilter: Component {
    /// Esc cancels, Enter submits the text, any other key but ↑/↓ edits it and says so.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        switch key {
        case .escape:
            isOpen = false
            return Reply(event: .cancelled)
        case .enter:
            isOpen = false
            return Reply(event: .submitted(field.text))
        case .up, .down:
            return nil
        default:
            _ = field.handle(key)
            return Reply(event: .edited(field.text))
        }
    }

    /// Draws `/` and the text typed on the first row of `rect`.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        buffer.write("/", x: rect.x, y: rect.y, style: .bold)
        field.draw(in: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 1, height: 1), on: &buffer)
    }
}
