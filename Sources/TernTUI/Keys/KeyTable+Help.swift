import Foundation
import TernScreen

/// What the table tells the user: the status line's hints, the `?` overlay and docs/keys.md.
extension KeyTable {
    /// The bottom line's hints for what has the keys (a pane, or a view over the frame), at most
    /// `width` columns: when they do not all fit, the least needed go first (never a cut word); `?
    /// help` and quitting stay.
    package func hints(for scope: KeyScope, width: Int = .max) -> String {
        // (action, label, scope, priority): 0 always shown, higher numbers dropped first.
        var wanted: [(Action, String, KeyScope, Int)] = []
        switch scope {
        case .pane(let pane):
            let local: [(Action, String)]
            switch pane {
            case .tree: local = [(.open, "select"), (.filter, "filter"), (.collapse, "fold"), (.runSpecs, "run")]
            case .editor:
                local = [
                    (.nextTab, "tab"), (.add, "add"), (.edit, "edit"), (.delete, "delete"), (.toggle, "on/off"),
                    (.editPath, "path"),
                ]
            case .response:
                local = [(.nextTab, "tab"), (.search, "search"), (.wrap, "wrap"), (.pageDown, "page")]
            case .transfers, .retryLog: local = [(.down, "move")]
            case .cache: local = [(.open, "open"), (.delete, "delete"), (.clearAll, "clear all")]
            }
            wanted = local.enumerated().map { index, item in (item.0, item.1, scope, index == 0 ? 1 : 3 + index) }
            wanted += [
                (.send, "send", .everywhere, 1), (.zoom, "zoom", .everywhere, 3), (.cycleMode, "mode", .everywhere, 6),
                (.commandLine, "command", .everywhere, 2), (.nextPane, "pane", .everywhere, 5),
                (.help, "help", .everywhere, 0), (.quit, "quit", .everywhere, 0),
            ]
        case .history:
            wanted = [
                (.open, "open", scope, 1), (.send, "send again", scope, 1), (.wrap, "wrap", scope, 2),
                (.down, "move", scope, 3), (.close, "close", scope, 0),
            ]
        case .runResults:
            wanted = [(.open, "open", scope, 1), (.down, "move", scope, 2), (.close, "close", scope, 0)]
        case .cookies:
            wanted = [
                (.delete, "delete", scope, 1), (.clearAll, "clear all", scope, 2), (.refresh, "reload", scope, 3),
                (.close, "close", scope, 0),
            ]
        case .everywhere, .picker, .window:
            return ""
        }
        var parts = wanted.compactMap { action, label, scope, priority in
            hint(action, label, in: scope).map { (text: $0, priority: priority) }
        }
        func fits() -> Bool { CellWidth.of(parts.map(\.text).joined(separator: "  ")) <= width }
        while !fits(),
            let drop = parts.indices.filter({ parts[$0].priority > 0 }).max(by: {
                (parts[$0].priority, $0) < (parts[$1].priority, $1)
            })
        {
            parts.remove(at: drop)
        }
        return parts.map(\.text).joined(separator: "  ")
    }

    /// `s send`: the first key `scope` binds to `action` and `label`; `nil` when it binds none.
    private func hint(_ action: Action, _ label: String, in scope: KeyScope) -> String? {
        bindings.first { $0.scope == scope && $0.action == action }.map { "\($0.keys[0]) \(label)" }
    }

    /// The table as help lines, grouped by scope, `first`'s group (the focused pane's) at the top; with a
    /// `width`, a description too long for it wraps under its own column.
    package func helpLines(first: KeyScope? = nil, width: Int = .max) -> [String] {
        var lines: [String] = []
        let scopes = (first.map { [$0] } ?? []) + KeyScope.all.filter { $0 != first }
        for scope in scopes {
            let rows = bindings.filter { $0.scope == scope }
            guard !rows.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(scope.title)
            for row in rows {
                lines += Self.column(row.keyText, 16, row.help, width: width)
            }
        }
        return lines
    }

    /// `  NAME…  text`, NAME padded to `columns`, the text wrapped at `width` under its own column.
    package static func column(_ name: String, _ columns: Int, _ text: String, width: Int = .max) -> [String] {
        let head = "  " + name.padding(toLength: max(columns, name.count), withPad: " ", startingAt: 0)
        let indent = CellWidth.of(head)
        guard width > indent + 8 else { return [head + text] }
        let rows = Wrap.rows(text, width: width - indent)
        return rows.enumerated().map { index, row in
            (index == 0 ? head : String(repeating: " ", count: indent))
                + String(row.reversed().drop { $0 == " " }.reversed())
        }
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
