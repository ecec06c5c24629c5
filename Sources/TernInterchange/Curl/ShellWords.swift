import Foundation

/// Splits shell text into commands and words the way a POSIX shell (bash) would, without running anything.
///
/// Handles single and double quotes, `$'…'` (ANSI-C escapes), backslash escapes and `\` line
/// continuations, `#` comments, and the separators `;`, `&`, `&&`, `|`, `||` and newlines.
/// Redirections (`> file`, `2>&1`) are dropped with their target. `$NAME` and `${NAME}` outside
/// single quotes become `{{env:NAME}}`. Command substitutions are kept as text.
struct ShellWords {
    let bytes: [UInt8]
    let source: String
    var index = 0
    /// A byte index whose position is known; positions are computed forward from it, only when needed.
    var cursor = (index: 0, position: TextPosition())

    var commands: [ShellCommand] = []
    var words: [ShellWord] = []
    var environmentNames: [String] = []
    var spacedContinuations: [Int] = []
    var word: [UInt8] = []
    var inWord = false
    var wordStart = 0
    var dropNextWord = false

    /// The commands in `text`; `source` names the text in error locations.
    static func commands(in text: String, source: String) throws(ImportError) -> [ShellCommand] {
        var lexer = ShellWords(bytes: Array(text.utf8), source: source)
        try lexer.run()
        return lexer.commands
    }

    init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    func location(_ at: TextPosition) -> String { "\(source):\(at.line):\(at.column)" }

    /// The line and column of the byte at `target` (at or after the cursor, as the lexer only moves forward).
    mutating func position(at target: Int) -> TextPosition {
        if target < cursor.index { cursor = (0, TextPosition()) }
        var position = cursor.position
        for offset in cursor.index..<min(target, bytes.count) { position.advance(over: bytes[offset]) }
        cursor = (target, position)
        return position
    }

