package import Foundation
package import Tern
package import TernExplorer
package import TernExplorerStorage
package import TernScreen

/// Everything that can happen to the app: keys, resizes, and the results of effects.
package enum Msg: Sendable {
    case key(Key)
    case resized(Size)
    /// The session changed (mode, environment, selection, edits, saved specs).
    case snapshot(ExplorerSnapshot)
    /// A handler event arrived (an attempt, retry, progress, cache decision, response).
    case handlerEvent(HandlerEvent)
    /// The retry log and transfers as the session keeps them.
    case activity(retryLog: [RetryLogEntry], transfers: [TransferRecord])
    case cacheLoaded([CacheRow])
    /// A command finished.
    case commandFinished(Command, Result<CommandOutput, ExplorerError>)
    /// A send finished and its response was formatted.
    case responseReady(ResponseView)
    case sendFailed(ExplorerError)
    /// Items of the running send's streamed body arrived (several at once: the inbox batches them).
    case streamed([StreamedItem])
    /// An editor change was applied (or refused).
    case editFinished(Result<String, ExplorerError>)
    case searchFinished(query: String, matches: [Int])
    /// The `f` filter ran over the shown body: each match as compact JSON, or why it could not run.
    case filterFinished(expression: String, Result<[String], ExplorerError>)
    /// The variables in force with their sources (overrides, captured values, the environment's).
    case variablesLoaded([VariableRow])
    /// A run sent its `done`th spec of `total`; `current` is the one it sends next, if any.
    case runProgress(done: Int, total: Int, current: String?)
    /// A run finished: the summary and, per spec id, the response it got.
    case runFinished(RunSummary, responses: [String: ResponseView])
    /// A run could not start (an unknown spec or group, a cycle).
    case runFailed(ExplorerError)
    /// A load run's figures so far.
    case loadProgress(LoadFigures)
    /// The history, newest first.
    case historyLoaded([HistoryEntry])
    /// A history entry was opened: what the response pane shows for it.
    case historyEntryReady(ResponseView)
    /// Time passed (a running send's clock, relative ages).
    case tick(Date)
    /// Someone outside the TUI (the session's `body edit`) asks for an editor run.
    case editorRequested(EditorJob)
    /// `$EDITOR` exited and the TUI has the terminal back: the edited text, or why there is none.
    case editorFinished(EditorJob, Result<String, ExplorerError>)
    /// An OAuth 2.0 sign-in needs the user (a URL to open, a code to enter) or has finished.
    case authorization(OAuth2Prompt)
    /// The workspace's files changed on disk and were read again (or could not be).
    case reloaded(ReloadOutcome)
    /// Every spec file is read (the first frame may have listed them from the spec index): keys are
    /// read from here on, so none acts on a spec the session does not have yet.
    case specsLoaded
    /// What `y` asked the session for (the curl command, the URL), or why there is none.
    case yankReady(YankTarget, Result<String, ExplorerError>)
}

/// What `update` asks the runtime to do; the runtime reports back with `Msg`s.
package enum Effect: Sendable, Equatable {
    /// Run a command through the session (`:set header X 1`, `:save`, `:env prod` ...).
    case run(Command)
    /// Send the selected spec (or the one named), then format the response off the UI task.
    case send(String?)
    /// Cancel the running send.
    case cancelSend
    /// Apply a request-editor change.
    case apply(SpecEdit)
    /// Select a spec.
    case select(String)
    /// Select a spec, then edit its body in `$EDITOR` (`e` in the workspace tree).
    case editBody(of: String)
    /// Re-read the session's state.
    case refreshSnapshot
    /// Re-read the retry log and transfers.
    case refreshActivity
    /// Re-read the cache's entries.
    case loadCache
    /// Open a stored entry in the response pane.
    case openCacheEntry(String)
    /// Search the shown body.
    case search(String)
    /// Run a JSONPath over the shown body off the UI task.
    case filterBody(String)
    /// Read the variables in force with their sources.
    case loadVariables
    /// Run specs and groups (all when empty) through the session, reporting progress.
    case runSpecs(RunTarget)
    /// Cancel the running run.
    case cancelRun
    /// Read the history.
    case loadHistory
    /// Open a history entry: its recorded request and stored response.
    case openHistoryEntry(HistoryEntry)
    /// Hand the terminal to `$EDITOR` on the job's text; the result comes back as `Msg.editorFinished`.
    case openEditor(EditorJob)
    /// Put text on the clipboard (OSC 52).
    case copy(String)
    /// Read what `y` copies that only the session knows (the curl command, the spec's URL); the text
    /// comes back as `Msg.yankReady`.
    case yank(YankTarget)
}
