import Foundation
import Tern
import TernExplorer
import TernScreen

/// What each pane does with its actions.
extension App {
    static func treeAction(_ action: Action, _ state: inout AppState) -> [Effect] {
        let rows = state.treeRows
        guard !rows.isEmpty || action == .filter else { return [] }
        switch action {
        case .open:
            let row = rows[clamp(state.treeSelection, count: rows.count)]
            switch row.kind {
            case .group(let path, let expanded):
                if expanded { state.collapsed.insert(path) } else { state.collapsed.remove(path) }
            case .spec(let spec):
                return [.select(spec.id)]
            }
        case .collapse, .expand:
            let row = rows[clamp(state.treeSelection, count: rows.count)]
            if case .group(let path, _) = row.kind {
                if action == .collapse { state.collapsed.insert(path) } else { state.collapsed.remove(path) }
            } else if action == .collapse, let parent = rows[..<state.treeSelection].lastIndex(where: {
                if case .group = $0.kind { return $0.depth < row.depth }
                return false
            }) {
                state.treeSelection = parent
            }
        case .filter:
            state.filterField = TextField(state.treeFilter)
        default:
            state.treeSelection = move(state.treeSelection, action, count: rows.count, page: max(1, Layout(state.size).tree.height - 2))
        }
        return []
    }

    static func editorAction(_ action: Action, _ state: inout AppState) -> [Effect] {
        guard let selected = state.snapshot?.selected else {
            state.status = StatusMessage(text: "select a spec first (Enter in the workspace tree)", isError: true)
            return []
        }
        let items = state.editorItems
        let item = items.isEmpty ? nil : items[clamp(state.editorSelection, count: items.count)]
        switch action {
        case .previousTab, .nextTab:
            let tabs = EditorTab.allCases
            let step = action == .nextTab ? 1 : tabs.count - 1
            state.editorTab = tabs[(state.editorTab.rawValue + step) % tabs.count]
            state.editorSelection = 0
        case .add:
            guard let field = state.editorTab.field else { return [.run(.body(.editor))] }
            state.prompt = Prompt(
                purpose: .addItem(field), title: "Add \(field == .variable ? "a variable" : field == .header ? "a header" : "a query parameter")",
                labels: ["Name", "Value"], fields: [TextField(), TextField()]
            )
        case .edit:
            guard let field = state.editorTab.field else { return [.run(.body(.editor))] }
            guard let item else { return perform(.add, &state) }
            state.prompt = Prompt(
                purpose: .editItem(field, original: item.name), title: "Edit \(item.name)",
                labels: ["Name", "Value"], fields: [TextField(item.name), TextField(item.value)], focus: 1
            )
        case .delete:
            guard let field = state.editorTab.field, let item else { return [] }
            return [.apply(.removeItem(field, name: item.name))]
        case .toggle:
            guard let field = state.editorTab.field, field != .variable, let item else {
                if state.editorTab == .variables {
                    state.status = StatusMessage(text: "variables cannot be switched off; d deletes a session value", isError: true)
                }
                return []
            }
            return [.apply(.toggle(field, name: item.name))]
        case .editMethod:
            state.prompt = Prompt(purpose: .method, title: "Method", labels: ["Method"], fields: [TextField(selected.method)])
        case .editPath:
            state.prompt = Prompt(purpose: .path, title: "Path", labels: ["Path"], fields: [TextField(selected.path)])
        default:
            state.editorSelection = move(state.editorSelection, action, count: items.count, page: 5)
        }
        return []
    }

    static func responseAction(_ action: Action, _ state: inout AppState) {
        let height = Layout(state.size).responseBodyHeight
        let count = responseLineCount(state)
        let maxTop = max(0, count - height)
        switch action {
        case .up: state.responseScroll -= 1
        case .down: state.responseScroll += 1
        case .pageUp: state.responseScroll -= height
        case .pageDown: state.responseScroll += height
        case .top: state.responseScroll = 0
        case .bottom: state.responseScroll = maxTop
        case .left: state.responseLeft = max(0, state.responseLeft - 8)
        case .right: state.responseLeft += 8
        case .previousTab, .nextTab:
            let tabs = ResponseTab.allCases
            let step = action == .nextTab ? 1 : tabs.count - 1
            state.responseTab = tabs[(state.responseTab.rawValue + step) % tabs.count]
            state.responseScroll = 0
            state.responseLeft = 0
        case .search:
            guard state.response != nil else { return }
            state.responseTab = .body
            state.search = SearchState()
        case .nextMatch, .previousMatch:
            guard var search = state.search, !search.matches.isEmpty else { return }
            let step = action == .nextMatch ? 1 : search.matches.count - 1
            search.current = (search.current + step) % search.matches.count
            state.search = search
            scrollToMatch(&state)
        default:
            break
        }
        state.responseScroll = min(max(0, state.responseScroll), maxTop)
    }

    static func responseLineCount(_ state: AppState) -> Int {
        guard let response = state.response else { return 0 }
        switch state.responseTab {
        case .body: return response.body.lineCount
        case .headers: return response.headers.count
        case .request: return response.requestLines.count
        }
    }

    static func scrollToMatch(_ state: inout AppState) {
        guard let search = state.search, search.current < search.matches.count else { return }
        let height = Layout(state.size).responseBodyHeight
        let line = search.matches[search.current]
        if line < state.responseScroll || line >= state.responseScroll + height {
            state.responseScroll = max(0, min(line - height / 3, responseLineCount(state) - height))
        }
    }

    static func cacheAction(_ action: Action, _ state: inout AppState) -> [Effect] {
        let entries = state.cacheEntries
        let entry = entries.isEmpty ? nil : entries[clamp(state.cacheSelection, count: entries.count)]
        switch action {
        case .open:
            guard let entry else { return [] }
            return [.openCacheEntry(entry.key)]
        case .delete:
            guard let entry else { return [] }
            state.dialog = .confirmDelete(key: entry.key)
        case .clearAll:
            guard !entries.isEmpty else {
                state.status = StatusMessage(text: "the cache is empty", isError: false)
                return []
            }
            state.dialog = .confirmClear
        case .refresh:
            return [.loadCache]
        default:
            state.cacheSelection = move(state.cacheSelection, action, count: entries.count, page: 5)
        }
        return []
    }
}
