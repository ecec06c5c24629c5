import Foundation
package import TernScreen

/// The `f` filter line: a JSONPath over the response's JSON body, typed above the body, whose
/// matches replace the body once Enter has run it off the UI task.
package struct FilterState: Sendable, Hashable {
    package var field = TextField()
    /// Whether the expression is still being typed.
    package var editing = true
    /// The expression applied (or being applied).
    package var expression = ""
    /// Each selected node as compact JSON; `nil` until the filter has run.
    package var matches: [String]?
    /// Whether the filter is running off the UI task.
    package var running = false
    /// Whether the filter is still open (Esc, or Enter on nothing, closes it).
    package var isOpen = true
}

extension FilterState: Component {
    /// A key while the expression is typed: Enter runs it off the UI task, Esc cancels the filter
    /// (the pane shows the whole body from its top), Enter on nothing closes it, any other key edits it.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        switch key {
        case .escape:
            isOpen = false
            return Reply(event: .cancelled)
        case .enter:
            let typed = field.text.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else {
                isOpen = false
                return Reply()
            }
            editing = false
            expression = typed
            running = true
            return Reply([.filterBody(typed)])
        default:
            _ = field.handle(key)
        }
        return Reply()
    }

    /// Draws the line in `rect`'s first row: the expression being typed, or the one applied with
    /// its match count.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let line = rect.top(1)
        buffer.fill(line, with: Cell(" ", style: Style(attributes: .reverse)))
        let label = "JSONPath "
        let written = buffer.write(label, x: line.x, y: line.y, style: Style(attributes: [.bold, .reverse]))
        let rest = Rect(x: line.x + written, y: line.y, width: max(0, line.width - written), height: 1)
        if editing {
            field.draw(in: rest, on: &buffer, style: Style(attributes: .reverse))
            return
        }
        let count = matches?.count ?? 0
        let info =
            running ? "filtering…" : (count == 1 ? "1 match" : "\(count) matches") + " · Esc shows the whole body"
        buffer.write(
            [
                Span(expression + "   ", Style(attributes: .reverse)),
                Span(info, Style(attributes: [.dim, .reverse])),
            ],
            x: rest.x, y: rest.y, maxWidth: rest.width)
    }
}
