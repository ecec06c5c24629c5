package import TernScreen

/// What a key does.
package enum Action: String, Sendable, CaseIterable, Hashable {
    // Everywhere
    case quit, forceQuit, nextPane, previousPane, send, verify, diff, cycleMode, commandLine, help, cancel, history
    case runResults
    case focusTree, focusEditor, focusResponse, focusTransfers, focusRetryLog, focusCache
    // Lists
    case up, down, pageUp, pageDown, top, bottom
    // Tree
    case open, collapse, expand, filter, runSpecs, runWithData
    // Editor
    case previousTab, nextTab, add, edit, delete, toggle, editMethod, editPath
    // Response
    case left, right, search, nextMatch, previousMatch, filterBody
    // Cache
    case clearAll, refresh
    // Pickers and copying
    case pickEnvironment, pickMode, yank
    // Layout
    case narrowTree, widenTree, zoom, wrap
    // Views
    case cookies, close
}

/// Where a binding applies: everywhere (under a pane's own keys), in one pane, or in one of the views
/// over the frame (which take every key while open: the keys of `everywhere` do not reach them).
package enum KeyScope: Sendable, Hashable {
    case everywhere
    case pane(Pane)
    /// The history view (`H`).
    case history
    /// The run results view (`L`, after `R`).
    case runResults
    /// The cookies view (`C`).
    case cookies
    /// A list to choose from: the environment (`E`), the mode (`O`), what to copy (`y`).
    case picker
    /// A window of text (`?` help, `:show`, `:curl`, `:messages`, …); any key it does not bind closes it.
    case window

    /// Every scope, in the order help and docs/keys.md list them.
    package static let all: [KeyScope] =
        [.everywhere] + Pane.allCases.map { .pane($0) } + [.history, .runResults, .cookies, .picker, .window]

    /// The scope's heading in help and docs/keys.md.
    package var title: String {
        switch self {
        case .everywhere: "Everywhere"
        case .pane(let pane): pane.title
        case .history: "History"
        case .runResults: "Run results"
        case .cookies: "Cookies"
        case .picker: "Pickers (environment, mode, copy)"
        case .window: "Windows (help, :show, :curl, :messages; any other key closes)"
        }
    }
}

/// One binding: keys, where they apply, the action and its help text.
package struct KeyBinding: Sendable, Hashable {
    /// Where the keys do `action`.
    package var scope: KeyScope
    package var keys: [Key]
    package var action: Action
    package var help: String

    /// A binding of `keys` to `action` in `scope`.
    package init(_ scope: KeyScope, keys: [Key], action: Action, help: String) {
        self.scope = scope
        self.keys = keys
        self.action = action
        self.help = help
    }

    /// The keys as help shows them (`j/↓`).
    package var keyText: String { keys.map(\.description).joined(separator: "/") }
}

/// The key table: it drives `update`, the `?` overlay, the status line's hints, the views' titles
/// and `docs/keys.md`.
///
/// A value: the app state holds the table in force (the defaults, or what the user's config file
/// made of them) and every component looks its keys up in the table it is given.
package struct KeyTable: Sendable, Hashable {
    /// The bindings, in the order help lists them.
    package var bindings: [KeyBinding]

    /// A table of `bindings`; the defaults when none are given.
    package init(_ bindings: [KeyBinding] = KeyTable.defaults) {
        self.bindings = bindings
    }

    /// The action `key` has in `scope` alone (a pane's own keys, not those of `everywhere`).
    package func action(for key: Key, in scope: KeyScope) -> Action? {
        bindings.first { $0.scope == scope && $0.keys.contains(key) }?.action
    }

    /// The action of `key` with `pane` focused: the pane's binding first, then the one of `everywhere`.
    package func action(for key: Key, in pane: Pane) -> Action? {
        action(for: key, in: .pane(pane)) ?? action(for: key, in: .everywhere)
    }

    /// The first key `scope` binds to `action`, as help writes it (`?` when the table has none).
    package func key(for action: Action, in scope: KeyScope) -> String {
        bindings.first { $0.scope == scope && $0.action == action }?.keys.first?.description ?? "?"
    }
}
