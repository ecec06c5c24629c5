import Synchronization
package import TernScreen

/// What a key does.
package enum Action: String, Sendable, CaseIterable, Hashable {
    // Everywhere
    case quit, forceQuit, nextPane, previousPane, send, verify, cycleMode, commandLine, help, cancel, history
    case runResults
    case focusTree, focusEditor, focusResponse, focusTransfers, focusRetryLog, focusCache
    // Lists
    case up, down, pageUp, pageDown, top, bottom
    // Tree
    case open, collapse, expand, filter, runSpecs
    // Editor
    case previousTab, nextTab, add, edit, delete, toggle, editMethod, editPath
    // Response
    case left, right, search, nextMatch, previousMatch, filterBody
    // Cache
    case clearAll, refresh
    // Pickers and copying
    case pickEnvironment, pickMode, yank
    // Layout
    case narrowTree, widenTree
    // Views
    case cookies
}

/// One binding: keys, where they apply, the action and its help text.
package struct KeyBinding: Sendable, Hashable {
    /// `nil`: every pane.
    package var pane: Pane?
    package var keys: [Key]
    package var action: Action
    package var help: String

    /// The keys as help shows them (`j/↓`).
    package var keyText: String { keys.map(\.description).joined(separator: "/") }
}

/// The one key table: it drives `update`, the `?` overlay, the status line's hints and `docs/keys.md`.
package enum KeyTable {
    /// The table in force: the defaults, or what the user's config file made of them (`install`).
    package static var bindings: [KeyBinding] { installed.withLock { $0 } ?? defaults }

    /// The bindings the config file's `keys:` made, once installed.
    private static let installed = Mutex<[KeyBinding]?>(nil)

    /// Makes `table` the one in force (the TUI does so once, at start, from the config file).
    package static func install(_ table: [KeyBinding]) {
        installed.withLock { $0 = table }
    }

    /// The table as it ships (what docs/keys.md shows).
    package static let defaults: [KeyBinding] = [
        KeyBinding(pane: nil, keys: [.tab], action: .nextPane, help: "next pane"),
        KeyBinding(pane: nil, keys: [.backTab], action: .previousPane, help: "previous pane"),
        KeyBinding(pane: nil, keys: [.character("1")], action: .focusTree, help: "workspace tree"),
        KeyBinding(pane: nil, keys: [.character("2")], action: .focusEditor, help: "request editor"),
        KeyBinding(pane: nil, keys: [.character("3")], action: .focusResponse, help: "response"),
        KeyBinding(pane: nil, keys: [.character("4")], action: .focusTransfers, help: "transfers"),
        KeyBinding(pane: nil, keys: [.character("5")], action: .focusRetryLog, help: "retry log"),
        KeyBinding(pane: nil, keys: [.character("6")], action: .focusCache, help: "cache"),
        KeyBinding(pane: nil, keys: [.character("s")], action: .send, help: "send the selected spec"),
        KeyBinding(
            pane: nil, keys: [.character("v")], action: .verify,
            help: "verify: send live, diff with the stored answer"),
        KeyBinding(pane: nil, keys: [.escape, .ctrl("x")], action: .cancel, help: "cancel the running request"),
        KeyBinding(
            pane: nil, keys: [.character("m")], action: .cycleMode, help: "mode: normal → live → cache → sample"),
        KeyBinding(
            pane: nil, keys: [.character("E")], action: .pickEnvironment,
            help: "environment: pick from the list (the active one marked)"),
        KeyBinding(
            pane: nil, keys: [.character("O")], action: .pickMode, help: "mode: pick from the list (the current marked)"
        ),
        KeyBinding(
            pane: nil, keys: [.character("y")], action: .yank,
            help: "copy the body, a header value, the URL or the curl command (OSC 52)"),
        KeyBinding(
            pane: nil, keys: [.character(":")], action: .commandLine,
            help: "command line (the REPL's commands; Tab completes)"),
        KeyBinding(
            pane: nil, keys: [.character("H")], action: .history,
            help: "history: past sends (Enter opens one, s sends it again)"),
        KeyBinding(
            pane: nil, keys: [.character("C")], action: .cookies,
            help: "cookies of the environment (d deletes one, D clears all)"),
        KeyBinding(
            pane: nil, keys: [.character("L")], action: .runResults,
            help: "the last run's results again (Enter opens a spec's response)"),
        KeyBinding(pane: nil, keys: [.character("<")], action: .narrowTree, help: "narrow the workspace tree"),
        KeyBinding(pane: nil, keys: [.character(">")], action: .widenTree, help: "widen the workspace tree"),
        KeyBinding(pane: nil, keys: [.character("?")], action: .help, help: "this help"),
        KeyBinding(pane: nil, keys: [.character("q")], action: .quit, help: "quit (asks first when edits are unsaved)"),
        KeyBinding(pane: nil, keys: [.ctrl("c")], action: .forceQuit, help: "quit now, restoring the terminal"),

        KeyBinding(pane: .tree, keys: [.character("k"), .up], action: .up, help: "move up"),
        KeyBinding(pane: .tree, keys: [.character("j"), .down], action: .down, help: "move down"),
        KeyBinding(pane: .tree, keys: [.enter], action: .open, help: "select the spec / open or close the group"),
        KeyBinding(pane: .tree, keys: [.character("h"), .left], action: .collapse, help: "collapse the group"),
        KeyBinding(pane: .tree, keys: [.character("l"), .right], action: .expand, help: "expand the group"),
        KeyBinding(pane: .tree, keys: [.character("/")], action: .filter, help: "filter specs by name"),
        KeyBinding(
            pane: .tree, keys: [.character("R")], action: .runSpecs,
            help: "run the group (or spec) under the cursor and check its expectations"),
        KeyBinding(pane: .tree, keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(pane: .tree, keys: [.pageDown], action: .pageDown, help: "page down"),

        KeyBinding(pane: .editor, keys: [.character("k"), .up], action: .up, help: "previous row"),
        KeyBinding(pane: .editor, keys: [.character("j"), .down], action: .down, help: "next row"),
        KeyBinding(
            pane: .editor, keys: [.character("["), .left], action: .previousTab,
            help: "previous tab (Query, Headers, Vars, Body)"),
        KeyBinding(pane: .editor, keys: [.character("]"), .right], action: .nextTab, help: "next tab"),
        KeyBinding(pane: .editor, keys: [.character("a")], action: .add, help: "add a row"),
        KeyBinding(
            pane: .editor, keys: [.character("e"), .enter], action: .edit, help: "edit the row; on Body: open $EDITOR"),
        KeyBinding(pane: .editor, keys: [.character("d")], action: .delete, help: "delete the row"),
        KeyBinding(
            pane: .editor, keys: [.character(" ")], action: .toggle, help: "switch the row on/off (kept, not sent)"),
        KeyBinding(pane: .editor, keys: [.character("M")], action: .editMethod, help: "edit the method"),
        KeyBinding(pane: .editor, keys: [.character("p")], action: .editPath, help: "edit the path"),

        KeyBinding(pane: .response, keys: [.character("k"), .up], action: .up, help: "scroll up"),
        KeyBinding(pane: .response, keys: [.character("j"), .down], action: .down, help: "scroll down"),
        KeyBinding(pane: .response, keys: [.pageUp, .ctrl("b")], action: .pageUp, help: "page up"),
        KeyBinding(
            pane: .response, keys: [.pageDown, .ctrl("f"), .character(" ")], action: .pageDown, help: "page down"),
        KeyBinding(pane: .response, keys: [.character("g"), .home], action: .top, help: "top"),
        KeyBinding(pane: .response, keys: [.character("G"), .end], action: .bottom, help: "bottom"),
        KeyBinding(pane: .response, keys: [.character("h"), .left], action: .left, help: "scroll left"),
        KeyBinding(pane: .response, keys: [.character("l"), .right], action: .right, help: "scroll right"),
        KeyBinding(
            pane: .response, keys: [.character("[")], action: .previousTab,
            help: "previous tab (Body, Headers, Request, Checks)"),
        KeyBinding(pane: .response, keys: [.character("]")], action: .nextTab, help: "next tab"),
        KeyBinding(pane: .response, keys: [.character("/")], action: .search, help: "search the body"),
        KeyBinding(pane: .response, keys: [.character("n")], action: .nextMatch, help: "next match"),
        KeyBinding(pane: .response, keys: [.character("N")], action: .previousMatch, help: "previous match"),
        KeyBinding(
            pane: .response, keys: [.character("f")], action: .filterBody,
            help: "filter the JSON body with a JSONPath (Esc shows it all)"),

        KeyBinding(pane: .transfers, keys: [.character("k"), .up], action: .up, help: "previous transfer"),
        KeyBinding(pane: .transfers, keys: [.character("j"), .down], action: .down, help: "next transfer"),
        KeyBinding(pane: .retryLog, keys: [.character("k"), .up], action: .up, help: "previous attempt"),
        KeyBinding(pane: .retryLog, keys: [.character("j"), .down], action: .down, help: "next attempt"),

        KeyBinding(pane: .cache, keys: [.character("k"), .up], action: .up, help: "previous entry"),
        KeyBinding(pane: .cache, keys: [.character("j"), .down], action: .down, help: "next entry"),
        KeyBinding(pane: .cache, keys: [.enter], action: .open, help: "open the entry in the response pane"),
        KeyBinding(pane: .cache, keys: [.character("d")], action: .delete, help: "delete the entry (asks first)"),
        KeyBinding(pane: .cache, keys: [.character("D")], action: .clearAll, help: "clear the cache (asks first)"),
        KeyBinding(pane: .cache, keys: [.character("r")], action: .refresh, help: "reload the list"),
    ]

    /// The action of `key` in `pane`: the pane's binding first, then the global one.
    package static func action(for key: Key, in pane: Pane) -> Action? {
        bindings.first { $0.pane == pane && $0.keys.contains(key) }?.action
            ?? bindings.first { $0.pane == nil && $0.keys.contains(key) }?.action
    }

    /// The short hints the status line shows for `pane`.
    package static func hints(for pane: Pane) -> String {
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
        var parts = local.compactMap { action, label in
            bindings.first { $0.pane == pane && $0.action == action }.map { "\($0.keys[0]) \(label)" }
        }
        parts += ["s send", "m mode", ": command", "Tab pane", "? help", "q quit"]
        return parts.joined(separator: "  ")
    }

    /// The table as help lines, grouped by pane.
    package static func helpLines() -> [String] {
        var lines: [String] = []
        let groups: [(String, Pane?)] = [("Everywhere", nil)] + Pane.allCases.map { ($0.title, $0) }
        for (title, pane) in groups {
            let rows = bindings.filter { $0.pane == pane }
            guard !rows.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(title)
            for row in rows {
                lines.append("  " + row.keyText.padding(toLength: 16, withPad: " ", startingAt: 0) + row.help)
            }
        }
        return lines
    }

    /// `docs/keys.md`, generated (a test fails when the file is stale).
    package static func markdown() -> String {
        var text = """
            # TUI keys

            Generated from `KeyTable` (`Sources/TernTUI/KeyTable.swift`) — the same table drives the
            TUI, its `?` overlay and the status line's hints. Regenerate with
            `TERN_RECORD_DOCS=1 swift test --filter KeyDocs`. These are the keys as Tern ships them;
            `keys:` in the config file (docs/tui.md, "Config file") rebinds an action by its name, and
            the `?` overlay then shows the keys in force.

            """
        let groups: [(String, Pane?)] = [("Everywhere", nil)] + Pane.allCases.map { ($0.title, $0) }
        for (title, pane) in groups {
            let rows = defaults.filter { $0.pane == pane }
            guard !rows.isEmpty else { continue }
            text += "\n## \(title)\n\n| keys | action | name (config) |\n|---|---|---|\n"
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
