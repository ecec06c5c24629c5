/// One word of a command line after quoting is removed, with where it starts in the source.
struct ShellWord: Sendable, Equatable {
    /// The word's text (`$NAME` and `${NAME}` outside single quotes become `{{env:NAME}}`).
    var text: String
    /// The 1-based line the word starts on.
    var line: Int
    /// The 1-based column the word starts at.
    var column: Int
}

/// One simple command: its words, in order (the program name first).
struct ShellCommand: Sendable, Equatable {
    /// The words.
    var words: [ShellWord]
    /// Whether a word used `$NAME` / `${NAME}` (turned into `{{env:NAME}}`).
    var environmentNames: [String] = []
    /// Lines that end with `\` followed by spaces, read as continued (bash would end the command there:
    /// documentation and chat often add the spaces, never meaning it).
    var spacedContinuations: [Int] = []

    /// The line the command starts on.
    var line: Int { words.first?.line ?? 1 }
}

/// A position in the source text, advanced one scalar at a time.
struct TextPosition: Sendable, Equatable {
    /// 1-based line.
    var line = 1
    /// 1-based column, in Unicode scalars.
    var column = 1

    /// The position after the UTF-8 byte `byte` (continuation bytes do not count as columns).
    mutating func advance(over byte: UInt8) {
        if byte == 10 {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// The position after `scalar`.
    mutating func advance(over scalar: Unicode.Scalar) {
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
}
