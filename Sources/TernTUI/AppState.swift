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

/// The request editor's tabs.
public enum EditorTab: Int, Sendable, CaseIterable, Hashable {
    case query, headers, variables, body

    public var title: String {
        switch self {
        case .query: return "Query"
        case .headers: return "Headers"
        case .variables: return "Vars"
        case .body: return "Body"
        }
    }

    /// The command-language field the tab's table edits.
    var field: Command.EditField? {
        switch self {
        case .query: return .query
        case .headers: return .header
        case .variables: return .variable
        case .body: return nil
        }
    }
}

/// The response pane's tabs.
public enum ResponseTab: Int, Sendable, CaseIterable, Hashable {
    case body, headers, request

    public var title: String {
        switch self {
        case .body: return "Body"
        case .headers: return "Headers"
        case .request: return "Request"
        }
    }
}

/// One row of the workspace tree: a group folder or a spec.
public struct TreeRow: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case group(path: String, expanded: Bool)
        case spec(SpecSummary)
    }

    public var kind: Kind
    public var depth: Int
    public var title: String

    public var specID: String? {
        if case .spec(let spec) = kind { return spec.id }
        return nil
    }
}

/// A small form shown over the frame: adding or editing a table row, the method, the path, a filter.
public struct Prompt: Sendable, Hashable {
    public enum Purpose: Sendable, Hashable {
        case addItem(Command.EditField)
        case editItem(Command.EditField, original: String)
        case method
        case path
    }

    public var purpose: Purpose
    public var title: String
    public var labels: [String]
    public var fields: [TextField]
    public var focus: Int = 0
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

/// The `/` search over the response body.
public struct SearchState: Sendable, Hashable {
    public var field = TextField()
    /// Whether the query is still being typed.
    public var editing = true
    public var query = ""
    /// Lines that contain the query, in order.
    public var matches: [Int] = []
    public var current = 0
    /// Whether a search is running off the UI task.
    public var running = false
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
public struct AppState: Sendable {
    public var size: Size
    /// The session as last read; `nil` until the first snapshot arrives.
    public var snapshot: ExplorerSnapshot?
    /// The modes the `m` key asked for that no snapshot has shown applied yet, oldest first.
    public var pendingModes: [ResponseMode] = []
    public var focus: Pane = .tree
    /// Which activity pane the bottom strip shows when it cannot show all three.
    public var activity: Pane = .retryLog

    // Workspace tree
    public var collapsed: Set<String> = []
    public var treeSelection = 0
    public var treeFilter = ""
    public var filterField: TextField?

    // Request editor
    public var editorTab: EditorTab = .query
    public var editorSelection = 0
    public var prompt: Prompt?

    // Response
    public var response: ResponseView?
    public var responseTab: ResponseTab = .body
    public var responseScroll = 0
    public var responseLeft = 0
    public var search: SearchState?
    /// The spec being sent, while a send runs.
    public var sending: String?
    public var sendStarted: Date?

    // Activity
    public var transfers: [TransferRecord] = []
    public var transferSelection = 0
    public var retryLog: [RetryLogEntry] = []
    public var retrySelection = 0
    public var cacheEntries: [CacheRow] = []
    public var cacheSelection = 0
    public var cacheLoaded = false

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

    public init(size: Size, now: Date = Date()) {
        self.size = size
        self.now = now
    }

    /// The smallest terminal the layout supports.
    public static let minimumSize = Size(width: 80, height: 24)

    public var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    /// The tree's visible rows: groups (unless filtered) and specs, honouring collapsed groups and the filter.
    public var treeRows: [TreeRow] {
        guard let snapshot else { return [] }
        let filter = treeFilter.lowercased()
        var rows: [TreeRow] = []
        var openedGroups: Set<String> = []
        for spec in snapshot.specs {
            if !filter.isEmpty {
                guard spec.id.lowercased().contains(filter) || spec.name.lowercased().contains(filter) else { continue }
            }
            let parts = spec.id.split(separator: "/").map(String.init)
            var hidden = false
            for depth in 0..<max(0, parts.count - 1) {
                let path = parts[0...depth].joined(separator: "/")
                if hidden { break }
                if !openedGroups.contains(path) {
                    openedGroups.insert(path)
                    let expanded = !collapsed.contains(path) || !filter.isEmpty
                    rows.append(TreeRow(kind: .group(path: path, expanded: expanded), depth: depth, title: parts[depth]))
                }
                if collapsed.contains(path), filter.isEmpty { hidden = true }
            }
            if !hidden {
                rows.append(TreeRow(kind: .spec(spec), depth: max(0, parts.count - 1), title: parts.last ?? spec.id))
            }
        }
        return rows
    }

    /// The rows of the editor's current table.
    public var editorItems: [EditableItem] {
        guard let snapshot else { return [] }
        switch editorTab {
        case .query: return snapshot.selected?.query ?? []
        case .headers: return snapshot.selected?.headers ?? []
        case .variables: return snapshot.variables
        case .body: return []
        }
    }
}

/// A cache entry as the cache pane lists it (the body stays in the store until opened).
public struct CacheRow: Sendable, Hashable {
    public var key: String
    public var method: String
    public var status: Int
    public var size: Int64
    public var storedAt: Date
    public var validUntil: Date
    public var source: ResponseSource
    /// What the entry answers: `users/get-user @local GET /users/1` (secrets redacted).
    public var answers: String = ""
    /// `revalidated`, `drifted`, both, or empty.
    public var state: String = ""
}
