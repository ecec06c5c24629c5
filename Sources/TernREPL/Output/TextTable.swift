/// Rows of text in aligned columns; the last column is never padded.
struct TextTable {
    var header: [String]
    var rows: [[String]]

    /// The table with two spaces between columns and the header in bold.
    func render(_ style: ANSIStyle) -> String {
        let columns = header.count
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.prefix(columns).enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.prefix(columns).enumerated().map { index, cell in
                index == columns - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([style.bold(line(header))] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
