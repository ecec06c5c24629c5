package import Foundation
import Tern
package import TernExplorer
package import TernScreen

/// The components' fields under the flat names the frame-level views (header, activity strip,
/// response pane) and the tests read: each reads and writes the component that owns it.
extension AppState {
    /// The tree's closed groups.
    package var collapsed: Set<String> {
        get { workspaceTree.collapsed }
        set { workspaceTree.collapsed = newValue }
    }

    /// The tree's cursor.
    package var treeSelection: Int {
        get { workspaceTree.selection }
        set { workspaceTree.selection = newValue }
    }

    /// The tree's applied filter.
    package var treeFilter: String {
        get { workspaceTree.filter }
        set { workspaceTree.filter = newValue }
    }

    /// The tree's filter being typed.
    package var filterField: TextField? {
        get { workspaceTree.filterField }
        set { workspaceTree.filterField = newValue }
    }

    /// The editor's tab.
    package var editorTab: EditorTab {
        get { requestEditor.tab }
        set { requestEditor.tab = newValue }
    }

    /// The editor's cursor.
    package var editorSelection: Int {
        get { requestEditor.selection }
        set { requestEditor.selection = newValue }
    }

    /// The editor's open form.
    package var prompt: Prompt? {
        get { requestEditor.prompt }
        set { requestEditor.prompt = newValue }
    }

    /// The response shown.
    package var response: ResponseView? {
        get { responsePane.view }
        set { responsePane.view = newValue }
    }

    /// The response pane's tab.
    package var responseTab: ResponseTab {
        get { responsePane.tab }
        set { responsePane.tab = newValue }
    }

    /// The response pane's first line.
    package var responseScroll: Int {
        get { responsePane.scroll }
        set { responsePane.scroll = newValue }
    }

    /// The response pane's first column.
    package var responseLeft: Int {
        get { responsePane.left }
        set { responsePane.left = newValue }
    }

    /// The body search.
    package var search: SearchState? {
        get { responsePane.search }
        set { responsePane.search = newValue }
    }

    /// The spec being sent, while a send runs.
    package var sending: String? {
        get { responsePane.sending }
        set { responsePane.sending = newValue }
    }

    /// When the running send started.
    package var sendStarted: Date? {
        get { responsePane.sendStarted }
        set { responsePane.sendStarted = newValue }
    }

    /// Which activity pane the bottom strip shows when it cannot show all three.
    package var activity: Pane {
        get { activityPanes.strip }
        set { activityPanes.strip = newValue }
    }

    /// The transfers listed.
    package var transfers: [TransferRecord] {
        get { activityPanes.transfers }
        set { activityPanes.transfers = newValue }
    }

    /// The transfers pane's cursor.
    package var transferSelection: Int {
        get { activityPanes.transferSelection }
        set { activityPanes.transferSelection = newValue }
    }

    /// The retry log listed.
    package var retryLog: [RetryLogEntry] {
        get { activityPanes.retryLog }
        set { activityPanes.retryLog = newValue }
    }

    /// The retry log's cursor.
    package var retrySelection: Int {
        get { activityPanes.retrySelection }
        set { activityPanes.retrySelection = newValue }
    }

    /// The cache entries listed.
    package var cacheEntries: [CacheRow] {
        get { activityPanes.cacheEntries }
        set { activityPanes.cacheEntries = newValue }
    }

    /// The cache pane's cursor.
    package var cacheSelection: Int {
        get { activityPanes.cacheSelection }
        set { activityPanes.cacheSelection = newValue }
    }

    /// Whether the cache was read at least once.
    package var cacheLoaded: Bool {
        get { activityPanes.cacheLoaded }
        set { activityPanes.cacheLoaded = newValue }
    }

    /// The tree's visible rows for the current snapshot.
    package var treeRows: [TreeRow] { workspaceTree.rows(of: snapshot) }

    /// The rows of the editor's current table for the current snapshot.
    package var editorItems: [EditableItem] { requestEditor.items(of: snapshot) }
}
