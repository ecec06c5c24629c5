import Foundation

/// Rows of text in aligned columns; the last column is never padded.
struct TextTable {
    var header: [String]
    var rows: [[String]]

    /// The narrowest a column is cut to when the table is too wide for the terminal.
    static let minimumColumn = 8

    /// The table with two spaces between columns and the header in bold. With a `width` (the
    /// terminal's columns), the widest padded columns are cut, with `…`, until a line fits: the
    /// header never wraps, and long cells (a URL) no longer push every row past the edge.
    func render(_ style: ANSIStyle, width: Int? = nil) -> String {
        let columns = header.count
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.prefix(columns).enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        if let width, columns > 1 { widths = Self.fit(widths, last: widths[columns - 1], into: width) }
        func line(_ cells: [String]) -> String {
            cells.prefix(columns).enumerated().map { index, cell in
                guard index < columns - 1 else { return cell }
                let shown = cell.count > widths[index] ? String(cell.prefix(widths[index] - 1)) + "…" : cell
                return shown.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([style.bold(line(header))] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// `widths` with the widest padded column cut one at a time until a line (padded columns, two-space
    /// gaps and the last column, `last` wide) fits `width`, or every padded column is at the minimum.
    static func fit(_ widths: [Int], last: Int, into width: Int) -> [Int] {
        var widths = widths
        let padded = widths.count - 1
        func total() -> Int { widths.prefix(padded).reduce(0, +) + 2 * padded + last }
        // Bounded: each pass cuts one column by at least one, and no column goes under the minimum.
        while total() > width {
            guard let widest = widths.prefix(padded).indices.max(by: { widths[$0] < widths[$1] }),
                widths[widest] > minimumColumn
            else { break }
            let excess = total() - width
            widths[widest] = max(minimumColumn, widths[widest] - excess)
        }
        return widths
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