    /// The byte at `index + offset` as a scalar (syntax is ASCII; other bytes only pass through).
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < bytes.count ? Unicode.Scalar(bytes[index + offset]) : nil
    }

    /// Appends a byte of the source as it is.
    mutating func appendByte(_ scalar: Unicode.Scalar) {
        word.append(UInt8(truncatingIfNeeded: scalar.value))
    }

    /// Appends a decoded character (an escape's), UTF-8 encoded.
    mutating func appendScalar(_ scalar: Unicode.Scalar) {
        word.append(contentsOf: String(Character(scalar)).utf8)
    }

    /// The index just past the line break when `start` begins one or more spaces or tabs and then a
    /// line break (`\n` or `\r\n`); else `nil`.
    func spacesThenLineEnd(after start: Int) -> Int? {
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        guard end > start, end < bytes.count else { return nil }
        if bytes[end] == UInt8(ascii: "\n") { return end + 1 }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") {
            return end + 2
        }
        return nil
    }

    mutating func advance() {
        guard index < bytes.count else { return }
        index += 1
    }

    /// Appends the scalars from `index` up to (not including) `end` to the word and moves past them.
    mutating func appendRun(to end: Int) {
        guard end > index else { return }
        let run = bytes[index..<end]
        word.append(contentsOf: run)
        index = end
    }

    /// The index of the first scalar at or after `index` that is in `stops` (or the end).
    func scan(until stops: [Bool]) -> Int {
        var end = index
        while end < bytes.count, !stops[Int(bytes[end])] { end += 1 }
        return end
    }

    /// The index of the next `'` or NUL (memchr: single-quoted data can be megabytes).
    func closingQuote() -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, index < buffer.count else { return buffer.count }
            let count = buffer.count - index
            let offset: (UnsafeMutableRawPointer) -> Int = { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            let quote = memchr(base + index, 0x27, count).map(offset)
            let end = quote ?? buffer.count
            let nul = memchr(base + index, 0, end - index).map(offset)
            return nul ?? end
        }
    }

    static func table(_ characters: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in characters.utf8 { table[Int(byte)] = true }
        return table
    }

    static let doubleQuoteStops = table("\"\\$`\0")
    static let plainStops = table(" \t\r\n\\'\"$`;&|><#\0")

    mutating func startWord() {
        if !inWord {
            inWord = true
            wordStart = index
        }
    }

    mutating func finishWord() {
        guard inWord else { return }
        let start = position(at: wordStart)
        if dropNextWord {
            dropNextWord = false
        } else {
            words.append(
                ShellWord(text: String(decoding: word, as: UTF8.self), line: start.line, column: start.column))
        }
        word = []
        inWord = false
    }

    mutating func finishCommand() {
        finishWord()
        dropNextWord = false
        if !words.isEmpty {
            commands.append(
                ShellCommand(
                    words: words, environmentNames: environmentNames, spacedContinuations: spacedContinuations))
        }
        words = []
        environmentNames = []
        spacedContinuations = []
    }

    mutating func run() throws(ImportError) {
        while let scalar = peek() {
            try checkNUL(scalar)
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
                } else if let end = spacesThenLineEnd(after: index + 1) {
                    // `\` then spaces at the end of a line: a continuation with stray spaces.
                    finishWord()
                    spacedContinuations.append(position(at: index).line)
                    while index < end { advance() }
                } else {
                    startWord()
                    advance()
                    if let next = peek() {
                        try checkNUL(next)
                        appendByte(next)
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
                appendByte(scalar)
                advance()
                appendRun(to: scan(until: Self.plainStops))
            }
        }
        finishCommand()
    }

    mutating func checkNUL(_ scalar: Unicode.Scalar) throws(ImportError) {
        if scalar == "\0" {
            throw ImportError("a NUL byte cannot be part of a command", at: location(position(at: index)))
        }
    }

    /// `>`, `>>`, `<`, `2>&1`, `&>`: the operator and its target word are dropped.
    mutating func redirection() {
        if inWord, !word.isEmpty, word.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            word = []
            inWord = false
        }
        finishWord()
        advance()
        while let next = peek(), next == ">" || next == "<" || next == "&" || next == "|" { advance() }
        while let next = peek(), next == " " || next == "\t" { advance() }
        if let next = peek(), next.properties.numericType != nil, next.isASCII,
            peek(1).map({ $0 == " " || $0 == "\n" }) ?? true
        {
            advance()
            return
        }
        dropNextWord = true
    }

    mutating func singleQuoted() throws(ImportError) {
        let start = position(at: index)
        advance()
        appendRun(to: closingQuote())
        if let scalar = peek() {
            try checkNUL(scalar)
            advance()
            return
        }
        throw ImportError("this single quote is never closed", at: location(start))
    }

    mutating func doubleQuoted() throws(ImportError) {
        let start = position(at: index)
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
                    appendByte(next)
                    advance()
                } else {
                    appendByte(scalar)
                    advance()
                }
            case "$":
                try dollar()
            case "`":
                try backquoted()
            default:
                try checkNUL(scalar)
                appendRun(to: scan(until: Self.doubleQuoteStops))
            }
        }
        throw ImportError("this double quote is never closed", at: location(start))
    }

    /// `$NAME`, `${NAME}` → `{{env:NAME}}`; `$(…)` kept as text; a lone `$` is itself.
    mutating func dollar() throws(ImportError) {
        let start = position(at: index)
        advance()
        guard let next = peek() else {
            appendByte("$")
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
            appendByte("$")
            try balanced(open: "(", close: ")", start: start)
        } else if next == "_" || (next.isASCII && next.properties.isAlphabetic) {
            var name = ""
            while let scalar = peek(),
                scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
                    || (scalar.isASCII && scalar.properties.numericType != nil)
            {
                name.unicodeScalars.append(scalar)
                advance()
            }
            appendEnvironment(name)
        } else {
            appendByte("$")
        }
    }

    mutating func appendEnvironment(_ name: String) {
        let valid =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
            }
        guard valid else {
            word.append(contentsOf: "${\(name)}".utf8)
            return
        }
        word.append(contentsOf: "{{env:\(name)}}".utf8)
        if !environmentNames.contains(name) { environmentNames.append(name) }
    }

    /// Copies a `(…)` group (nesting counted) as text.
    mutating func balanced(open: Unicode.Scalar, close: Unicode.Scalar, start: TextPosition)
        throws(ImportError)
    {
        var depth = 0
        while let scalar = peek() {
            try checkNUL(scalar)
            appendByte(scalar)
            advance()
            if scalar == open { depth += 1 }
            if scalar == close {
                depth -= 1
                if depth == 0 { return }
            }
        }
        throw ImportError("this $( is never closed", at: location(start))
    }

    mutating func backquoted() throws(ImportError) {
        let start = position(at: index)
        appendByte("`")
        advance()
        while let scalar = peek() {
            try checkNUL(scalar)
            appendByte(scalar)
            advance()
            if scalar == "`" { return }
        }
        throw ImportError("this backquote is never closed", at: location(start))
    }
}
