import Foundation
import Tern
import TernExplorer
import TernScreen

/// Text input and dialogs: confirmations, forms, the tree filter, the body search and the `:` line.
extension App {
    static func dialogKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard let dialog = state.dialog else { return [] }
        switch dialog {
        case .help(let scroll):
            switch key {
            case .character("j"), .down: state.dialog = .help(scroll: scroll + 1)
            case .character("k"), .up: state.dialog = .help(scroll: max(0, scroll - 1))
            case .pageDown, .character(" "): state.dialog = .help(scroll: scroll + 10)
            case .pageUp: state.dialog = .help(scroll: max(0, scroll - 10))
            default: state.dialog = nil
            }
        case .output(let title, let lines, let scroll):
            switch key {
            case .character("j"), .down: state.dialog = .output(title: title, lines: lines, scroll: min(scroll + 1, max(0, lines.count - 1)))
            case .character("k"), .up: state.dialog = .output(title: title, lines: lines, scroll: max(0, scroll - 1))
            case .pageDown, .character(" "): state.dialog = .output(title: title, lines: lines, scroll: min(scroll + 10, max(0, lines.count - 1)))
            case .pageUp: state.dialog = .output(title: title, lines: lines, scroll: max(0, scroll - 10))
            default: state.dialog = nil
            }
        case .confirmQuit:
            if let yes = answer(key) {
                state.dialog = nil
                state.quitting = yes
            }
        case .confirmDelete(let entry):
            if let yes = answer(key) {
                state.dialog = nil
                if yes { return [.run(.cache(.clear(entry)))] }
            }
        case .confirmClear:
            if let yes = answer(key) {
                state.dialog = nil
                if yes { return [.run(.cache(.clear(nil)))] }
            }
        }
        return []
    }

    /// `y` is yes; `n` and `Esc` are no; other keys leave the question open.
    static func answer(_ key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"): return true
        case .character("n"), .character("N"), .escape: return false
        default: return nil
        }
    }

    static func promptKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        switch key {
        case .escape:
            state.prompt = nil
            return []
        case .tab, .down:
            prompt.focus = (prompt.focus + 1) % prompt.fields.count
        case .backTab, .up:
            prompt.focus = (prompt.focus + prompt.fields.count - 1) % prompt.fields.count
        case .enter:
            state.prompt = nil
            let values = prompt.fields.map { $0.text.trimmingCharacters(in: .whitespaces) }
            switch prompt.purpose {
            case .addItem(let field):
                return [.apply(.setItem(field, replacing: nil, name: values[0], value: prompt.fields[1].text))]
            case .editItem(let field, let original):
                return [.apply(.setItem(field, replacing: original, name: values[0], value: prompt.fields[1].text))]
            case .method:
                return [.apply(.method(values[0]))]
            case .path:
                return [.apply(.path(values[0]))]
            }
        default:
            _ = prompt.fields[prompt.focus].handle(key)
        }
        state.prompt = prompt
        return []
    }

    static func filterKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var field = state.filterField else { return [] }
        switch key {
        case .escape:
            state.filterField = nil
            state.treeFilter = ""
        case .enter:
            state.filterField = nil
            state.treeFilter = field.text
            // Land on the first spec that matches.
            state.treeSelection = state.treeRows.firstIndex { $0.specID != nil } ?? 0
        case .up, .down:
            state.treeSelection = move(state.treeSelection, key == .up ? .up : .down, count: state.treeRows.count, page: 1)
        default:
            _ = field.handle(key)
            state.filterField = field
            state.treeFilter = field.text
            state.treeSelection = state.treeRows.firstIndex { $0.specID != nil } ?? 0
        }
        return []
    }

    static func searchKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var search = state.search else { return [] }
        switch key {
        case .escape:
            state.search = nil
        case .enter:
            let query = search.field.text
            guard !query.isEmpty else {
                state.search = nil
                return []
            }
            search.editing = false
            search.query = query
            search.running = true
            state.search = search
            return [.search(query)]
        default:
            _ = search.field.handle(key)
            state.search = search
        }
        return []
    }

    static func commandKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var line = state.commandLine else { return [] }
        switch key {
        case .escape:
            state.commandLine = nil
            return []
        case .enter:
            state.commandLine = nil
            let text = line.field.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return [] }
            if state.commandHistory.last != text { state.commandHistory.append(text) }
            return route(text, &state)
        case .tab:
            let completion = Completer.complete(line.field.text, snapshot: state.snapshot)
            line.field = TextField(completion.line)
            line.completions = completion.candidates
        case .up, .down:
            let history = state.commandHistory
            guard !history.isEmpty else { return [] }
            var index = line.historyIndex ?? history.count
            index = key == .up ? max(0, index - 1) : index + 1
            if index >= history.count {
                line.historyIndex = nil
                line.field = TextField()
            } else {
                line.historyIndex = index
                line.field = TextField(history[index])
            }
        case .backspace where line.field.text.isEmpty:
            state.commandLine = nil
            return []
        default:
            _ = line.field.handle(key)
            line.completions = []
        }
        state.commandLine = line
        return []
    }

    /// Runs a `:` line: the same language as the REPL, with the commands that have a place in the
    /// TUI (send, log, transfers, cache, help, quit) shown there.
    static func route(_ text: String, _ state: inout AppState) -> [Effect] {
        let command: Command
        do {
            command = try CommandParser.parse(text)
        } catch {
            state.status = StatusMessage(text: error.message, isError: true)
            return []
        }
        switch command {
        case .send(let name): return send(name, &state)
        case .quit: return quit(&state)
        case .log: focus(.retryLog, &state)
        case .transfers: focus(.transfers, &state)
        case .cache(.list):
            focus(.cache, &state)
            return [.loadCache]
        case .cache(.show(let key)): return [.openCacheEntry(key)]
        case .cache(.clear(let key)):
            state.dialog = key.map { .confirmDelete(key: $0) } ?? .confirmClear
        case .help(nil): state.dialog = .help(scroll: 0)
        default: return [.run(command)]
        }
        return []
    }
}
