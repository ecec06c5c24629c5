import Foundation
import TernExplorer
import TernScreen

/// What the request editor does with its keys, its form and a new snapshot.
extension RequestEditor: ActionComponent {
    /// The editor pane's keys.
    var keyScope: KeyScope { .pane(.editor) }

    /// Handles a key-table action while the editor has the focus.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        let snapshot = context.snapshot
        guard let selected = snapshot?.selected else {
            return .error("select a spec first (Enter in the workspace tree)")
        }
        let items = items(of: snapshot)
        let item = items.isEmpty ? nil : items[ListCursor.clamp(selection, count: items.count)]
        switch action {
        case .previousTab, .nextTab:
            let tabs = EditorTab.allCases
            let step = action == .nextTab ? 1 : tabs.count - 1
            tab = tabs[(tab.rawValue + step) % tabs.count]
            selection = 0
        case .add:
            guard let field = tab.field else { return Reply([.openEditor(EditorJob.body(of: selected))]) }
            let noun = field == .variable ? "a variable" : field == .header ? "a header" : "a query parameter"
            prompt = Prompt(
                purpose: .addItem(field), title: "Add \(noun)", labels: ["Name", "Value"],
                fields: [TextField(), TextField()])
        case .edit:
            guard let field = tab.field else { return Reply([.openEditor(EditorJob.body(of: selected))]) }
            guard let item else { return perform(.add, context) }
            prompt = Prompt(
                purpose: .editItem(field, original: item.name), title: "Edit \(item.name)",
                labels: ["Name", "Value"], fields: [TextField(item.name), TextField(item.value)], focus: 1)
        case .delete:
            guard let field = tab.field, let item else { return Reply() }
            // A captured value is forgotten (`vars clear NAME`); the next capture sets it again.
            if field == .variable, item.origin == "captured" { return Reply([.run(.vars(clear: [item.name]))]) }
            return Reply([.apply(.removeItem(field, name: item.name))])
        case .toggle:
            guard let field = tab.field, field != .variable, let item else {
                if tab == .variables { return .error("variables cannot be switched off; d deletes a session value") }
                return Reply()
            }
            return Reply([.apply(.toggle(field, name: item.name))])
        case .editMethod:
            prompt = Prompt(purpose: .method, title: "Method", labels: ["Method"], fields: [TextField(selected.method)])
        case .editPath:
            prompt = Prompt(purpose: .path, title: "Path", labels: ["Path"], fields: [TextField(selected.path)])
        default:
            selection = ListCursor.move(selection, action, count: items.count, page: context.page)
        }
        return Reply()
    }

    /// A key while the form is open: the form takes it, and closes on Enter or Esc.
    mutating func promptKey(_ key: Key, _ context: ComponentContext) -> Reply {
        guard var form = prompt else { return Reply() }
        let reply = form.handle(key, context) ?? Reply()
        prompt = form.isOpen ? form : nil
        return reply
    }

    /// The variables in force were read: the Vars tab shows them with their sources.
    mutating func variablesLoaded(_ rows: [VariableRow]) {
        variableRows = rows
        if tab == .variables { selection = ListCursor.clamp(selection, count: rows.count) }
    }

    /// A new snapshot arrived (`previous` was shown before): another spec starts at its first row.
    mutating func snapshotChanged(_ snapshot: ExplorerSnapshot, previous: String?) {
        if snapshot.selected?.id != previous { selection = 0 }
        selection = ListCursor.clamp(selection, count: items(of: snapshot).count)
    }
}
