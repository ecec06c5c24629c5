package import Foundation
import TernJSONPath

/// The rows of a data file that a run goes through once each (`tern run --data FILE`): a CSV file
/// with a header row, a JSON array of objects, or JSON lines (one object per line). Each row's
/// fields become variables for the specs of its pass.
package struct RunData: Sendable, Equatable {
    /// One row: its number (from 1, the header not counted) and its fields.
    package struct Row: Sendable, Equatable {
        /// The row's number, from 1.
        package var number: Int
        /// The row's fields by column name; a JSON number or boolean as its JSON text, an object or
        /// array as compact JSON, `null` as an empty string.
        package var values: [String: String]

        /// Makes a row.
        package init(number: Int, values: [String: String]) {
            self.number = number
            self.values = values
        }

        /// Whether another row has the same `name` (the label then carries the number too).
        package var sharesName = false

        /// The row's `name` field when it has a non-empty one (`ada`, or `ada #3` when rows share it),
        /// else `row N`: what reports call the row, unique in the file.
        package var label: String {
            guard let name else { return "row \(number)" }
            return sharesName ? "\(name) #\(number)" : name
        }

        /// The `name` field, trimmed, when it is not empty.
        var name: String? {
            let name = values["name"]?.trimmingCharacters(in: .whitespacesAndNewlines)
            return name?.isEmpty == false ? name : nil
        }
    }

    /// How a data file is written.
    package enum Format: Sendable, Equatable {
        /// Comma-separated values with a header row (RFC 4180).
        case csv
        /// A JSON array of objects.
        case jsonArray
        /// One JSON object per line (blank lines skipped).
        case jsonLines
    }

    /// The file's name as the user gave it (for messages).
    package var file: String
    /// The rows in file order.
    package var rows: [Row]

    /// A data file larger than this is refused before it is read.
    package static let maximumBytes = 64 * 1024 * 1024
    /// At most this many rows.
    package static let maximumRows = 100_000
    /// At most this many columns (fields of an object).
    package static let maximumColumns = 1_000
    /// A field longer than this (characters) is refused.
    package static let maximumFieldLength = 1024 * 1024

    /// Makes a data set.
    package init(file: String, rows: [Row]) {
        self.file = file
        self.rows = rows
    }

    /// Reads the data file at `url`: its format by extension (`.csv`, `.json`, `.jsonl`/`.ndjson`),
    /// else by its first character. A malformed file is an error naming its line and column.
    package static func read(_ url: URL, as name: String? = nil) throws(ExplorerError) -> RunData {
        let name = name ?? url.path
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        guard let size else { throw ExplorerError(.usage, "cannot read the data file '\(name)': no such file") }
        guard size <= Int64(maximumBytes) else {
            throw ExplorerError(
                .usage, "the data file '\(name)' is \(size) bytes; data files over \(maximumBytes) bytes are refused")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ExplorerError(.usage, "cannot read the data file '\(name)': \(error.localizedDescription)")
        }
        let format: Format? =
            switch url.pathExtension.lowercased() {
            case "csv": .csv
            case "jsonl", "ndjson": .jsonLines
            default: nil
            }
        return try parse(data, file: name, format: format)
    }

    /// Parses `data` as `format` (`nil`: a `[` first means a JSON array, a `{` JSON lines, else CSV).
    package static func parse(_ data: Data, file: String, format: Format? = nil) throws(ExplorerError) -> RunData {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ExplorerError(.usage, "the data file '\(file)' is not UTF-8 text")
        }
        let first = text.unicodeScalars.first { !($0 == "\u{FEFF}" || $0.properties.isWhitespace) }
        let chosen = format ?? (first == "[" ? .jsonArray : first == "{" ? .jsonLines : .csv)
        do throws(DataFileProblem) {
            let rows: [[String: String]] =
                switch chosen {
                case .csv: try csvRows(text)
                case .jsonArray: try jsonArrayRows(text)
                case .jsonLines: try jsonLineRows(text)
                }
            guard !rows.isEmpty else { throw DataFileProblem("it has no rows", line: nil, column: nil) }
            var made = rows.enumerated().map { Row(number: $0.offset + 1, values: $0.element) }
            var counts: [String: Int] = [:]
            for row in made { if let name = row.name { counts[name, default: 0] += 1 } }
            for index in made.indices where (made[index].name.map { counts[$0] ?? 0 } ?? 0) > 1 {
                made[index].sharesName = true
            }
            return RunData(file: file, rows: made)
        } catch {
            let place = error.line.map { ":\($0)" + (error.column.map { ":\($0)" } ?? "") } ?? ""
            throw ExplorerError(.usage, "\(file)\(place): \(error.message)")
        }
    }
}

/// Why a data file could not be read, where it was seen.
struct DataFileProblem: Error {
    var message: String
    var line: Int?
    var column: Int?

    init(_ message: String, line: Int?, column: Int?) {
        self.message = message
        self.line = line
        self.column = column
    }
}
