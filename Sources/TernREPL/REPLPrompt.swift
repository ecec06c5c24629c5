import Tern
import TernExplorer

/// The prompt: workspace, environment, mode and the selected spec (`*` marks unsaved edits).
///
/// `Demo (local, normal) users/get-user*> `
struct REPLPrompt: Sendable, Equatable {
    var workspace: String
    var environment: String?
    var mode: String
    var selected: String?
    var unsaved: Bool

    /// The prompt text; colour escapes are wrapped in libedit's ignore markers (\1 … \2) so that
    /// they take no columns.
    func text(_ style: ANSIStyle) -> String {
        func paint(_ text: String, _ painter: (String) -> String) -> String {
            style.enabled ? Self.markingEscapes(painter(text)) : text
        }
        var prompt = paint(workspace, style.bold)
        prompt += " (" + paint(environment ?? "no environment", style.cyan) + ", " + paint(mode, style.magenta) + ")"
        if let selected { prompt += " " + paint(selected, style.green) + (unsaved ? paint("*", style.yellow) : "") }
        return prompt + "> "
    }

    /// `text` with every `ESC [ … m` sequence between \1 and \2.
    static func markingEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if character == "\u{1B}" {
                result.append("\u{1}")
                inEscape = true
            }
            result.append(character)
            if inEscape, character == "m" {
                result.append("\u{2}")
                inEscape = false
            }
        }
        return result
    }
}

extension REPLPrompt {
    /// The prompt of the session as `snapshot` shows it.
    init(_ snapshot: ExplorerSnapshot) {
        let selected = snapshot.selected?.id
        self.init(
            workspace: snapshot.workspaceName, environment: snapshot.environment, mode: snapshot.mode.rawValue,
            selected: selected, unsaved: selected.map(snapshot.unsaved.contains) ?? false)
    }
}
