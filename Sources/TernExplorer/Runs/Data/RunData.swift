package import Foundation
import Tern
import TernJSONPath

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            let name = values["name"]?.trimmingWhitespaceAndNewlines()
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
    /// Where the rows are read from, each time they are gone through.
    let source: DataBytes.Source
    /// How the file is written.
    let format: Format
    /// How many rows the file has.
    package private(set) var count: Int
    /// The `name` fields that more than one row has (their labels carry the row's number).
    private var sharedNames: Set<String>
    /// The length of the longest row label (`ada`, `row 12`), for the faces' columns.
    package private(set) var longestLabel: Int

    /// A data file larger than this is refused before it is read.
    package static let maximumBytes = 64 * 1024 * 1024
    /// At most this many rows.
    package static let maximumRows = 100_000
    /// At most this many columns (fields of an object).
    package static let maximumColumns = 1_000
    /// A field longer than this (characters) is refused.
    package static let maximumFieldLength = 1024 * 1024

    /// Reads the data file at `url` through once, checking every row, without keeping them (`rows()` reads
    /// them again, one at a time): its format by extension (`.csv`, `.json`, `.jsonl`/`.ndjson`), else by
    /// its first character. A malformed file is an error naming its line and column.
    package static func read(_ url: URL, as name: String? = nil) throws(ExplorerError) -> RunData {
        let name = name ?? url.path
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        guard let size else { throw ExplorerError(.usage, "cannot read the data file '\(name)': no such file") }
        // Only a regular file, said for what it is (a FIFO would block the read, a device never end).
        do {
            close(try RegularFile.descriptor(url.path))
        } catch {
            throw ExplorerError(.usage, "cannot read the data file '\(name)': \(error.reason)")
        }
        guard size <= Int64(maximumBytes) else {
            throw ExplorerError(
                .usage, "the data file '\(name)' is \(size) bytes; data files over \(maximumBytes) bytes are refused")
        }
        let format: Format? =
            switch url.pathExtension.lowercased() {
            case "csv": .csv
            case "jsonl", "ndjson": .jsonLines
            default: nil
            }
        return try check(.file(url), file: name, format: format)
    }

    /// Parses `data` as `format` (`nil`: a `[` first means a JSON array, a `{` JSON lines, else CSV).
    package static func parse(_ data: Data, file: String, format: Format? = nil) throws(ExplorerError) -> RunData {
        try check(.memory(data), file: file, format: format)
    }

    /// Goes through `source` once: the format (when not given), the row count, the names rows share.
    private static func check(_ source: DataBytes.Source, file: String, format: Format?) throws(ExplorerError)
        -> RunData
    {
        do throws(DataFileProblem) {
            var chosen = Format.csv
            if let format { chosen = format } else { chosen = try detectedFormat(source, file: file) }
            var data = RunData(
                file: file, source: source, format: chosen, count: 0, sharedNames: [], longestLabel: 0)
            var reader = try DataRowReader(source, name: file, format: chosen)
            defer { reader.close() }
            // Names seen once, by hash: the rows' other cells are not kept, and neither are their names.
            var seen = Set<Int>()
            while let values = try reader.next() {
                data.count += 1
                let row = Row(number: data.count, values: values)
                if let name = row.name {
                    if !seen.insert(name.hashValue).inserted { data.sharedNames.insert(name) }
                    data.longestLabel = max(data.longestLabel, name.count)
                } else {
                    data.longestLabel = max(data.longestLabel, row.label.count)
                }
            }
            guard data.count > 0 else { throw DataFileProblem("it has no rows", line: nil, column: nil) }
            // A shared name's label carries a row's number (`ada #12`): at most this long.
            let digits = String(data.count).count
            for name in data.sharedNames { data.longestLabel = max(data.longestLabel, name.count + 2 + digits) }
            return data
        } catch {
            let place = error.line.map { ":\($0)" + (error.column.map { ":\($0)" } ?? "") } ?? ""
            throw ExplorerError(.usage, "\(file)\(place): \(error.message)")
        }
    }

    /// The format of `source` by its first character: `[` a JSON array, `{` JSON lines, else CSV.
    private static func detectedFormat(_ source: DataBytes.Source, file: String) throws(DataFileProblem) -> Format {
        var bytes = try DataBytes(source, name: file)
        defer { bytes.close() }
        try bytes.skipByteOrderMark()
        while let byte = try bytes.next() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): continue
            case UInt8(ascii: "["): return .jsonArray
            case UInt8(ascii: "{"): return .jsonLines
            default: return .csv
            }
        }
        return .csv
    }

    /// Row `number` with `values`, labelled as the file's rows are.
    private func row(number: Int, _ values: [String: String]) -> Row {
        var row = Row(number: number, values: values)
        row.sharesName = row.name.map { sharedNames.contains($0) } ?? false
        return row
    }

    /// The rows read again from the file, one at a time: only the row being read is held.
    package func rows() throws(ExplorerError) -> Rows {
        do throws(DataFileProblem) {
            return Rows(data: self, reader: try DataRowReader(source, name: file, format: format))
        } catch {
            throw Rows.failure(error, file: file)
        }
    }

    /// Every row at once (for a few rows: a load's, a test's).
    package func allRows() throws(ExplorerError) -> [Row] {
        var rows = try rows()
        defer { rows.close() }
        var all: [Row] = []
        while let row = try rows.next() { all.append(row) }
        return all
    }

    /// The rows of a data file, read one at a time.
    package struct Rows {
        fileprivate let data: RunData
        fileprivate var reader: DataRowReader
        private var number = 0

        fileprivate init(data: RunData, reader: DataRowReader) {
            self.data = data
            self.reader = reader
        }

        /// How many bytes of the file were read so far.
        package var bytesRead: Int { reader.bytesRead }

        /// The next row, `nil` after the last; a file that changed since it was checked is an error.
        package mutating func next() throws(ExplorerError) -> Row? {
            do throws(DataFileProblem) {
                guard let values = try reader.next() else { return nil }
                number += 1
                return data.row(number: number, values)
            } catch {
                throw Self.failure(error, file: data.file)
            }
        }

        /// Closes the file.
        package func close() { reader.close() }

        fileprivate static func failure(_ error: DataFileProblem, file: String) -> ExplorerError {
            let place = error.line.map { ":\($0)" + (error.column.map { ":\($0)" } ?? "") } ?? ""
            return ExplorerError(.usage, "\(file)\(place): \(error.message)")
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
