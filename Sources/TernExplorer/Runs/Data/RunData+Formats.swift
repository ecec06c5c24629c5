import Foundation
import Tern
import TernJSONPath

/// The rows of a data file read one at a time, each row's fields by column name, in any of the three
/// formats: CSV (the first row names the columns, every other row has as many fields), a JSON array of
/// objects, one JSON object per line. Only the row being read is held.
struct DataRowReader {
    // One of the three is set, by the format. (Optionals rather than an enum's payloads: a reader taken out
    // of an enum to be advanced would copy its buffer each time.)
    private var csv: CSVRows?
    private var columns: [String]?
    private var array: JSONArrayItems?
    private var lines: DataBytes?
    private var line = 0
    /// Rows read so far.
    private var count = 0

    /// Starts reading `source` (named `name`) as `format`.
    init(_ source: DataBytes.Source, name: String, format: RunData.Format) throws(DataFileProblem) {
        let bytes = try DataBytes(source, name: name)
        switch format {
        case .csv:
            csv = try CSVRows(
                bytes, maximumFieldLength: RunData.maximumFieldLength, maximumFields: RunData.maximumColumns)
        case .jsonArray: array = try JSONArrayItems(bytes)
        case .jsonLines: lines = bytes
        }
    }

    /// How many bytes of the file were read so far.
    var bytesRead: Int { csv?.bytesRead ?? array?.bytesRead ?? lines?.bytesRead ?? 0 }

    /// Closes the file.
    func close() {
        csv?.close()
        array?.close()
        lines?.close()
    }

