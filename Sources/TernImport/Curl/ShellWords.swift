/// Splits shell text into commands and words the way a POSIX shell (bash) would, without running anything.
///
/// Handles single and double quotes, `$'…'` (ANSI-C escapes), backslash escapes and `\` line
/// continuations, `#` comments, and the separators `;`, `&`, `&&`, `|`, `||` and newlines.
/// Redirections (`> file`, `2>&1`) are dropped with their target. `$NAME` and `${NAME}` outside
/// single quotes become `{{env:NAME}}`. Command substitutions are kept as text.
struct ShellWords {
    private let scalars: [Unicode.Scalar]
    private let source: String
    private var index = 0
    private var position = TextPosition()

    private var commands: [ShellCommand] = []
    private var words: [ShellWord] = []
    private var environmentNames: [String] = []
    private var word = String.UnicodeScalarView()
    private var inWord = false
    private var wordStart = TextPosition()
    private var dropNextWord = false

    /// The commands in `text`; `source` names the text in error locations.
    static func commands(in text: String, source: String) throws(ImportError) -> [ShellCommand] {
        var lexer = ShellWords(scalars: Array(text.unicodeScalars), source: source)
        try lexer.run()
        return lexer.commands
    }

    private init(scalars: [Unicode.Scalar], source: String) {
        self.scalars = scalars
        self.source = source
    }

