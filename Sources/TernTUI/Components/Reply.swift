/// What a component's update hands back to `App.update`: the effects to run and what the app's
/// shared lines should show (the status line, a dialog over the frame).
struct Reply {
    var effects: [Effect] = []
    /// The status line's new message; `nil` leaves it as it is.
    var status: StatusMessage?
    /// A dialog to open; `nil` opens none.
    var dialog: Dialog?

    init(_ effects: [Effect] = [], status: StatusMessage? = nil, dialog: Dialog? = nil) {
        self.effects = effects
        self.status = status
        self.dialog = dialog
    }

    /// A reply with only an error for the status line.
    static func error(_ text: String) -> Reply {
        Reply(status: StatusMessage(text: text, isError: true))
    }
}

extension AppState {
    /// Applies what a component replied and returns its effects.
    mutating func apply(_ reply: Reply) -> [Effect] {
        if let status = reply.status { self.status = status }
        if let dialog = reply.dialog { self.dialog = dialog }
        return reply.effects
    }
}
