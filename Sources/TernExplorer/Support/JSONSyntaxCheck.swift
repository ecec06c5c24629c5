import Foundation

/// Where edited text stops being JSON, as people count: line and column from 1.
package struct JSONSyntaxError: Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    /// The error at `line` and `column` (from 1).
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `text`'s first error, or `nil` when it is one JSON document.
    package static func check(_ text: String) -> JSONSyntaxError? {
        let bytes = Data(text.utf8)
        guard let offset = JSONValidator.errorOffset(bytes) else { return nil }
        let before = bytes.prefix(offset)
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column)
    }

    /// `line 3, column 14`.
    package var description: String { "line \(line), column \(column)" }
}
