import Foundation
import Tern

/// Saves an edited spec by changing only what changed in the file's own text: comments, blank lines,
/// flow style and quoting of every untouched field stay as they were.
///
/// The file is cut into top-level fields (a field's comment lines above it go with it). A field is
/// kept word for word when `SpecWriter` writes it the same for the definition on disk and for the
/// edited one; otherwise its text is the writer's. In `query:` and `headers:` written as blocks the
/// same is done entry by entry, so editing one header changes one line. A new field goes where the
/// documented order puts it among the fields present (`query` after `path`, before `body` and
/// `expect`); a new entry after the last one. `nil` when the file is not laid out so (a flow mapping
/// at the top, several documents): the caller rewrites it whole.
enum SpecTextPatch {
    /// One top-level field's text: the comment and blank lines above it, then its own lines.
    struct Block {
        var key: String
        var leading: [Substring]
        var lines: [Substring]

        var text: [Substring] { leading + lines }
    }

    /// The fields of `text` in order, with the lines before the first (comments) and after the last.
    struct Document {
        var preamble: [Substring]
        var blocks: [Block]
        var trailer: [Substring]
    }

    /// `original` (the file, reading as `old`) changed to read as `new`.
    static func patch(original: String, old: String, new: String) -> String? {
        guard let file = document(original), let before = document(old), let after = document(new) else {
            return nil
        }
        // The writer's text of each field, as it was and as it is.
        let wasWritten = Dictionary(before.blocks.map { ($0.key, $0.lines) }, uniquingKeysWith: { first, _ in first })
        let isWritten = Dictionary(after.blocks.map { ($0.key, $0.lines) }, uniquingKeysWith: { first, _ in first })
        var blocks: [Block] = []
        for block in file.blocks {
            guard let now = isWritten[block.key] else { continue }  // the field is gone
            if wasWritten[block.key] == now {
                blocks.append(block)
            } else {
                var changed = block
                changed.lines = entries(of: block.lines, was: wasWritten[block.key] ?? [], now: now) ?? now
                blocks.append(changed)
            }
        }
        // New fields, each after the field the documented order puts before it.
        let order = SpecReader.fieldOrder
        for block in after.blocks where !file.blocks.contains(where: { $0.key == block.key }) {
            let rank = order.firstIndex(of: block.key) ?? order.count
            let index = blocks.lastIndex { (order.firstIndex(of: $0.key) ?? order.count) <= rank }
            blocks.insert(Block(key: block.key, leading: [], lines: block.lines), at: index.map { $0 + 1 } ?? 0)
        }
        let lines = file.preamble + blocks.flatMap(\.text) + file.trailer
        return lines.joined(separator: "\n")
    }

    /// A mapping field's lines with only its changed entries rewritten (`headers:` with one header
    /// edited changes one line); `nil` when the field is not a block mapping on both sides.
    private static func entries(of lines: [Substring], was: [Substring], now: [Substring]) -> [Substring]? {
        guard let file = mappingEntries(lines), let before = mappingEntries(was), let after = mappingEntries(now)
        else { return nil }
        let indent = String(repeating: " ", count: file.indent)
        func reindented(_ entry: [Substring]) -> [Substring] {
            entry.map { line in
                line.hasPrefix(String(repeating: " ", count: after.indent))
                    ? Substring(indent + line.dropFirst(after.indent)) : line
            }
        }
        let wasWritten = Dictionary(before.entries.map { ($0.key, $0.lines) }, uniquingKeysWith: { first, _ in first })
        let isWritten = Dictionary(after.entries.map { ($0.key, $0.lines) }, uniquingKeysWith: { first, _ in first })
        var result = [lines[0]]
        var kept: [String] = []
        for entry in file.entries {
            guard let now = isWritten[entry.key] else { continue }
            kept.append(entry.key)
            result += wasWritten[entry.key] == now ? entry.lines : reindented(now)
        }
        for entry in after.entries where !kept.contains(entry.key) { result += reindented(entry.lines) }
        return result + file.trailing
    }

    /// The entries of a block mapping field (`key:` alone on its line, entries indented under it).
    private static func mappingEntries(_ lines: [Substring])
        -> (indent: Int, entries: [(key: String, lines: [Substring])], trailing: [Substring])?
    {
        guard let first = lines.first, first.trimmingWhitespace().hasSuffix(":"), lines.count > 1
        else { return nil }
        let body = lines.dropFirst()
        guard let firstEntry = body.first(where: { !isBlankOrComment($0) }) else { return nil }
        let indent = firstEntry.prefix { $0 == " " }.count
        guard indent > 0 else { return nil }
        var entries: [(key: String, lines: [Substring])] = []
        var pending: [Substring] = []
        for line in body {
            let depth = line.prefix { $0 == " " }.count
            if !isBlankOrComment(line), depth == indent {
                guard let key = key(of: line.dropFirst(indent)) else { return nil }
                entries.append((key, pending + [line]))
                pending = []
            } else if isBlankOrComment(line) || entries.isEmpty {
                pending.append(line)
            } else {
                entries[entries.count - 1].lines += pending + [line]
                pending = []
            }
        }
        return (indent, entries, pending)
    }

    /// The top-level fields of a spec file, or `nil` when it is not a block mapping of fields.
    static func document(_ text: String) -> Document? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var document = Document(preamble: [], blocks: [], trailer: [])
        var pending: [Substring] = []
        for line in lines {
            if isBlankOrComment(line) {
                pending.append(line)
                continue
            }
            if line.first == " " || line.first == "\t" || line.first == "-" && !line.hasPrefix("---") {
                // More of the field above (a nested value, a list item).
                guard !document.blocks.isEmpty else { return nil }
                document.blocks[document.blocks.count - 1].lines += pending + [line]
                pending = []
                continue
            }
            guard let key = key(of: line) else { return nil }
            if document.blocks.isEmpty {
                document.preamble = pending
            }
            document.blocks.append(Block(key: key, leading: document.blocks.isEmpty ? [] : pending, lines: [line]))
            pending = []
        }
        guard !document.blocks.isEmpty else { return nil }
        document.trailer = pending
        return document
    }

    /// The key of a `key: value` line (quotes taken off); `nil` for anything else.
    private static func key(of line: Substring) -> String? {
        if let quote = line.first, quote == "\"" || quote == "'" {
            guard let end = line.dropFirst().firstIndex(of: quote) else { return nil }
            let rest = line[line.index(after: end)...]
            guard rest.hasPrefix(":") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        let key = line[..<colon].trimmingWhitespace()
        guard !key.isEmpty, !key.contains("{"), !key.contains("["), !key.hasPrefix("#") else { return nil }
        return key
    }

    private static func isBlankOrComment(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
