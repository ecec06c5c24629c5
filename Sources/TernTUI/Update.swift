import Foundation
import Tern
import TernExplorer
import TernScreen

/// The app's logic: a pure function from a state and a message to a new state and the effects to run.
public enum App {
    public static func update(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        switch msg {
        case .key(.ctrl("c")):
            state.quitting = true
            return []
        case .key(let key):
            return handle(key, &state)
        case .resized(let size):
            state.size = size
            return []
        case .snapshot(let snapshot):
            let previous = state.snapshot?.selected?.id
            state.snapshot = snapshot
            if snapshot.selected?.id != previous { state.editorSelection = 0 }
            state.treeSelection = clamp(state.treeSelection, count: state.treeRows.count)
            state.editorSelection = clamp(state.editorSelection, count: state.editorItems.count)
            return []
        case .handlerEvent:
            return [.refreshActivity]
        case .activity(let retryLog, let transfers):
            state.retrySelection = follow(state.retrySelection, old: state.retryLog.count, new: retryLog.count)
            state.transferSelection = follow(state.transferSelection, old: state.transfers.count, new: transfers.count)
            state.retryLog = retryLog
            state.transfers = transfers
            return []
        case .cacheLoaded(let rows):
            state.cacheEntries = rows
            state.cacheLoaded = true
            state.cacheSelection = clamp(state.cacheSelection, count: rows.count)
            return []
        case .commandFinished(let command, let result):
            return finished(command, result, &state)
        case .responseReady(let view):
            let wasSending = state.sending != nil
            state.response = view
            state.sending = nil
            state.responseScroll = 0
            state.responseLeft = 0
            state.search = nil
            var summary = "\(view.status) \(view.reason) · \(view.badge)"
            if let duration = view.duration { summary += " · \(Format.duration(duration))" }
            summary += " · \(Format.bytes(view.size))"
            if view.attempts > 1 { summary += " · \(view.attempts) attempts" }
            state.status = StatusMessage(text: "\(view.title): \(summary)", isError: false)
            return wasSending ? [.refreshActivity, .loadCache] : []
        case .sendFailed(let error):
            state.sending = nil
            state.status = StatusMessage(text: error.message, isError: true)
            return [.refreshActivity, .loadCache]
        case .editFinished(let result):
            switch result {
            case .success(let text): state.status = StatusMessage(text: text, isError: false)
            case .failure(let error): state.status = StatusMessage(text: error.message, isError: true)
            }
            return []
        case .searchFinished(let query, let matches):
            guard var search = state.search, search.query == query else { return [] }
            search.running = false
            search.matches = matches
            search.current = matches.firstIndex { $0 >= state.responseScroll } ?? 0
            state.search = search
            if matches.isEmpty {
                state.status = StatusMessage(text: "'\(query)' is not in the body", isError: true)
            } else {
                state.status = StatusMessage(text: "'\(query)': \(matches.count) matching lines (n/N move)", isError: false)
                scrollToMatch(&state)
            }
            return []
        case .tick(let date):
            state.now = date
            return []
        }
    }

    // MARK: Keys

