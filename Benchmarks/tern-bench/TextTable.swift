import Foundation

/// Rows of cells printed as aligned columns for a terminal, or as a Markdown table.
struct TextTable: Sendable {
    let header: [String]
    let rows: [[String]]

    /// The columns padded to their widest cell, two spaces apart (no spaces at the ends of lines).
    var aligned: String {
        let cells = [header] + rows
        let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { row in
            let line = row.indices.map { row[$0].padding(toLength: widths[$0]) }.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// Prints the aligned table, then (with `markdown`) a blank line and the Markdown one.
    func print(markdown: Bool) {
        Swift.print(aligned)
        if markdown { Swift.print("\n" + self.markdown) }
    }

    /// A Markdown table (`|` inside a cell is escaped).
    var markdown: String {
        let lines = [header, header.map { _ in "---" }] + rows
        return lines.map { row in
            "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }.joined(separator: "\n")
    }
}

extension String {
    /// The string padded with spaces to `length` characters (never cut).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
