import Tern
package import TernExplorer

/// What the views derive from two parts of the state: the components' rows for the snapshot.
extension AppState {
    package var treeRows: [TreeRow] { workspaceTree.rows(of: snapshot) }

    /// The rows of the editor's current table for the current snapshot.
    package var editorItems: [EditableItem] { requestEditor.items(of: snapshot) }
}
