/// Soft wrapping for windows of text: a line too wide for its column count is broken after the
/// last space that fits (the space kept at the end of the row, so joining rows gives the line
/// back), or, with no space to break at, at the column edge.
package enum Wrap {
    /// The rows `line` takes at `width` columns (at least one row, even for an empty line).
    package static func rows(_ line: String, width: Int) -> [String] {
        guard width > 0, CellWidth.of(line) > width else { return [line] }
        var rows: [String] = []
        var rest = Substring(line)
        // Each pass takes at least one character, so the loop ends.
        while CellWidth.of(rest) > width {
            var head = CellWidth.prefix(rest, fitting: width)
            if head.isEmpty { head = rest.prefix(1) }
            if let space = head.lastIndex(of: " "), space > head.startIndex {
                head = rest[rest.startIndex...space]
            }
            rows.append(String(head))
            rest = rest[head.endIndex...]
        }
        if !rest.isEmpty { rows.append(String(rest)) }
        return rows
    }

    /// Every line's rows, each with the index of the line it comes from.
    package static func rows(_ lines: [String], width: Int) -> [(text: String, line: Int)] {
        lines.enumerated().flatMap { index, line in rows(line, width: width).map { ($0, index) } }
    }
}
