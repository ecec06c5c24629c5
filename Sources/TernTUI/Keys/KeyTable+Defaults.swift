import TernScreen

/// The bindings Tern ships: one list for the panes, the views over the frame and the keys that work
/// everywhere.
extension KeyTable {
    /// The bindings as Tern ships them (what docs/keys.md shows).
    package static let defaults: [KeyBinding] = [
        KeyBinding(.everywhere, keys: [.tab], action: .nextPane, help: "next pane"),
        KeyBinding(.everywhere, keys: [.backTab], action: .previousPane, help: "previous pane"),
        KeyBinding(.everywhere, keys: [.character("1")], action: .focusTree, help: "workspace tree"),
        KeyBinding(.everywhere, keys: [.character("2")], action: .focusEditor, help: "request editor"),
        KeyBinding(.everywhere, keys: [.character("3")], action: .focusResponse, help: "response"),
        KeyBinding(.everywhere, keys: [.character("4")], action: .focusTransfers, help: "transfers"),
        KeyBinding(.everywhere, keys: [.character("5")], action: .focusRetryLog, help: "retry log"),
        KeyBinding(.everywhere, keys: [.character("6")], action: .focusCache, help: "cache"),
        KeyBinding(
            .everywhere, keys: [.character("s")], action: .send,
            help: "send: in the tree the spec under the cursor, elsewhere the selected one"),
        KeyBinding(
            .everywhere, keys: [.character("v")], action: .verify,
            help: "verify: send live, diff with the stored answer"),
        KeyBinding(
            .everywhere, keys: [.character("=")], action: .diff,
            help: "diff: the spec's newest answer beside the previous one (:diff --with ENV, --history N M)"),
        KeyBinding(.everywhere, keys: [.escape, .ctrl("x")], action: .cancel, help: "cancel the running request"),
        KeyBinding(
            .everywhere, keys: [.character("m")], action: .cycleMode, help: "mode: normal → live → cache → sample"),
        KeyBinding(
            .everywhere, keys: [.character("E")], action: .pickEnvironment,
            help: "environment: pick from the list (the active one marked)"),
        KeyBinding(
            .everywhere, keys: [.character("O")], action: .pickMode,
            help: "mode: pick from the list (the current marked)"
        ),
        KeyBinding(
            .everywhere, keys: [.character("y")], action: .yank,
            help: "copy the body, a header value, the URL or the curl command (OSC 52)"),
        KeyBinding(
            .everywhere, keys: [.character(":")], action: .commandLine,
            help: "command line (the REPL's commands; Tab completes)"),
        KeyBinding(
            .everywhere, keys: [.character("H")], action: .history,
            help: "history: past sends (Enter opens one, s sends it again)"),
        KeyBinding(
            .everywhere, keys: [.character("C")], action: .cookies,
            help: "cookies of the environment (d deletes one, D clears all)"),
        KeyBinding(
            .everywhere, keys: [.character("L")], action: .runResults,
            help: "the last run's results again (Enter opens a spec's response)"),
        KeyBinding(.everywhere, keys: [.character("<")], action: .narrowTree, help: "narrow the workspace tree"),
        KeyBinding(.everywhere, keys: [.character(">")], action: .widenTree, help: "widen the workspace tree"),
        KeyBinding(
            .everywhere, keys: [.character("z")], action: .zoom,
            help: "zoom: the focused pane fills the screen, and back (:zoom)"),
        KeyBinding(.everywhere, keys: [.character("?")], action: .help, help: "this help"),
        KeyBinding(
            .everywhere, keys: [.character("q")], action: .quit, help: "quit (asks first when edits are unsaved)"),
        KeyBinding(
            .everywhere, keys: [.ctrl("c")], action: .forceQuit,
            help: "cancel the request; when idle quit (twice: drop unsaved edits)"),

        KeyBinding(.pane(.tree), keys: [.character("k"), .up], action: .up, help: "move up"),
        KeyBinding(.pane(.tree), keys: [.character("j"), .down], action: .down, help: "move down"),
        KeyBinding(.pane(.tree), keys: [.enter], action: .open, help: "select the spec / open or close the group"),
        KeyBinding(.pane(.tree), keys: [.character("e")], action: .edit, help: "edit the spec's body in $EDITOR"),
        KeyBinding(.pane(.tree), keys: [.character("h"), .left], action: .collapse, help: "collapse the group"),
        KeyBinding(.pane(.tree), keys: [.character("l"), .right], action: .expand, help: "expand the group"),
        KeyBinding(.pane(.tree), keys: [.character("/")], action: .filter, help: "filter specs by name"),
        KeyBinding(
            .pane(.tree), keys: [.character(" ")], action: .toggle,
            help: "tick a GraphQL field or argument (query builder)"),
        KeyBinding(
            .pane(.tree), keys: [.character("R")], action: .runSpecs,
            help: "run the group (or spec) under the cursor and check its expectations"),
        KeyBinding(
            .pane(.tree), keys: [.character("D")], action: .runWithData,
            help: "run it once per row of a data file (:run … --data FILE, the file to type)"),
        KeyBinding(.pane(.tree), keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(.pane(.tree), keys: [.pageDown], action: .pageDown, help: "page down"),
        KeyBinding(.pane(.tree), keys: [.character("g"), .home], action: .top, help: "first row"),
        KeyBinding(.pane(.tree), keys: [.character("G"), .end], action: .bottom, help: "last row"),

        KeyBinding(.pane(.editor), keys: [.character("k"), .up], action: .up, help: "previous row"),
        KeyBinding(.pane(.editor), keys: [.character("j"), .down], action: .down, help: "next row"),
        KeyBinding(
            .pane(.editor), keys: [.character("["), .left], action: .previousTab,
            help: "previous tab (Query, Headers, Vars, Body)"),
        KeyBinding(.pane(.editor), keys: [.character("]"), .right], action: .nextTab, help: "next tab"),
        KeyBinding(.pane(.editor), keys: [.character("a")], action: .add, help: "add a row"),
        KeyBinding(
            .pane(.editor), keys: [.character("e"), .enter], action: .edit,
            help: "edit the row; on Body: open $EDITOR"),
        KeyBinding(.pane(.editor), keys: [.character("d")], action: .delete, help: "delete the row"),
        KeyBinding(
            .pane(.editor), keys: [.character(" ")], action: .toggle, help: "switch the row on/off (kept, not sent)"),
        KeyBinding(.pane(.editor), keys: [.character("M")], action: .editMethod, help: "edit the method"),
        KeyBinding(.pane(.editor), keys: [.character("p")], action: .editPath, help: "edit the path"),

        KeyBinding(.pane(.response), keys: [.character("k"), .up], action: .up, help: "scroll up"),
        KeyBinding(.pane(.response), keys: [.character("j"), .down], action: .down, help: "scroll down"),
        KeyBinding(.pane(.response), keys: [.pageUp, .ctrl("b")], action: .pageUp, help: "page up"),
        KeyBinding(
            .pane(.response), keys: [.pageDown, .ctrl("f"), .character(" ")], action: .pageDown, help: "page down"),
        KeyBinding(.pane(.response), keys: [.character("g"), .home], action: .top, help: "top"),
        KeyBinding(.pane(.response), keys: [.character("G"), .end], action: .bottom, help: "bottom"),
        KeyBinding(.pane(.response), keys: [.character("h"), .left], action: .left, help: "scroll left"),
        KeyBinding(.pane(.response), keys: [.character("l"), .right], action: .right, help: "scroll right"),
        KeyBinding(
            .pane(.response), keys: [.character("[")], action: .previousTab,
            help: "previous tab (Body, Headers, Request, Checks)"),
        KeyBinding(.pane(.response), keys: [.character("]")], action: .nextTab, help: "next tab"),
        KeyBinding(
            .pane(.response), keys: [.character("w")], action: .wrap,
            help: "wrap long lines, or scroll them sideways with h/l"),
        KeyBinding(.pane(.response), keys: [.character("/")], action: .search, help: "search the body"),
        KeyBinding(.pane(.response), keys: [.character("n")], action: .nextMatch, help: "next match"),
        KeyBinding(.pane(.response), keys: [.character("N")], action: .previousMatch, help: "previous match"),
        KeyBinding(
            .pane(.response), keys: [.character("f")], action: .filterBody,
            help: "filter the JSON body with a JSONPath (Esc shows it all)"),

        KeyBinding(.pane(.transfers), keys: [.character("k"), .up], action: .up, help: "previous transfer"),
        KeyBinding(.pane(.transfers), keys: [.character("j"), .down], action: .down, help: "next transfer"),
        KeyBinding(.pane(.retryLog), keys: [.character("k"), .up], action: .up, help: "previous attempt"),
        KeyBinding(.pane(.retryLog), keys: [.character("j"), .down], action: .down, help: "next attempt"),

        KeyBinding(.pane(.cache), keys: [.character("k"), .up], action: .up, help: "previous entry"),
        KeyBinding(.pane(.cache), keys: [.character("j"), .down], action: .down, help: "next entry"),
        KeyBinding(.pane(.cache), keys: [.enter], action: .open, help: "open the entry in the response pane"),
        KeyBinding(.pane(.cache), keys: [.character("d")], action: .delete, help: "delete the entry (asks first)"),
        KeyBinding(.pane(.cache), keys: [.character("D")], action: .clearAll, help: "clear the cache (asks first)"),
        KeyBinding(.pane(.cache), keys: [.character("r")], action: .refresh, help: "reload the list"),

        KeyBinding(.history, keys: [.up, .character("k")], action: .up, help: "newer send"),
        KeyBinding(.history, keys: [.down, .character("j")], action: .down, help: "older send"),
        KeyBinding(.history, keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(.history, keys: [.pageDown], action: .pageDown, help: "page down"),
        KeyBinding(.history, keys: [.home, .character("g")], action: .top, help: "newest"),
        KeyBinding(.history, keys: [.end, .character("G")], action: .bottom, help: "oldest"),
        KeyBinding(.history, keys: [.enter], action: .open, help: "open the send in the response pane"),
        KeyBinding(.history, keys: [.character("w")], action: .wrap, help: "wrap long lines, or scroll them"),
        KeyBinding(.history, keys: [.character("s")], action: .send, help: "send the entry's spec again"),
        KeyBinding(.history, keys: [.escape, .character("q")], action: .close, help: "close the history"),

        KeyBinding(.runResults, keys: [.up, .character("k")], action: .up, help: "previous spec"),
        KeyBinding(.runResults, keys: [.down, .character("j")], action: .down, help: "next spec"),
        KeyBinding(.runResults, keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(.runResults, keys: [.pageDown], action: .pageDown, help: "page down"),
        KeyBinding(.runResults, keys: [.home, .character("g")], action: .top, help: "first spec"),
        KeyBinding(.runResults, keys: [.end, .character("G")], action: .bottom, help: "last spec"),
        KeyBinding(.runResults, keys: [.enter], action: .open, help: "open the spec's response in the response pane"),
        KeyBinding(.runResults, keys: [.escape, .character("q")], action: .close, help: "close the run results"),

        KeyBinding(.cookies, keys: [.up, .character("k")], action: .up, help: "previous cookie"),
        KeyBinding(.cookies, keys: [.down, .character("j")], action: .down, help: "next cookie"),
        KeyBinding(.cookies, keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(.cookies, keys: [.pageDown], action: .pageDown, help: "page down"),
        KeyBinding(.cookies, keys: [.home, .character("g")], action: .top, help: "first cookie"),
        KeyBinding(.cookies, keys: [.end, .character("G")], action: .bottom, help: "last cookie"),
        KeyBinding(.cookies, keys: [.character("d"), .delete], action: .delete, help: "delete the cookie"),
        KeyBinding(.cookies, keys: [.character("D")], action: .clearAll, help: "clear the jar (asks first)"),
        KeyBinding(.cookies, keys: [.character("r")], action: .refresh, help: "reload the list"),
        KeyBinding(.cookies, keys: [.escape, .character("q")], action: .close, help: "close the cookies"),

        KeyBinding(.picker, keys: [.up, .character("k")], action: .up, help: "previous item"),
        KeyBinding(.picker, keys: [.down, .character("j")], action: .down, help: "next item"),
        KeyBinding(.picker, keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(.picker, keys: [.pageDown], action: .pageDown, help: "page down"),
        KeyBinding(.picker, keys: [.home, .character("g")], action: .top, help: "first item"),
        KeyBinding(.picker, keys: [.end, .character("G")], action: .bottom, help: "last item"),
        KeyBinding(.picker, keys: [.enter], action: .open, help: "choose the item"),
        KeyBinding(.picker, keys: [.escape, .character("q")], action: .close, help: "cancel"),

        KeyBinding(.window, keys: [.character("j"), .down], action: .down, help: "scroll down"),
        KeyBinding(.window, keys: [.character("k"), .up], action: .up, help: "scroll up"),
        KeyBinding(.window, keys: [.pageDown, .character(" ")], action: .pageDown, help: "page down"),
        KeyBinding(.window, keys: [.pageUp], action: .pageUp, help: "page up"),
        KeyBinding(.window, keys: [.character("y")], action: .yank, help: "copy the text (OSC 52; not in help)"),
    ]
}
