package import Foundation
import Tern

/// Reads and writes HAR documents: limits, a UTF-8 BOM, dates, and errors that say where.
package enum HARCodec {
    /// The largest HAR document read (512 MB): `cache import` takes big recordings; `tern import`
    /// refuses sources over `maximumSourceBytes` first.
    package static let maximumFileBytes = 512 * 1024 * 1024
    /// The largest source `tern import har` reads (64 MiB), checked before parsing.
    package static let maximumSourceBytes = 64 * 1024 * 1024
    /// The largest body exported or imported (50 MB); bigger ones are skipped with a warning.
    package static let maximumBodyBytes: Int64 = 50 * 1024 * 1024
    /// The version `log.creator` names.
    package static let ternVersion = TernVersion.string

    /// Parses `data` (a leading UTF-8 BOM is skipped). A malformed document is an error whose
    /// location is a JSON pointer (`#/log/entries/3/request`) or, for bad JSON, `name:line:column`.
    package static func decode(_ data: Data, name: String = "HAR") throws(ImportError) -> HARDocument {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let body = Data(bytes)
        let document: HARDocument
        do {
            document = try JSONDecoder().decode(HARDocument.self, from: body)
        } catch let error as DecodingError {
            throw importError(error) ?? syntaxError(body, name: name)
        } catch {
            throw syntaxError(body, name: name)
        }
        // An archive whose every entry is broken has nothing to give: its first fault is the error.
        if document.log.entries.isEmpty, let first = document.log.unreadable.first { throw first }
        return document
    }

    /// A decoding error as an error at its JSON pointer; `nil` for bad JSON (no path to name).
    static func importError(_ error: DecodingError) -> ImportError? {
        switch error {
        case .keyNotFound(let key, let context):
            return ImportError("'\(key.stringValue)' is missing", at: pointer(context.codingPath))
        case .typeMismatch(let type, let context):
            return ImportError("this has the wrong type (expected \(describe(type)))", at: pointer(context.codingPath))
        case .valueNotFound(let type, let context):
            return ImportError("this is null (expected \(describe(type)))", at: pointer(context.codingPath))
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return ImportError("this is not valid: \(context.debugDescription)", at: pointer(context.codingPath))
        default:
            return nil
        }
    }

    /// The document as pretty-printed JSON with sorted keys.
    package static func encode(_ document: HARDocument) throws(ImportError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            throw ImportError("the HAR document could not be encoded: \(error)")
        }
    }

    /// `date` in ISO 8601 with milliseconds.
    package static func string(from date: Date) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format.string(from: date)
    }

    /// An ISO 8601 date (`2024-05-01T10:00:00.123+02:00`), fractional seconds of any length (Fiddler
    /// writes seven digits) and `Z`, `±hh:mm` or `±hhmm`; `nil` when it is not one. No formatter: it is
    /// called once per entry of archives with 100 000 entries.
    package static func date(from text: String) -> Date? {
        var scanner = ASCIIScanner(text)
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2),
            scanner.skip("T") || scanner.skip("t") || scanner.skip(" "), let hour = scanner.number(digits: 2),
            scanner.skip(":"), let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2), (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 61
        else { return nil }
        let fraction = scanner.skip(".") ? scanner.fraction().value : 0
        var offset: Int64 = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2) else { return nil }
            _ = scanner.skip(":")
            let minutes = scanner.number(digits: 2) ?? 0
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.atEnd else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// A coding path as a JSON pointer (`#/log/entries/3/request/url`).
    package static func pointer(_ path: [any CodingKey]) -> String {
        let parts = path.map { key in
            key.intValue.map(String.init)
                ?? key.stringValue.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return "#/" + parts.joined(separator: "/")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }

    /// Where the JSON in `data` stops parsing, as `name:line:column`, from the parser's byte offset
    /// (`around character N`, or the end for a truncated file); the parser's reason alone otherwise.
    static func syntaxError(_ data: Data, name: String) -> ImportError {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let reason = ((error as NSError).userInfo["NSDebugDescription"] as? String) ?? "\(error)"
            // A truncated file names no offset: the fault is at its end.
            let atEnd = reason.lowercased().contains("end of file") ? data.count : nil
            if let offset = number(after: "character ", in: reason) ?? atEnd {
                let (line, column) = lineAndColumn(of: offset, in: data)
                return ImportError("this is not JSON (\(reason))", at: "\(name):\(line):\(column)")
            }
            return ImportError("this is not JSON (\(reason))", at: name)
        }
        return ImportError("this is not a HAR document (the top level must be an object with 'log')", at: "#/")
    }

    /// The 1-based line and column of byte `offset` in `data` (columns count bytes).
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The number following `marker` in `text`.
    private static func number(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }
}
