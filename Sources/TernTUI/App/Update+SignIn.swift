import Tern

extension App {
    /// The title of the window an OAuth 2.0 sign-in opens.
    static let signInTitle = "OAuth 2.0 sign-in"

    /// Shows an interactive sign-in's instructions in a window (the URL whole, so it can be copied), and
    /// closes it with a status line once the token arrived or the sign-in ended.
    static func signIn(_ prompt: OAuth2Prompt, _ state: inout AppState) {
        switch prompt {
        case .openURL, .enterCode:
            let lines = prompt.lines + ["", "The send goes on once you have signed in; Esc closes this window."]
            state.dialog = .output(title: signInTitle, lines: lines, scroll: 0)
            state.status = StatusMessage(text: "waiting for the OAuth 2.0 sign-in…", isError: false)
        case .finished(let succeeded):
            if case .output(let title, _, _) = state.dialog, title == signInTitle { state.dialog = nil }
            state.status = StatusMessage(text: prompt.lines.joined(separator: " "), isError: !succeeded)
        }
    }
}
