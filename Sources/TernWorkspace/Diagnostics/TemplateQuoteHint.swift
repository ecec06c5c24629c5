import Foundation
import Tern

/// The hint for an unquoted value that starts with `{{`: YAML reads `{` as the start of a flow mapping, so
/// `path: {{base}}/x` is a syntax error ("did not find expected key") and `path: {{base}}` a mapping.
enum TemplateQuoteHint {
    /// `"; values starting with '{{' must be quoted: path: \"{{base}}/x\""` when line `line` (1-based) of
    /// `text`, or the line before it, has such a value; else an empty string.
    static func hint(in text: String, line: Int) -> String {
        guard line >= 1 else { return "" }
        var candidates: [Substring] = []
        var number = 0
        for content in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if number == line - 1 || number == line { candidates.append(content) }
            if number >= line { break }
        }
        for content in candidates.reversed() {
            if let fixed = quoted(String(content)) {
                return "; a value that starts with '{{' must be quoted: \(fixed)"
            }
        }
        return ""
    }

    /// `key: "{{…}}…"` for a line `key: {{…}}…` (or `- "{{…}}"` for a list item), trimmed; nil otherwise.
    static func quoted(_ line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        let key: String
        let value: Substring
        if trimmed.hasPrefix("- {{") {
            key = "-"
            value = trimmed.dropFirst(2)
        } else if let range = trimmed.range(of: ": {{") {
            key = String(trimmed[..<range.lowerBound]) + ":"
            value = trimmed[trimmed.index(range.lowerBound, offsetBy: 2)...]
        } else {
            return nil
        }
        var body = String(value)
        if let comment = body.range(of: " #") { body = String(body[..<comment.lowerBound]) }
        body = body.trimmingWhitespace()
        let quote = body.contains("\"") ? "'" : "\""
        if quote == "'" { body = body.replacingOccurrences(of: "'", with: "''") }
        return "\(key) \(quote)\(body)\(quote)"
    }
}
