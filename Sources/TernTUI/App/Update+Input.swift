import Foundation
import Tern
import TernExplorer
import TernScreen

/// Dialogs (confirmations, scrolled output) and what the `:` line runs; the line itself
/// (`CommandLineInput`) and the panes' own text input are components.
extension App {
    static func dialogKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard let dialog = state.dialog else { return [] }
        switch dialog {
        case .help(let scroll):
            // The table's `Windows` keys scroll; any other key closes.
            switch state.keys.action(for: key, in: .window) {
            case .down: state.dialog = .help(scroll: scroll + 1)
            case .up: state.dialog = .help(scroll: max(0, scroll - 1))
            case .pageDown: state.dialog = .help(scroll: scroll + 10)
            case .pageUp: state.dialog = .help(scroll: max(0, scroll - 10))
            default: state.dialog = nil
            }
        case .output(let title, let lines, let scroll):
            let last = max(0, windowRows(lines, size: state.size) - 1)
            switch state.keys.action(for: key, in: .window) {
            case .down: state.dialog = .output(title: title, lines: lines, scroll: min(scroll + 1, last))
            case .up: state.dialog = .output(title: title, lines: lines, scroll: max(0, scroll - 1))
            case .pageDown: state.dialog = .output(title: title, lines: lines, scroll: min(scroll + 10, last))
            case .pageUp: state.dialog = .output(title: title, lines: lines, scroll: max(0, scroll - 10))
            case .yank:
                // The lines as they are, not as wrapped: a copied curl command still runs.
                return copied(lines.joined(separator: "\n"), what: "the \(title) window", &state)
            default: state.dialog = nil
            }
        case .picker(let picker):
            return pickerKey(key, picker, &state)
        case .invalidJSON(let job, let text, _):
            return invalidJSONKey(key, job: job, text: text, &state)
        case .confirmQuit:
            if let yes = Answer.of(key) {
                state.dialog = nil
                state.quitting = yes
                // Asked by Ctrl-C: the quit is an interrupt's (exit 130).
                state.interrupted = yes && state.lastInterrupt != nil
                state.lastInterrupt = nil
            }
        case .confirmDelete(let entry):
            if let yes = Answer.of(key) {
                state.dialog = nil
                if yes { return [.run(.cache(.clear(entry)))] }
            }
        case .confirmClear:
            if let yes = Answer.of(key) {
                state.dialog = nil
                if yes { return [.run(.cache(.clear(nil)))] }
            }
        }
        return []
    }

    /// A key while the `:` line is typed: the line takes it; a line submitted is kept in the
    /// history and run.
    static func commandKey(_ key: Key, _ state: inout AppState) -> [Effect] {
        guard var line = state.commandLine else { return [] }
        var reply = line.handle(key, state.context(focused: true, page: 1)) ?? Reply()
        state.commandLine = line.isOpen ? line : nil
        guard case .submitted(let text) = reply.event else { return state.apply(reply) }
        reply.event = nil
        if state.commandHistory.last != text { state.commandHistory.append(text) }
        return state.apply(reply) + route(text, &state)
    }

    /// Runs a `:` line: the same language as the REPL, with the commands that have a place in the
    /// TUI (send, log, transfers, cache, help, quit, run, history, filter, vars) shown there.
    static func route(_ text: String, _ state: inout AppState) -> [Effect] {
        if text == messagesCommand {
            openMessages(&state)
            return []
        }
        if text == zoomCommand {
            toggleZoom(&state)
            return []
        }
        let command: Command
        do {
            command = try CommandParser.parse(text)
        } catch {
            state.status = StatusMessage(text: error.message, isError: true)
            return []
        }
        switch command {
        case .send(let name?):
            // The spec sent becomes the selection: the header and the Request pane show what was sent.
            return [.select(name)] + send(name, &state)
        case .send(nil): return send(nil, &state)
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
        case .run(let target): return startRun(target, &state)
        case .history:
            state.status = StatusMessage(text: "reading the history…", isError: false)
            return [.loadHistory]
        case .filter(let expression) where state.responsePane.view != nil:
            return applyFilter(expression, &state)
        case .vars(clear: nil):
            focus(.editor, &state)
            state.requestEditor.tab = .variables
            state.requestEditor.selection = 0
            return [.loadVariables]
        case .body(.editor):
            guard let selected = state.snapshot?.selected else { return [.run(command)] }
            return [.openEditor(EditorJob.body(of: selected))]
        default: return [.run(command)]
        }
        return []
    }
}
