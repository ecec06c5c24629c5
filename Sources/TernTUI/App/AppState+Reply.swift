import TernScreen

/// A component's reply, carried out on the app: its status and dialog shown, its event acted on.
extension AppState {
    /// Applies what a component replied and returns the effects to run.
    mutating func apply(_ reply: Reply) -> [Effect] {
        if let status = reply.status { self.status = status }
        if let dialog = reply.dialog { self.dialog = dialog }
        var effects = reply.effects
        switch reply.event {
        case nil:
            break
        case .showResponse(let view):
            effects += apply(responsePane.show(view, now: now))
            App.focus(.response, &self)
        case .send(let id):
            App.focus(.response, &self)
            effects += App.send(id, &self)
        case .run(let target):
            effects += App.startRun(target, &self)
        case .compose(let text):
            commandLine = CommandLineInput(text, history: commandHistory)
        case .choose(let item, let purpose):
            effects += App.choose(item, for: purpose, &self)
        case .secretEntered(let resend):
            secretResend = resend
        case .prompt(let prompt):
            requestEditor.prompt = prompt
        case .edited, .submitted, .cancelled:
            // A typed line's own events: the pane that owns the line interprets them (the `:` line's
            // are `App.commandKey`'s), and none comes this far.
            break
        }
        return effects
    }

    /// The context a component of the frame gets: the shared values, its focus and page.
    func context(focused: Bool, page: Int) -> ComponentContext {
        ComponentContext(snapshot: snapshot, keys: keys, now: now, timeZone: timeZone, focused: focused, page: page)
    }

    /// The context of a view over the frame (history, run results, cookies): focused, a page of its rows.
    var viewContext: ComponentContext { context(focused: true, page: max(1, size.height - 8)) }

    /// The context of a picker: focused, ten items a page.
    var pickerContext: ComponentContext { context(focused: true, page: 10) }
}
