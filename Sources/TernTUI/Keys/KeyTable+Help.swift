import Foundation
import TernScreen

/// What the table tells the user: the status line's hints, the `?` overlay and docs/keys.md.
extension KeyTable {
    /// The short hints the status line shows for `pane`.
    package func hints(for pane: Pane) -> String {
        let local: [(Action, String)]
        switch pane {
        case .tree: local = [(.open, "select"), (.filter, "filter"), (.collapse, "fold")]
        case .editor:
            local = [
                (.nextTab, "tab"), (.add, "add"), (.edit, "edit"), (.delete, "delete"), (.toggle, "on/off"),
                (.editPath, "path"),
            ]
        case .response: local = [(.nextTab, "tab"), (.search, "search"), (.pageDown, "page")]
        case .transfers, .retryLog: local = [(.down, "move")]
        case .cache: local = [(.open, "open"), (.delete, "delete"), (.clearAll, "clear all")]
        }
        let global: [(Action, String)] = [
            (.send, "send"), (.cycleMode, "mode"), (.commandLine, "command"), (.nextPane, "pane"), (.help, "help"),
            (.quit, "quit"),
        ]
        let parts =
            local.compactMap { action, label in hint(action, label, in: .pane(pane)) }
            + global.compactMap { action, label in hint(action, label, in: .everywhere) }
        return parts.joined(separator: "  ")
    }

    /// `s send`: the first key `scope` binds to `action` and `label`; `nil` when it binds none.
    private func hint(_ action: Action, _ label: String, in scope: KeyScope) -> String? {
        bindings.first { $0.scope == scope && $0.action == action }.map { "\($0.keys[0]) \(label)" }
    }

    /// The table as help lines, grouped by scope.
    package func helpLines() -> [String] {
        var lines: [String] = []
        for scope in KeyScope.all {
            let rows = bindings.filter { $0.scope == scope }
            guard !rows.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(scope.title)
            for row in rows {
                lines.append("  " + row.keyText.padding(toLength: 16, withPad: " ", startingAt: 0) + row.help)
            }
        }
        return lines
    }

    /// `docs/keys.md`, generated from the defaults (a test fails when the file is stale).
    package static func markdown() -> String {
        var text = """
            # TUI keys

            Generated from `KeyTable` (`Sources/TernTUI/Keys/KeyTable+Defaults.swift`) — the same table
            drives the TUI, its `?` overlay, the status line's hints and the views' titles. Regenerate
            with `TERN_RECORD_DOCS=1 swift test --filter KeyDocs`. These are the keys as Tern ships them;
            `keys:` in the config file (docs/tui.md, "Config file") rebinds an action by its name wherever
            it is bound, and the `?` overlay then shows the keys in force.

            """
        for scope in KeyScope.all {
            let rows = defaults.filter { $0.scope == scope }
            guard !rows.isEmpty else { continue }
            text += "\n## \(scope.title)\n\n| keys | action | name (config) |\n|---|---|---|\n"
            for row in rows {
                let keys = row.keys.map { "`\($0.description == "|" ? "\\|" : $0.description)`" }.joined(separator: " ")
                text += "| \(keys) | \(row.help) | `\(row.action.rawValue)` |\n"
            }
        }
        text += """

            ## Text fields (command line, filter, search, forms)

            | keys | action |
            |---|---|
            | `Enter` | accept |
            | `Esc` | cancel |
            | `Tab` | complete (command line) / next field (forms) |
            | `↑` `↓` | command history (command line) |
            | `←` `→` `Home` `End` `Ctrl-A` `Ctrl-E` | move |
            | `Backspace` `Delete` `Ctrl-U` `Ctrl-K` `Ctrl-W` | delete |

            """
        return text
    }
}