    /// The next row's fields, `nil` after the last.
    mutating func next() throws(DataFileProblem) -> [String: String]? {
        if csv != nil {
            if columns == nil {
                guard let header = try csv?.next() else { return nil }
                columns = try Self.columns(header.fields, line: header.line)
            }
            guard let row = try csv?.next(), let columns else { return nil }
            try checkCount(line: row.line)
            guard row.fields.count == columns.count else {
                throw DataFileProblem(
                    "this row has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"); "
                        + "the header has \(columns.count)", line: row.line, column: 1)
            }
            return Dictionary(zip(columns, row.fields), uniquingKeysWith: { first, _ in first })
        }
        if array != nil {
            guard let item = try array?.next() else { return nil }
            try checkCount(line: nil)
            return try Self.fields(item, what: "item \(count) of the array", line: nil)
        }
        while lines != nil {
            guard let text = try Self.line(from: &lines) else { return nil }
            line += 1
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"]))
            guard !trimmed.isEmpty else { continue }
            try checkCount(line: line)
            let value = try Self.decode(trimmed, line: line, column: 1)
            return try Self.fields(value, what: "the line", line: line)
        }
        return nil
    }

    /// Counts a row, refusing one past `RunData.maximumRows`.
    private mutating func checkCount(line: Int?) throws(DataFileProblem) {
        guard count < RunData.maximumRows else {
            throw DataFileProblem("more than \(RunData.maximumRows) rows", line: line, column: line.map { _ in 1 })
        }
        count += 1
    }

    /// The header's column names, checked.
    private static func columns(_ fields: [String], line: Int) throws(DataFileProblem) -> [String] {
        let columns = fields.map { $0.trimmingWhitespace() }
        guard columns.count <= RunData.maximumColumns else {
            throw DataFileProblem("more than \(RunData.maximumColumns) columns", line: line, column: 1)
        }
        var seen = Set<String>()
        for (index, column) in columns.enumerated() {
            guard !column.isEmpty else {
                throw DataFileProblem("column \(index + 1) of the header row has no name", line: line, column: nil)
            }
            guard seen.insert(column).inserted else {
                throw DataFileProblem("the header names the column '\(column)' twice", line: line, column: nil)
            }
        }
        return columns
    }

    /// The next line of `bytes` (without its line feed), `nil` at the end.
    private static func line(from bytes: inout DataBytes?) throws(DataFileProblem) -> String? {
        var line: [UInt8] = []
        var sawAny = false
        while let byte = try bytes?.next() {
            sawAny = true
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        return sawAny ? try utf8Text(line, line: nil) : nil
    }

    /// `text` as JSON; a syntax error is at its line and column (`text` starts at `line` and `column`).
    static func decode(_ text: String, line: Int, column: Int) throws(DataFileProblem) -> JSONPathValue {
        do {
            return try JSONPathValue(decoding: text, maxDepth: 64)
        } catch {
            let problem = error as? JSONPathError
            let offset = problem?.offset ?? 0
            let bytes = Array(text.utf8.prefix(offset))
            let newlines = bytes.count { $0 == 0x0A }
            let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
            let scalars = (String(bytes: bytes[lineStart...], encoding: .utf8)?.unicodeScalars.count ?? 0)
            let message = problem?.message ?? "invalid JSON"
            throw DataFileProblem(
                message, line: line + newlines, column: newlines == 0 ? column + scalars : scalars + 1)
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
        guard object.count <= RunData.maximumColumns else {
            throw DataFileProblem("\(what) has more than \(RunData.maximumColumns) fields", line: line, column: nil)
        }
        var fields: [String: String] = [:]
        for (name, member) in object.members {
            let text: String =
                switch member {
                case .string(let string): string
                case .null: ""
                default: member.jsonText
                }
            guard text.count <= RunData.maximumFieldLength else {
                throw DataFileProblem(
                    "'\(name)' in \(what) is longer than \(RunData.maximumFieldLength) characters", line: line,
                    column: nil)
            }
            fields[name] = text
        }
        return fields
    }
}

/// The items of a JSON array read one at a time: each item's text is cut out by its brackets and quotes
/// and decoded alone, so the array is never held whole.
struct JSONArrayItems {
    private var bytes: DataBytes
    private var line = 1
    private var column = 1
    private var ended = false

    /// Reads `bytes`, which start (after a byte-order mark and white space) with `[`.
    init(_ bytes: DataBytes) throws(DataFileProblem) {
        self.bytes = bytes
        try self.bytes.skipByteOrderMark()
        try skipSpace()
        guard try take() == UInt8(ascii: "[") else {
            throw DataFileProblem("a JSON data file is an array of objects", line: 1, column: 1)
        }
    }

    /// How many bytes were read so far.
    var bytesRead: Int { bytes.bytesRead }

    /// Closes the file.
    func close() { bytes.close() }

    /// The next item, `nil` after the last.
    mutating func next() throws(DataFileProblem) -> JSONPathValue? {
        guard !ended else { return nil }
        try skipSpace()
        if try bytes.peek() == UInt8(ascii: "]") {
            _ = try take()
            try end()
            return nil
        }
        let (startLine, startColumn) = (line, column)
        var item: [UInt8] = []
        var depth = 0
        var inString = false
        var escaped = false
        while true {
            guard let byte = try bytes.peek() else {
                throw DataFileProblem("invalid JSON: the array is not closed", line: line, column: column)
            }
            if !inString, depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") { break }
            _ = try take()
            item.append(byte)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        let text = try utf8Text(item, line: startLine)
        let value = try DataRowReader.decode(text, line: startLine, column: startColumn)
        if try take() == UInt8(ascii: "]") { try end() }
        return value
    }

    /// After the closing bracket only white space may follow.
    private mutating func end() throws(DataFileProblem) {
        ended = true
        try skipSpace()
        if try bytes.peek() != nil {
            throw DataFileProblem("invalid JSON: text after the array", line: line, column: column)
        }
    }

    private mutating func skipSpace() throws(DataFileProblem) {
        while let byte = try bytes.peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\n")
        {
            _ = try take()
        }
    }

    /// Takes the next byte, counting lines and columns (in scalars).
    private mutating func take() throws(DataFileProblem) -> UInt8? {
        guard let byte = try bytes.next() else { return nil }
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        return byte
    }
}
