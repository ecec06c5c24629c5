package import Tern

/// What an explorer session reports while it works: the handler's timeline, and its own state changes.
package enum ExplorerEvent: Sendable {
    /// An attempt, retry, cache decision, progress report, response or failure.
    case handler(HandlerEvent)
    /// The mode, environment, selection or edits changed.
    case stateChanged
    /// A load run's figures so far (about once a second while `load` runs).
    case loadProgress(LoadFigures)
    /// Files of the workspace changed on disk and were read again (or could not be: `failure`).
    case reloaded(ReloadOutcome)
    /// An OAuth 2.0 sign-in needs the user (open a URL, enter a code) or has finished.
    case authorization(OAuth2Prompt)
}
