package import Foundation
package import Tern
package import TernExplorer
package import TernScreen

/// The panes, in `Tab` order.
package enum Pane: Int, Sendable, CaseIterable, Hashable {
    case tree, editor, response, transfers, retryLog, cache

    package var title: String {
        switch self {
        case .tree: return "Workspace"
        case .editor: return "Request"
        case .response: return "Response"
        case .transfers: return "Transfers"
        case .retryLog: return "Retry log"
        case .cache: return "Cache"
        }
    }

    /// The three panes that share the bottom strip on narrower terminals.
    package var isActivity: Bool { self == .transfers || self == .retryLog || self == .cache }
}

/// A dialog over the frame.
package enum Dialog: Sendable, Hashable {
    /// The key table (`?`), scrolled.
    case help(scroll: Int)
    /// `q` with unsaved edits.
    case confirmQuit(unsaved: [String])
    /// `d` on a cache entry.
    case confirmDelete(key: String)
    /// `D` in the cache pane, or `:cache clear`.
    case confirmClear
    /// A command's text output (`:show`, `:curl`, `:history`, `:ls`, `:help send`), scrolled.
    case output(title: String, lines: [String], scroll: Int)
    /// A list to choose from: the environment, the mode, what to copy.
    case picker(Picker)
    /// `$EDITOR` saved a JSON body that is not JSON: edit again, keep it as text, or drop the edit.
    case invalidJSON(job: EditorJob, text: String, error: JSONSyntaxError)
}

/// The status line's message.
package struct StatusMessage: Sendable, Hashable {
    package var text: String
    package var isError: Bool

    /// A message; errors are red and marked `✗`.
    package init(text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}

/// A status-line message and when it was shown.
package struct LoggedMessage: Sendable, Hashable {
    package var date: Date
    package var message: StatusMessage
}

/// Everything the TUI shows: the only input of `view`, changed only by `update`.
///
/// Each pane's state is a component (`Components/`) with its own update and view; what is left
/// here is shared: the session's snapshot, the focus, the size and clock, the bottom lines and dialogs.
package struct AppState: Sendable {
    package var size: Size
    /// The key table in force: the defaults, or what the user's config file made of them.
    package var keys: KeyTable
    /// The session as last read; `nil` until the first snapshot arrives.
    package var snapshot: ExplorerSnapshot?
    /// The live figures of the load run going (`:load`), until its report arrives.
    package var loadFigures: LoadFigures?
    /// The modes the `m` key asked for that no snapshot has shown applied yet, oldest first.
    package var pendingModes: [ResponseMode] = []
    package var focus: Pane = .tree

    /// The workspace tree pane.
    package var workspaceTree = WorkspaceTree()
    /// The request editor pane and its form.
    package var requestEditor = RequestEditor()
    /// The response pane, its search and the send running.
    package var responsePane = ResponsePane()
    /// The transfers, retry log and cache panes.
    package var activityPanes = ActivityPanes()
    /// The last run's results view (`R`, `:run`), open or closed.
    package var runResults: RunResults?
    /// The running run's progress, while one runs.
    package var runProgress: RunProgress?
    /// The history view (`H`, `:history`), open or closed.
    package var history: HistoryList?

    // Bottom lines and dialogs
    /// The `:` line, while it is typed.
    package var commandLine: CommandLineInput?
    /// The `:` lines run, oldest first (↑ on the line goes back through them).
    package var commandHistory: [String] = []
    /// The spec to send again once the secret the prompt asked for is kept (`.some(nil)`: the selected one).
    package var secretResend: String??
    package var status: StatusMessage? {
        didSet {
            // Every message is kept (newest last, a bounded number) for `:messages` to show whole.
            guard let status, status != oldValue else { return }
            messageLog.append(LoggedMessage(date: now, message: status))
            if messageLog.count > Self.messageLogLimit {
                messageLog.removeFirst(messageLog.count - Self.messageLogLimit)
            }
        }
    }
    package var dialog: Dialog?
    /// Set when the runtime should restore the terminal and exit.
    package var quitting = false
    /// Whether the quit came from an interrupt (Ctrl-C): the process then exits 130, as a shell expects.
    package var interrupted = false
    /// When an idle Ctrl-C asked about unsaved edits: a second one within a second quits anyway.
    package var lastInterrupt: Date?
    /// Clock reading for relative times ("2 min ago"); the runtime refreshes it.
    package var now: Date
    /// The zone clock times are shown in.
    package var timeZone: ClockZone = .local
    /// The status line's recent messages, oldest first (`:messages`).
    package var messageLog: [LoggedMessage] = []
    /// Whether the focused pane fills the body area (`z`, `:zoom`).
    package var zoomed = false
    /// Columns the user moved the tree's edge by (`<`, `>`), from the width it would have.
    package var treeWidthOffset = 0
    /// The cookies view (`C`, `:cookies`), open or closed.
    package var cookies: CookiesView? = nil

    /// A state with nothing loaded yet, its keys from `keys`.
    package init(size: Size, now: Date = Date(), keys: KeyTable = KeyTable()) {
        self.size = size
        self.now = now
        self.keys = keys
    }

    /// How many status-line messages `:messages` keeps.
    package static let messageLogLimit = 100

    /// The smallest terminal the layout supports.
    package static let minimumSize = Size(width: 80, height: 24)

    /// Whether the terminal is smaller than the layout supports.
    package var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }
}
