import TernExplorer

/// What a component's update hands back to `App.update`: the effects to run, what the app's shared
/// lines should show (the status line, a dialog over the frame) and an event only the app can act on.
struct Reply {
    /// Something a component asks of its parent: the app as a whole (the focus, another pane), or
    /// the pane whose line is typed (`edited`, `submitted`, `cancelled`: the pane interprets them).
    enum Event {
        /// Show `view` in the response pane and focus it (Enter in the run results).
        case showResponse(ResponseView)
        /// Send the spec `id` and show its answer (`s` in the history).
        case send(String)
        /// Run these specs and groups (`R` in the tree).
        case run(RunTarget)
        /// Open the command line with this text, for the user to finish (`D` in the tree).
        case compose(String)
        /// `item` was chosen in a picker for `purpose`.
        case choose(Picker.Item, Picker.Purpose)
        /// The text of a line being typed changed (the tree's filter narrows the rows as it does).
        case edited(String)
        /// A line was finished with Enter on this text (the `:` line runs it, the tree keeps its filter).
        case submitted(String)
        /// A line was closed with Esc (the tree drops its filter, the response its filtered view).
        case cancelled
        /// A secret was typed into its form: once it is kept, `resend` is sent again (`.some(nil)`:
        /// the selected spec).
        case secretEntered(resend: String??)
        /// Open this form over the frame (an argument's value in the query builder).
        case prompt(Prompt)
    }

    var effects: [Effect] = []
    /// The status line's new message; `nil` leaves it as it is.
    var status: StatusMessage?
    /// A dialog to open; `nil` opens none.
    var dialog: Dialog?
    /// What the app should do besides; `nil`: nothing.
    var event: Event?

    init(_ effects: [Effect] = [], status: StatusMessage? = nil, dialog: Dialog? = nil, event: Event? = nil) {
        self.effects = effects
        self.status = status
        self.dialog = dialog
        self.event = event
    }

    /// A reply with only an error for the status line.
    static func error(_ text: String) -> Reply {
        Reply(status: StatusMessage(text: text, isError: true))
    }
}
