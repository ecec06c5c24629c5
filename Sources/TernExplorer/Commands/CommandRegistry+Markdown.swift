extension CommandRegistry {
    /// `docs/commands.md`, generated from the command table (a test fails when the file is stale).
    package static func markdown() -> String {
        var lines = [
            "# Commands",
            "",
            "<!-- Generated from CommandRegistry (Sources/TernExplorer/Commands/CommandRegistry.swift).",
            "     Regenerate with: TERN_RECORD_DOCS=1 swift test --filter CommandDocsTests -->",
            "",
            "The explorer's command language: typed at the REPL prompt and on the TUI's `:` line.",
            "Words are separated by spaces; quotes ('…' or \"…\") keep spaces, a backslash escapes one",
            "character, and `body` takes the rest of the line as it is (JSON needs no quoting).",
            "",
            "| command | what it does | TUI key |",
            "|---|---|---|",
        ]
        for info in all {
            lines.append("| `\(info.usage)` | \(info.summary) | \(info.key.map { "`\($0)`" } ?? "") |")
        }
        lines += [
            "",
            "`set var` changes a session variable (above the environment's); `set header` and `set query`",
            "edit the selected spec until `save` writes it. An unknown command suggests the closest ones;",
            "wrong arguments print the command's usage.",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
