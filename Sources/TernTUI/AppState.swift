import Foundation
import Tern
import TernExplorer
import TernScreen

/// The panes, in `Tab` order.
public enum Pane: Int, Sendable, CaseIterable, Hashable {
    case tree, editor, response, transfers, retryLog, cache

    public var title: String {
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
    public var isActivity: Bool { self == .transfers || self == .retryLog || self == .cache }
}

/// A dialog over the frame.
public enum Dialog: Sendable, Hashable {
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
}

/// The status line's message.
public struct StatusMessage: Sendable, Hashable {
    public var text: String
    public var isError: Bool
}

/// The `:` command line.
public struct CommandLineState: Sendable, Hashable {
    public var field = TextField()
    public var completions: [String] = []
    public var historyIndex: Int?
}

/// Everything the TUI shows: the only input of `view`, changed only by `update`.
///
/// Each pane's state is a component (`Components/`) with its own update and view; what is left
/// here is shared: the session's snapshot, the focus, the size and clock, the bottom lines and dialogs.
public struct AppState: Sendable {
    public var size: Size
    /// The session as last read; `nil` until the first snapshot arrives.
    public var snapshot: ExplorerSnapshot?
    /// The modes the `m` key asked for that no snapshot has shown applied yet, oldest first.
    public var pendingModes: [ResponseMode] = []
    public var focus: Pane = .tree

    /// The workspace tree pane.
    public var workspaceTree = WorkspaceTree()
    /// The request editor pane and its form.
    public var requestEditor = RequestEditor()
    /// The response pane, its search and the send running.
    public var responsePane = ResponsePane()
    /// The transfers, retry log and cache panes.
    public var activityPanes = ActivityPanes()

    // Bottom lines and dialogs
    public var commandLine: CommandLineState?
    public var commandHistory: [String] = []
    public var status: StatusMessage?
    public var dialog: Dialog?
    /// Set when the runtime should restore the terminal and exit.
    public var quitting = false
    /// Clock reading for relative times ("2 min ago"); the runtime refreshes it.
    public var now: Date
    /// The zone clock times are shown in.
    public var timeZone: TimeZone = .current

    /// A state with nothing loaded yet.
    public init(size: Size, now: Date = Date()) {
        self.size = size
        self.now = now
    }

    /// The smallest terminal the layout supports.
    public static let minimumSize = Size(width: 80, height: 24)

    /// Whether the terminal is smaller than the layout supports.
    public var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }
}
