import Foundation
import TernExplorer
import TernScreen

/// What happens to a body saved in `$EDITOR`: nothing when unchanged, a question when a JSON body
/// is no longer JSON, else it becomes the selected spec's body (unsaved).
extension App {
    static func bodyEdited(_ job: EditorJob, _ text: String, _ state: inout AppState) -> [Effect] {
        if BodyText.sameText(text, job.original ?? job.text) {
            state.status = StatusMessage(text: "the body is unchanged", isError: false)
            return []
        }
        if job.fileExtension == "json", !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            let error = JSONSyntaxError.check(text)
        {
            state.dialog = .invalidJSON(job: job, text: text, error: error)
            state.status = StatusMessage(text: "the JSON body is invalid at \(error)", isError: true)
            return []
        }
        return [.run(.body(.text(text)))]
    }

    /// `e` edits the text again, `t` keeps it as a text body, `Esc` (or `n`) drops the edit.
    static func invalidJSONKey(_ key: Key, job: EditorJob, text: String, _ state: inout AppState) -> [Effect] {
        switch key {
        case .character("e"), .enter:
            state.dialog = nil
            var again = job
            again.original = job.original ?? job.text
            again.text = text
            return [.openEditor(again)]
        case .character("t"):
            state.dialog = nil
            state.status = StatusMessage(text: "kept as a text body (sent as text/plain)", isError: false)
            return [.run(.body(.text(text)))]
        case .escape, .character("n"):
            state.dialog = nil
            state.status = StatusMessage(text: "edit dropped: the body is as it was", isError: false)
            return []
        default:
            return []
        }
    }

    /// The question over the frame.
    static func drawInvalidJSON(
        _ text: String, _ error: JSONSyntaxError, in bounds: Rect, on buffer: inout ScreenBuffer
    ) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let bad = lines.dropFirst(error.line - 1).first.map(String.init) ?? ""
        let pointer = String(repeating: " ", count: max(0, error.column - 1)) + "^"
        Modal(
            title: "Invalid JSON",
            lines: [
                [Span("The body saved in the editor is not JSON: ", .bold), Span("\(error).")],
                [Span("")],
                [Span(String(CellWidth.prefix(bad, fitting: 60)), Style(foreground: .yellow))],
                [Span(String(pointer.prefix(61)), Style(foreground: .red, attributes: .bold))],
                [Span("")],
                [Span("Kept as text, it is sent as text/plain.")],
            ],
            hint: "e edit again · t keep as text · Esc drop the edit"
        ).draw(in: bounds, on: &buffer)
    }
}