    private func location(_ at: TextPosition) -> String { "\(source):\(at.line):\(at.column)" }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        guard index < scalars.count else { return }
        position.advance(over: scalars[index])
        index += 1
    }

    private mutating func startWord() {
        if !inWord {
            inWord = true
            wordStart = position
        }
    }

    private mutating func finishWord() {
        guard inWord else { return }
        if dropNextWord {
            dropNextWord = false
        } else {
            words.append(ShellWord(text: String(word), line: wordStart.line, column: wordStart.column))
        }
        word = String.UnicodeScalarView()
        inWord = false
    }

    private mutating func finishCommand() {
        finishWord()
        dropNextWord = false
        if !words.isEmpty { commands.append(ShellCommand(words: words, environmentNames: environmentNames)) }
        words = []
        environmentNames = []
    }

    private mutating func run() throws(ImportError) {
        while let scalar = peek() {
            if scalar == "\0" { throw ImportError("a NUL byte cannot be part of a command", at: location(position)) }
            switch scalar {
            case " ", "\t", "\r":
                finishWord()
                advance()
            case "\n":
                finishCommand()
                advance()
            case "#" where !inWord:
                while let next = peek(), next != "\n" { advance() }
            case "\\":
                if peek(1) == "\n" {
                    advance()
                    advance()
                } else if peek(1) == "\r", peek(2) == "\n" {
                    advance()
                    advance()
                    advance()
                } else {
                    startWord()
                    advance()
                    if let next = peek() {
                        try checkNUL(next)
                        word.append(next)
                        advance()
                    }
                }
            case "'":
                startWord()
                try singleQuoted()
            case "\"":
                startWord()
                try doubleQuoted()
            case "$":
                startWord()
                if peek(1) == "'" {
                    try ansiQuoted()
                } else {
                    try dollar()
                }
            case "`":
                startWord()
                try backquoted()
            case ";", "&", "|":
                finishCommand()
                advance()
                if let next = peek(), next == scalar, scalar != ";" { advance() }
            case ">", "<":
                redirection()
            default:
                startWord()
                word.append(scalar)
                advance()
            }
        }
        finishCommand()
    }

    private func checkNUL(_ scalar: Unicode.Scalar) throws(ImportError) {
        if scalar == "\0" { throw ImportError("a NUL byte cannot be part of a command", at: location(position)) }
    }

    /// `>`, `>>`, `<`, `2>&1`, `&>`: the operator and its target word are dropped.
    private mutating func redirection() {
        if inWord, !word.isEmpty, word.allSatisfy({ $0.properties.numericType != nil && $0.isASCII }) {
            word = String.UnicodeScalarView()
            inWord = false
        }
        finishWord()
        advance()
        while let next = peek(), next == ">" || next == "<" || next == "&" || next == "|" { advance() }
        while let next = peek(), next == " " || next == "\t" { advance() }
        if let next = peek(), next.properties.numericType != nil, next.isASCII, peek(1).map({ $0 == " " || $0 == "\n" }) ?? true {
            advance()
            return
        }
        dropNextWord = true
    }

    private mutating func singleQuoted() throws(ImportError) {
        let start = position
        advance()
        while let scalar = peek() {
            if scalar == "'" {
                advance()
                return
            }
            try checkNUL(scalar)
            word.append(scalar)
            advance()
        }
        throw ImportError("this single quote is never closed", at: location(start))
    }

    private mutating func doubleQuoted() throws(ImportError) {
        let start = position
        advance()
        while let scalar = peek() {
            switch scalar {
            case "\"":
                advance()
                return
            case "\\":
                let next = peek(1)
                if next == "\n" {
                    advance()
                    advance()
                } else if let next, ["$", "`", "\"", "\\"].contains(next) {
                    advance()
                    word.append(next)
                    advance()
                } else {
                    word.append(scalar)
                    advance()
                }
            case "$":
                try dollar()
            case "`":
                try backquoted()
            default:
                try checkNUL(scalar)
                word.append(scalar)
                advance()
            }
        }
        throw ImportError("this double quote is never closed", at: location(start))
    }

    /// `$NAME`, `${NAME}` → `{{env:NAME}}`; `$(…)` kept as text; a lone `$` is itself.
    private mutating func dollar() throws(ImportError) {
        let start = position
        advance()
        guard let next = peek() else {
            word.append("$")
            return
        }
        if next == "{" {
            var name = ""
            var offset = 1
            while let scalar = peek(offset), scalar != "}", offset < 256 {
                name.unicodeScalars.append(scalar)
                offset += 1
            }
            guard peek(offset) == "}" else { throw ImportError("this ${ is never closed", at: location(start)) }
            for _ in 0...offset { advance() }
            appendEnvironment(name)
        } else if next == "(" {
            word.append("$")
            try balanced(open: "(", close: ")", start: start)
        } else if next == "_" || (next.isASCII && next.properties.isAlphabetic) {
            var name = ""
            while let scalar = peek(), scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
                || (scalar.isASCII && scalar.properties.numericType != nil)
            {
                name.unicodeScalars.append(scalar)
                advance()
            }
            appendEnvironment(name)
        } else {
            word.append("$")
        }
    }

    private mutating func appendEnvironment(_ name: String) {
        let valid = !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
        }
        guard valid else {
            word.append(contentsOf: "${\(name)}".unicodeScalars)
            return
        }
        word.append(contentsOf: "{{env:\(name)}}".unicodeScalars)
        if !environmentNames.contains(name) { environmentNames.append(name) }
    }

    /// Copies a `(…)` group (nesting counted) as text.
    private mutating func balanced(open: Unicode.Scalar, close: Unicode.Scalar, start: TextPosition)
        throws(ImportError)
    {
        var depth = 0
        while let scalar = peek() {
            try checkNUL(scalar)
            word.append(scalar)
            advance()
            if scalar == open { depth += 1 }
            if scalar == close {
                depth -= 1
                if depth == 0 { return }
            }
        }
        throw ImportError("this $( is never closed", at: location(start))
    }

    private mutating func backquoted() throws(ImportError) {
        let start = position
        word.append("`")
        advance()
        while let scalar = peek() {
            try checkNUL(scalar)
            word.append(scalar)
            advance()
            if scalar == "`" { return }
        }
        throw ImportError("this backquote is never closed", at: location(start))
    }

    /// `$'…'`: ANSI-C quoting.
    private mutating func ansiQuoted() throws(ImportError) {
        let start = position
        advance()
        advance()
        while let scalar = peek() {
            if scalar == "'" {
                advance()
                return
            }
            try checkNUL(scalar)
            if scalar == "\\", let next = peek(1) {
                advance()
                try ansiEscape(next)
            } else {
                word.append(scalar)
                advance()
            }
        }
        throw ImportError("this $' quote is never closed", at: location(start))
    }

    /// One escape after `\` in `$'…'`; `index` is at the escaped character.
    private mutating func ansiEscape(_ escaped: Unicode.Scalar) throws(ImportError) {
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "a": "\u{07}", "b": "\u{08}", "e": "\u{1B}", "E": "\u{1B}", "f": "\u{0C}", "n": "\n", "r": "\r",
            "t": "\t", "v": "\u{0B}", "\\": "\\", "'": "'", "\"": "\"", "?": "?",
        ]
        if let replacement = simple[escaped] {
            word.append(replacement)
            advance()
            return
        }
        switch escaped {
        case "x":
            advance()
            appendCode(digits: 2, radix: 16, fallback: "\\x")
        case "u":
            advance()
            appendCode(digits: 4, radix: 16, fallback: "\\u")
        case "U":
            advance()
            appendCode(digits: 8, radix: 16, fallback: "\\U")
        case "0"..."7":
            appendCode(digits: 3, radix: 8, fallback: "\\")
        case "c":
            advance()
            if let control = peek() {
                word.append(Unicode.Scalar(UInt8(truncatingIfNeeded: control.value) & 0x1F))
                advance()
            }
        default:
            word.append("\\")
            word.append(escaped)
            advance()
        }
    }

    /// Up to `digits` digits in `radix` as one scalar (bytes above 0x7F from `\x`/octal kept as Latin-1).
    private mutating func appendCode(digits: Int, radix: UInt32, fallback: String) {
        var value: UInt32 = 0
        var count = 0
        while count < digits, let scalar = peek(), let digit = Self.digit(scalar, radix: radix) {
            value = value * radix + digit
            count += 1
            advance()
        }
        guard count > 0 else {
            word.append(contentsOf: fallback.unicodeScalars)
            return
        }
        if value == 0 { return }
        word.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 48
        case "a"..."f": value = scalar.value - 87
        case "A"..."F": value = scalar.value - 55
        default: return nil
        }
        return value < radix ? value : nil
    }
}