    static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
        if state.dialog != nil { return dialogKey(key, &state) }
        if state.prompt != nil { return promptKey(key, &state) }
        if state.commandLine != nil { return commandKey(key, &state) }
        if state.filterField != nil { return filterKey(key, &state) }
        if let search = state.search, search.editing { return searchKey(key, &state) }
        if state.isTooSmall {
            return key == .character("q") ? perform(.quit, &state) : []
        }
        guard let action = KeyTable.action(for: key, in: state.focus) else { return [] }
        return perform(action, &state)
    }

    static func perform(_ action: Action, _ state: inout AppState) -> [Effect] {
        switch action {
        case .quit:
            return quit(&state)
        case .forceQuit:
            state.quitting = true
        case .nextPane, .previousPane:
            let panes = Pane.allCases
            let step = action == .nextPane ? 1 : panes.count - 1
            focus(panes[(state.focus.rawValue + step) % panes.count], &state)
        case .focusTree: focus(.tree, &state)
        case .focusEditor: focus(.editor, &state)
        case .focusResponse: focus(.response, &state)
        case .focusTransfers: focus(.transfers, &state)
        case .focusRetryLog: focus(.retryLog, &state)
        case .focusCache:
            focus(.cache, &state)
            return [.loadCache]
        case .send:
            return send(nil, &state)
        case .cancel:
            if state.sending != nil {
                state.status = StatusMessage(text: "cancelling \(state.sending ?? "the request")…", isError: false)
                return [.cancelSend]
            }
            if state.search != nil { state.search = nil }
        case .cycleMode:
            let modes = ResponseMode.allCases
            let current = state.snapshot?.mode ?? .normal
            let index = modes.firstIndex(of: current) ?? 0
            return [.run(.mode(modes[(index + 1) % modes.count]))]
        case .commandLine:
            state.commandLine = CommandLineState()
        case .help:
            state.dialog = .help(scroll: 0)
        default:
            return paneAction(action, &state)
        }
        return []
    }

    static func paneAction(_ action: Action, _ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .tree: return treeAction(action, &state)
        case .editor: return editorAction(action, &state)
        case .response: responseAction(action, &state)
        case .transfers: state.transferSelection = move(state.transferSelection, action, count: state.transfers.count, page: 5)
        case .retryLog: state.retrySelection = move(state.retrySelection, action, count: state.retryLog.count, page: 5)
        case .cache: return cacheAction(action, &state)
        }
        return []
    }

    static func focus(_ pane: Pane, _ state: inout AppState) {
        state.focus = pane
        if pane.isActivity { state.activity = pane }
    }

    static func quit(_ state: inout AppState) -> [Effect] {
        let unsaved = state.snapshot?.unsaved ?? []
        if unsaved.isEmpty {
            state.quitting = true
        } else {
            state.dialog = .confirmQuit(unsaved: unsaved)
        }
        return []
    }

    static func send(_ name: String?, _ state: inout AppState) -> [Effect] {
        if let running = state.sending {
            state.status = StatusMessage(text: "\(running) is still running; Esc cancels it", isError: true)
            return []
        }
        guard let id = name ?? state.snapshot?.selected?.id else {
            state.status = StatusMessage(text: "select a spec first (Enter in the workspace tree)", isError: true)
            return []
        }
        state.sending = id
        state.sendStarted = state.now
        state.status = StatusMessage(text: "sending \(id) in \(state.snapshot?.mode.rawValue ?? "normal") mode… (Esc cancels)", isError: false)
        return [.send(name)]
    }

    // MARK: Panes

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

    // MARK: Text input

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

    // MARK: Results

    static func finished(_ command: Command, _ result: Result<CommandOutput, ExplorerError>, _ state: inout AppState) -> [Effect] {
        let output: CommandOutput
        switch result {
        case .failure(let error):
            state.status = StatusMessage(text: error.message, isError: true)
            return []
        case .success(let value):
            output = value
        }
        switch output {
        case .done(let text):
            state.status = StatusMessage(text: text, isError: false)
            if case .cache = command { return [.loadCache] }
        case .help(let infos):
            state.dialog = .output(title: "help", lines: infos.flatMap { ["\($0.usage)", "  \($0.summary)"] }, scroll: 0)
        case .specs(let specs):
            state.dialog = .output(title: "specs", lines: specs.map { "\($0.method.padding(toLength: 7, withPad: " ", startingAt: 0)) \($0.id)  \($0.path)" }, scroll: 0)
        case .request(let request, let edited):
            var lines = ["\(request.method.rawValue) \(request.url.absoluteString)" + (edited ? "   (edited, unsaved)" : "")]
            for field in request.headers { lines.append("\(field.name.rawName): \(field.value)") }
            if case .data(let data) = request.body {
                lines.append("")
                lines += String(decoding: data.prefix(16 * 1024), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            state.dialog = .output(title: "show", lines: lines, scroll: 0)
        case .response, .cacheEntry:
            break
        case .retryLog: focus(.retryLog, &state)
        case .transfers: focus(.transfers, &state)
        case .cacheEntries(let entries):
            state.cacheEntries = entries.map(CacheRow.init)
            focus(.cache, &state)
        case .history(let entries):
            let lines = entries.map { entry in
                let outcome = entry.status.map { "\($0) \(entry.source?.rawValue ?? "")" } ?? (entry.error ?? "failed")
                return "\(Format.clock(entry.date, in: state.timeZone))  \(entry.method) \(entry.spec ?? entry.url)  \(outcome)  \(Format.duration(entry.duration))"
            }
            state.dialog = .output(title: "history", lines: lines.isEmpty ? ["(nothing sent yet)"] : lines, scroll: 0)
        case .curl(let text):
            state.dialog = .output(title: "curl", lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), scroll: 0)
        case .quit(let unsaved):
            if unsaved.isEmpty { state.quitting = true } else { state.dialog = .confirmQuit(unsaved: unsaved) }
        }
        return []
    }

    // MARK: Helpers

    static func clamp(_ index: Int, count: Int) -> Int {
        count == 0 ? 0 : min(max(0, index), count - 1)
    }

    /// Keeps a selection on the newest row when it was on the newest row before.
    static func follow(_ selection: Int, old: Int, new: Int) -> Int {
        if old == 0 || selection >= old - 1 { return max(0, new - 1) }
        return clamp(selection, count: new)
    }

    static func move(_ index: Int, _ action: Action, count: Int, page: Int) -> Int {
        let moved: Int
        switch action {
        case .up: moved = index - 1
        case .down: moved = index + 1
        case .pageUp: moved = index - page
        case .pageDown: moved = index + page
        case .top: moved = 0
        case .bottom: moved = count - 1
        default: moved = index
        }
        return clamp(moved, count: count)
    }
}

extension CacheRow {
    init(_ entry: StoredResponse) {
        self.init(
            key: entry.key, method: entry.method, status: entry.status, size: entry.body.count, storedAt: entry.storedAt,
            validUntil: entry.validUntil, source: entry.source
        )
    }
}
