package import TernScreen

/// The `/` search over the response body: the query typed on the tab row, then, once Enter runs it
/// off the UI task, its matching lines and the current one (`n`/`N` move it).
package struct SearchState: Sendable, Hashable {
    package var field = TextField()
    /// Whether the query is still being typed.
    package var editing = true
    package var query = ""
    /// Lines that contain the query, in order.
    package var matches: [Int] = []
    package var current = 0
    /// Whether a search is running off the UI task.
    package var running = false
    /// Whether the search is still open (Esc, or Enter on nothing, closes it).
    package var isOpen = true
}

extension SearchState: Component {
    /// A key while the query is typed: Enter runs it, Esc (or Enter on nothing) closes the search,
    /// any other key edits the query.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        switch key {
        case .escape:
            isOpen = false
        case .enter:
            guard !field.text.isEmpty else {
                isOpen = false
                return Reply()
            }
            editing = false
            query = field.text
            running = true
            return Reply([.search(query)])
        default:
            _ = field.handle(key)
        }
        return Reply()
    }

    /// Draws the search at the right end of the tab row `rect`: the query being typed, else the
    /// query with where the search is (running, no match, the current match of how many).
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let label = editing ? "/" : "/\(query) "
        let info =
            editing
            ? ""
            : running
                ? "searching…"
                : matches.isEmpty ? "no match" : "\(current + 1)/\(matches.count)"
        let width = min(36, rect.width / 2)
        let area = Rect(x: rect.maxX - width, y: rect.y, width: width, height: 1)
        buffer.fill(area)
        let written = buffer.write(label, x: area.x, y: area.y, style: .bold, maxWidth: area.width)
        if editing {
            field.draw(in: Rect(x: area.x + written, y: area.y, width: area.width - written, height: 1), on: &buffer)
        } else {
            buffer.write(info, x: area.x + written, y: area.y, style: .dim, maxWidth: area.width - written)
        }
    }
}
