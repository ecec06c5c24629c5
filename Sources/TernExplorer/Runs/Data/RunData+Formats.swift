import Foundation
import TernJSONPath

/// The three formats a data file may have.
extension RunData {
    /// CSV: the first row names the columns; every other row has as many fields.
    static func csvRows(_ text: String) throws(DataFileProblem) -> [[String: String]] {
        let table: CSVTable
        do throws(CSVTable.Problem) {
            table = try CSVTable(
                text, maximumRows: maximumRows, maximumFieldLength: maximumFieldLength, maximumFields: maximumColumns)
        } catch {
            throw DataFileProblem(error.message, line: error.line, column: error.column)
        }
        guard let header = table.rows.first else { return [] }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard columns.count <= maximumColumns else {
            throw DataFileProblem("more than \(maximumColumns) columns", line: header.line, column: 1)
        }
        var seen = Set<String>()
        for (index, column) in columns.enumerated() {
            guard !column.isEmpty else {
                throw DataFileProblem(
                    "column \(index + 1) of the header row has no name", line: header.line, column: nil)
            }
            guard seen.insert(column).inserted else {
                throw DataFileProblem("the header names the column '\(column)' twice", line: header.line, column: nil)
            }
        }
        return try table.rows.dropFirst().map { row throws(DataFileProblem) in
            guard row.fields.count == columns.count else {
                throw DataFileProblem(
                    "this row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"); "
                        + "the header has \(columns.count)", line: row.line, column: 1)
            }
            return Dictionary(zip(columns, row.fields), uniquingKeysWith: { first, _ in first })
        }
    }

    /// A JSON array whose items are objects.
    static func jsonArrayRows(_ text: String) throws(DataFileProblem) -> [[String: String]] {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        guard case .array(let items) = try decode(body, line: 1) else {
            throw DataFileProblem("a JSON data file is an array of objects", line: 1, column: 1)
        }
        guard items.count <= maximumRows else {
            throw DataFileProblem("more than \(maximumRows) rows", line: nil, column: nil)
        }
        return try items.enumerated().map { index, item throws(DataFileProblem) in
            try fields(item, what: "item \(index + 1) of the array", line: nil)
        }
    }

    /// One JSON object per line.
    static func jsonLineRows(_ text: String) throws(DataFileProblem) -> [[String: String]] {
        var rows: [[String: String]] = []
        // Split on line feeds in the scalars: "\r\n" is one Character, which a Character split would not cut.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"]))
            guard !trimmed.isEmpty else { continue }
            guard rows.count < maximumRows else {
                throw DataFileProblem("more than \(maximumRows) rows", line: index + 1, column: 1)
            }
            let value = try decode(trimmed, line: index + 1)
            rows.append(try fields(value, what: "the line", line: index + 1))
        }
        return rows
    }

    /// `text` as JSON; a syntax error is at its line and column (`text` starts at `line`).
    private static func decode(_ text: String, line: Int) throws(DataFileProblem) -> JSONPathValue {
        do {
            return try JSONPathValue(decoding: text, maxDepth: 64)
        } catch {
            let problem = error as? JSONPathError
            let offset = problem?.offset ?? 0
            let bytes = Array(text.utf8.prefix(offset))
            let newlines = bytes.count { $0 == 0x0A }
            let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
            let column = (String(bytes: bytes[lineStart...], encoding: .utf8)?.unicodeScalars.count ?? 0) + 1
            let message = problem?.message ?? "invalid JSON"
            throw DataFileProblem(message, line: line + newlines, column: column)
        }
    }

    /// An object's members as variables.
    private static func fields(_ value: JSONPathValue, what: String, line: Int?) throws(DataFileProblem)
        -> [String: String]
    {
        guard case .object(let object) = value else {
            throw DataFileProblem(
                "\(what) is a JSON \(value.typeName), not an object", line: line, column: line.map { _ in 1 })
        }
        guard object.count <= maximumColumns else {
            throw DataFileProblem("\(what) has more than \(maximumColumns) fields", line: line, column: nil)
        }
        var fields: [String: String] = [:]
        for (name, member) in object.members {
            let text: String =
                switch member {
                case .string(let string): string
                case .null: ""
                default: member.jsonText
                }
            guard text.count <= maximumFieldLength else {
                throw DataFileProblem(
                    "'\(name)' in \(what) is longer than \(maximumFieldLength) characters", line: line, column: nil)
            }
            fields[name] = text
        }
        return fields
    }
}
