import ArgumentParser
import TernWorkspace

/// `tern sned get-user`: a first word that names no command is an error with a suggestion, not arguments
/// of the default command (the TUI, which takes none) and its usage.
enum UnknownCommand {
    /// Options of the default command that take a value (the word after them is not a command).
    /// (`--generate-completion-script SHELL` is swift-argument-parser's: `tern --generate-completion-script bash`.)
    static let valueOptions: Set<String> = ["--workspace", "--env", "--generate-completion-script"]

    /// The names `tern` accepts as its first word: every subcommand (and its upper-case alias) and `help`.
    static var commandNames: [String] {
        TernCommand.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
    }

    /// The names an error lists: the commands `tern --help` shows, in lower case.
    static var shownNames: [String] {
        TernCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            + ["help"]
    }

    /// `unknown command 'sned' (did you mean 'send'?)` when the first word of `arguments` (the process's,
    /// without the executable) that is neither an option nor an option's value names no command; else nil.
    static func message(for arguments: [String]) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" { return nil }
            if word.hasPrefix("-") {
                index += valueOptions.contains(word) ? 2 : 1
                continue
            }
            guard !commandNames.contains(word) else { return nil }
            let names = shownNames
            if let match = Suggestions.closest(to: word, in: names) {
                return "unknown command '\(word)' (did you mean '\(match)'?)"
            }
            return "unknown command '\(word)'; the commands are \(Suggestions.list(names)) ('tern --help' says more)"
        }
        return nil
    }
}
