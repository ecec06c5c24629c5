import Foundation

/// Turns the ```swift blocks of a Markdown page into one Swift file that compiles them all.
///
/// Per block: `import` lines are gathered at the top; declarations that start at column 0 (types,
/// extensions, functions, `@Test`s, with the `///` lines above them) stay at file scope, so later blocks
/// can use them; every other line becomes the body of a function of its own (`snippetN`), where each
/// column-0 `let`/`var` is then marked used. A block whose fence follows the line
/// `<!-- not compiled: why -->` is left out (keep that rare: it is for quotes of the library's own
/// declarations).
enum DocSnippets {
    /// The line that keeps the next block out of the generated file.
    static let skipMarker = "<!-- not compiled"

    /// One ```swift block: its first line's number in the page (1-based) and its lines.
    struct Block: Equatable {
        var line: Int
        var lines: [String]
    }

    /// The blocks of `markdown` that are compiled, in page order.
    static func blocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var skipping = false
        var previous = ""
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            if var block = current {
                if line.hasPrefix("```") {
                    if !skipping { blocks.append(block) }
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line == "```swift" {
                current = Block(line: index + 2, lines: [])
                skipping = previous.hasPrefix(skipMarker)
            }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { previous = line }
        }
        return blocks
    }

    /// The Swift file that compiles every block of `markdown`; `source` names the page in comments.
    static func file(from markdown: String, source: String, command: String) -> String {
        var imports = Set<String>()
        var parts: [String] = []
        for (number, block) in blocks(in: markdown).enumerated() {
            let split = split(block.lines)
            imports.formUnion(split.imports)
            var part = ["// \(source):\(block.line)"]
            part += split.declarations
            if split.body.contains(where: { isCode($0) }) {
                if !split.declarations.isEmpty { part.append("") }
                part.append("func snippet\(number + 1)() async throws {")
                part += split.body
                part += usedNames(split.body).map { "_ = \($0)" }
                part.append("}")
            }
            parts.append(part.joined(separator: "\n"))
        }
        let header = [
            "// swift-format-ignore-file",
            "// Generated from \(source): every ```swift block of it, compiled. Do not edit; run",
            "// \(command)",
        ]
        let importLines = imports.sorted().map { "import \($0)" }
        return (header + [""] + importLines + [""] + [parts.joined(separator: "\n\n")]).joined(separator: "\n") + "\n"
    }

    /// A block's imports, file-scope declarations and function-body lines.
    static func split(_ lines: [String]) -> (imports: [String], declarations: [String], body: [String]) {
        var imports: [String] = []
        var declarations: [String] = []
        var body: [String] = []
        var comments: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("import ") {
                imports.append(String(line.dropFirst("import ".count)))
            } else if line.hasPrefix("///") {
                comments.append(line)
            } else if startsDeclaration(line) {
                if !declarations.isEmpty { declarations.append("") }
                declarations += comments
                comments = []
                let end = declarationEnd(lines, from: index)
                declarations += lines[index...end]
                index = end
            } else {
                body += comments
                comments = []
                body.append(line)
            }
            index += 1
        }
        body += comments
        while body.first?.isEmpty == true { body.removeFirst() }
        while body.last?.isEmpty == true { body.removeLast() }
        return (imports, declarations, body)
    }

    private static let declarationStarts = [
        "struct ", "enum ", "final class ", "class ", "actor ", "protocol ", "extension ", "func ", "@Test",
        "typealias ", "public ",
    ]

    private static func startsDeclaration(_ line: String) -> Bool {
        declarationStarts.contains { line.hasPrefix($0) }
    }

    /// The last line of the declaration starting at `start`: its line when braces balance there,
    /// else the next line that is a lone `}` at column 0.
    private static func declarationEnd(_ lines: [String], from start: Int) -> Int {
        let opening = lines[start].filter { $0 == "{" }.count
        let closing = lines[start].filter { $0 == "}" }.count
        guard opening > closing else { return start }
        var index = start + 1
        while index < lines.count {
            if lines[index].hasPrefix("}") { return index }
            index += 1
        }
        return lines.count - 1
    }

    private static func isCode(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }

    /// The names a function body declares at its top level (`let name`, `var name`), to mark them used.
    private static func usedNames(_ body: [String]) -> [String] {
        body.compactMap { line in
            for keyword in ["let ", "var "] where line.hasPrefix(keyword) {
                let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return name.isEmpty ? nil : String(name)
            }
            return nil
        }
    }
}
