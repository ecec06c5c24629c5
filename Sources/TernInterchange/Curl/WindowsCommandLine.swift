import Foundation

/// Splits Windows `cmd.exe` text (a browser's "Copy as cURL (cmd)") into commands and words.
///
/// Two levels, as Windows runs it: `cmd.exe` first removes `^` escapes (`^"`, `^%`, `^&`) and joins
/// lines ending in `^`, outside its own double quotes; then the program's C runtime splits the line
/// into arguments (`"` groups, `\"` is a quote, backslashes are literal unless they precede a quote).
enum WindowsCommandLine {
    /// Whether `text` reads as `cmd.exe` syntax: a line ending in `^`, or `^"` quoting.
    static func looksLikeCmd(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(10)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            // memchr keeps this fast on huge sources: only each `^` is looked at.
            while offset < buffer.count, let found = memchr(base + offset, 0x5E, buffer.count - offset) {
                var next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                if next < buffer.count, buffer[next] == 0x22 { return true }
                while next < buffer.count, buffer[next] == 0x20 || buffer[next] == 0x09 || buffer[next] == 0x0D {
                    next += 1
                }
                if next < buffer.count, buffer[next] == 0x0A { return true }
                offset = next
            }
            return false
        }
    }

    /// The commands in `text`; `source` names it in error locations.
    static func commands(in text: String, source: String) throws(ImportError) -> [ShellCommand] {
        var lines: [[(Unicode.Scalar, TextPosition)]] = [[]]
        var position = TextPosition()
        var inQuote = false
        var escaped = false
        for scalar in text.unicodeScalars {
            defer { position.advance(over: scalar) }
            if scalar == "\0" {
                throw ImportError(
                    "a NUL byte cannot be part of a command", at: "\(source):\(position.line):\(position.column)")
            }
            if escaped {
                escaped = false
                if scalar == "\n" || scalar == "\r" { continue }
                lines[lines.count - 1].append((scalar, position))
                continue
            }
            if scalar == "\r" { continue }
            if !inQuote, scalar == "^" {
                escaped = true
                continue
            }
            if scalar == "\"" { inQuote.toggle() }
            if scalar == "\n" || (!inQuote && (scalar == "&" || scalar == "|")) {
                inQuote = false
                lines.append([])
                continue
            }
            lines[lines.count - 1].append((scalar, position))
        }
        return lines.compactMap { line in
            let words = arguments(line)
            return words.isEmpty ? nil : ShellCommand(words: words)
        }
    }

    /// The C runtime's argument rules for one command line.
    private static func arguments(_ line: [(Unicode.Scalar, TextPosition)]) -> [ShellWord] {
        var words: [ShellWord] = []
        var word = String.UnicodeScalarView()
        var start: TextPosition?
        var inQuote = false
        var index = 0
        func finish() {
            if let begin = start { words.append(ShellWord(text: String(word), line: begin.line, column: begin.column)) }
            word = String.UnicodeScalarView()
            start = nil
        }
        while index < line.count {
            let (scalar, position) = line[index]
            if scalar == "\\" {
                var count = 0
                while index < line.count, line[index].0 == "\\" {
                    count += 1
                    index += 1
                }
                if start == nil { start = position }
                if index < line.count, line[index].0 == "\"" {
                    word.append(contentsOf: repeatElement("\\", count: count / 2))
                    if count % 2 == 1 {
                        word.append("\"")
                        index += 1
                    }
                } else {
                    word.append(contentsOf: repeatElement("\\", count: count))
                }
                continue
            }
            if scalar == "\"" {
                if start == nil { start = position }
                if inQuote, index + 1 < line.count, line[index + 1].0 == "\"" {
                    word.append("\"")
                    index += 2
                    continue
                }
                inQuote.toggle()
                index += 1
                continue
            }
            if !inQuote, scalar == " " || scalar == "\t" {
                finish()
                index += 1
                continue
            }
            if start == nil { start = position }
            word.append(scalar)
            index += 1
        }
        finish()
        return words
    }
}
