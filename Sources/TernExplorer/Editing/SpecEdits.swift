import TernWorkspace

/// The selected spec and the edits not yet saved to their files: the editing concept's state. A spec is
/// always seen through it, so every send, run, verify and export uses what the user sees.
struct SpecEdits: Sendable {
    /// The selected spec's id.
    private(set) var selectedID: String?
    /// Specs with unsaved edits, by id.
    private var edited: [String: SpecEntry] = [:]
    /// New requests that have no file yet (a gRPC method opened from the tree): `save` needs a name.
    private(set) var drafts: Set<String> = []
    /// A gRPC request's messages as last written in the editor, comments kept, by spec id.
    private(set) var messageTexts: [String: String] = [:]

    /// No selection and no edits.
    init() {}

    /// The edited version of the spec `id`, if it has one; setting `nil` drops its edits (a new request's too).
    subscript(id: String) -> SpecEntry? {
        get { edited[id] }
        set {
            edited[id] = newValue
            if newValue == nil {
                drafts.remove(id)
                messageTexts[id] = nil
            }
        }
    }

    /// Opens the new request `entry` (no file yet) with its messages written as `text`, and selects it.
    mutating func open(draft entry: SpecEntry, text: String) {
        edited[entry.id] = entry
        drafts.insert(entry.id)
        messageTexts[entry.id] = text
        select(entry.id)
    }

    /// Opens `entry`, a new request not in the workspace yet, selected and unsaved.
    mutating func open(draft entry: SpecEntry) {
        edited[entry.id] = entry
        drafts.insert(entry.id)
        select(entry.id)
    }

    /// Keeps `text` as the way the gRPC request `id`'s messages are written (comments and all).
    mutating func keepMessageText(_ text: String, of id: String) { messageTexts[id] = text }

    /// `entry` with its unsaved edits.
    func current(_ entry: SpecEntry) -> SpecEntry { edited[entry.id] ?? entry }

    /// Whether any spec has edits not saved to its file.
    var isEmpty: Bool { edited.isEmpty }

    /// The ids of specs with unsaved edits, sorted.
    var unsavedIDs: [String] { edited.keys.sorted() }

    /// Selects the spec `id`.
    mutating func select(_ id: String) { selectedID = id }

    /// Selects no spec.
    mutating func clearSelection() { selectedID = nil }

    /// The spec `name` names in `workspace` (or the selected one), with its edits.
    func entry(_ name: String?, in workspace: Workspace) throws(ExplorerError) -> SpecEntry {
        guard let id = name ?? selectedID else {
            throw ExplorerError(.noSelection, "no spec is selected; 'use SPEC' selects one ('ls' lists them)")
        }
        if name == nil || drafts.contains(id), let edit = edited[id] { return edit }
        do {
            return current(try workspace.spec(named: id))
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
    }
}
