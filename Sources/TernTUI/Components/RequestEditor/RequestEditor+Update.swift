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

    /// Handles a key while the form is open: Enter applies it, Esc drops it.
    mutating func promptKey(_ key: Key) -> [Effect] {
        guard var form = prompt else { return [] }
        switch key {
        case .escape:
            prompt = nil
            return []
        case .tab where form.isSecret, .backTab where form.isSecret:
            // One field: Tab switches between keeping the secret and using it this session only.
            if case .secret(let name, let resend, let keep) = form.purpose {
                form.purpose = .secret(name: name, resend: resend, keep: !keep)
            }
        case .tab, .down:
            form.focus = (form.focus + 1) % form.fields.count
        case .backTab, .up:
            form.focus = (form.focus + form.fields.count - 1) % form.fields.count
        case .enter:
            prompt = nil
            let values = form.fields.map { $0.text.trimmingCharacters(in: .whitespaces) }
            switch form.purpose {
            case .addItem(let field):
                return [.apply(.setItem(field, replacing: nil, name: values[0], value: form.fields[1].text))]
            case .editItem(let field, let original):
                return [.apply(.setItem(field, replacing: original, name: values[0], value: form.fields[1].text))]
            case .method:
                return [.apply(.method(values[0]))]
            case .path:
                return [.apply(.path(values[0]))]
            case .secret(let name, _, let keep):
                // The value as typed: a secret's spaces are its own. Once set, the send runs again
                // (`App.finished`).
                return [.run(.set(keep ? .secret : .sessionSecret, name: name, value: form.fields[0].text))]
            }
        default:
            _ = form.fields[form.focus].handle(key)
        }
        prompt = form
        return []
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
