import Foundation
import Tern
import TernExplorer
import TernScreen

/// The components' fields under the flat names the frame-level views (header, activity strip,
/// response pane) and the tests read: each reads and writes the component that owns it.
extension AppState {
    /// The tree's closed groups.
    public var collapsed: Set<String> {
        get { workspaceTree.collapsed }
        set { workspaceTree.collapsed = newValue }
    }

    /// The tree's cursor.
    public var treeSelection: Int {
        get { workspaceTree.selection }
        set { workspaceTree.selection = newValue }
    }

    /// The tree's applied filter.
    public var treeFilter: String {
        get { workspaceTree.filter }
        set { workspaceTree.filter = newValue }
    }

    /// The tree's filter being typed.
    public var filterField: TextField? {
        get { workspaceTree.filterField }
        set { workspaceTree.filterField = newValue }
    }

    /// The editor's tab.
    public var editorTab: EditorTab {
        get { requestEditor.tab }
        set { requestEditor.tab = newValue }
    }

    /// The editor's cursor.
    public var editorSelection: Int {
        get { requestEditor.selection }
        set { requestEditor.selection = newValue }
    }

    /// The editor's open form.
    public var prompt: Prompt? {
        get { requestEditor.prompt }
        set { requestEditor.prompt = newValue }
    }

    /// The response shown.
    public var response: ResponseView? {
        get { responsePane.view }
        set { responsePane.view = newValue }
    }

    /// The response pane's tab.
    public var responseTab: ResponseTab {
        get { responsePane.tab }
        set { responsePane.tab = newValue }
    }

    /// The response pane's first line.
    public var responseScroll: Int {
        get { responsePane.scroll }
        set { responsePane.scroll = newValue }
    }

    /// The response pane's first column.
    public var responseLeft: Int {
        get { responsePane.left }
        set { responsePane.left = newValue }
    }

    /// The body search.
    public var search: SearchState? {
        get { responsePane.search }
        set { responsePane.search = newValue }
    }

    /// The spec being sent, while a send runs.
    public var sending: String? {
        get { responsePane.sending }
        set { responsePane.sending = newValue }
    }

    /// When the running send started.
    public var sendStarted: Date? {
        get { responsePane.sendStarted }
        set { responsePane.sendStarted = newValue }
    }

    /// Which activity pane the bottom strip shows when it cannot show all three.
    public var activity: Pane {
        get { activityPanes.strip }
        set { activityPanes.strip = newValue }
    }

    /// The transfers listed.
    public var transfers: [TransferRecord] {
        get { activityPanes.transfers }
        set { activityPanes.transfers = newValue }
    }

    /// The transfers pane's cursor.
    public var transferSelection: Int {
        get { activityPanes.transferSelection }
        set { activityPanes.transferSelection = newValue }
    }

    /// The retry log listed.
    public var retryLog: [RetryLogEntry] {
        get { activityPanes.retryLog }
        set { activityPanes.retryLog = newValue }
    }

    /// The retry log's cursor.
    public var retrySelection: Int {
        get { activityPanes.retrySelection }
        set { activityPanes.retrySelection = newValue }
    }

    /// The cache entries listed.
    public var cacheEntries: [CacheRow] {
        get { activityPanes.cacheEntries }
        set { activityPanes.cacheEntries = newValue }
    }

    /// The cache pane's cursor.
    public var cacheSelection: Int {
        get { activityPanes.cacheSelection }
        set { activityPanes.cacheSelection = newValue }
    }

    /// Whether the cache was read at least once.
    public var cacheLoaded: Bool {
        get { activityPanes.cacheLoaded }
        set { activityPanes.cacheLoaded = newValue }
    }

    /// The tree's visible rows for the current snapshot.
    public var treeRows: [TreeRow] { workspaceTree.rows(of: snapshot) }

    /// The rows of the editor's current table for the current snapshot.
    public var editorItems: [EditableItem] { requestEditor.items(of: snapshot) }
}
