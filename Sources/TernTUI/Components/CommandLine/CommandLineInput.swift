import Foundation
package import TernScreen

/// The `:` command line while it is typed: Tab completes (candidates on the status line), ↑/↓ go
/// through the lines run before, Enter submits the line for the app to run, Esc (or Backspace on
/// an empty line) closes it.
package struct CommandLineInput: Sendable, Hashable {
    package var field: TextField
    /// What Tab offered last, shown on the status line until the next edit.
    package var completions: [String] = []
    /// The line of `history` shown, while ↑/↓ go through it; `nil`: the line being typed.
    package var historyIndex: Int?
    /// The lines run before, oldest first.
    package var history: [String]
    /// Whether the line is still being typed (Enter and Esc close it).
    package var isOpen = true

    /// A line starting from `text`, `history` reachable with ↑.
    package init(_ text: String = "", history: [String] = []) {
        field = TextField(text)
        self.history = history
    }
}

extension CommandLineInput: Component {
    /// A key while the line is typed; Enter on a line with words submits them.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        switch key {
        case .escape:
            isOpen = false
        case .enter:
            isOpen = false
            let text = field.text.trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? Reply() : Reply(event: .submitted(text))
        case .tab:
            let completion = Completer.complete(field.text, snapshot: context.snapshot)
            field = TextField(completion.line)
            completions = completion.candidates
        case .up, .down:
            guard !history.isEmpty else { return Reply() }
            var index = historyIndex ?? history.count
            index = key == .up ? max(0, index - 1) : index + 1
            if index >= history.count {
                historyIndex = nil
                field = TextField()
            } else {
                historyIndex = index
                field = TextField(history[index])
            }
        case .backspace where field.text.isEmpty:
            isOpen = false
        default:
            _ = field.handle(key)
            completions = []
        }
        return Reply()
    }

    /// Draws the line in `rect`'s last row (`:` and the text) and, above it on the status line, the
    /// candidates Tab offered.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        if !completions.isEmpty {
            buffer.write(
                "complete: " + completions.joined(separator: "  "), x: rect.x, y: rect.y,
                style: Style(foreground: .cyan), maxWidth: rect.width)
        }
        let bottom = rect.bottom(1)
        buffer.write(":", x: bottom.x, y: bottom.y, style: .bold)
        field.draw(in: Rect(x: bottom.x + 1, y: bottom.y, width: bottom.width - 1, height: 1), on: &buffer)
    }
}
