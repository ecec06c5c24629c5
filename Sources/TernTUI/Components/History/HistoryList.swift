package import TernExplorerStorage

/// The history view (`H`, `:history`): past sends, newest first, to open or send again.
package struct HistoryList: Sendable, Hashable {
    /// The entries, newest first.
    package var entries: [HistoryEntry]
    /// The selected entry's row.
    package var selection = 0
    /// Whether the view is over the frame.
    package var isOpen = true
    /// Whether the selected send's whole URL and note are shown under the list, wrapped (`w`).
    package var wraps = true

    /// A view of `entries` with the newest selected.
    package init(entries: [HistoryEntry]) {
        self.entries = entries
    }

    /// The selected entry.
    package var selected: HistoryEntry? {
        entries.isEmpty ? nil : entries[ListCursor.clamp(selection, count: entries.count)]
    }
}
