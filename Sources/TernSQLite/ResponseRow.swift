import Foundation
import GRDB
import HTTPTypes
import Tern

/// How a `StoredResponse` maps to a row of the `responses` table; every read is checked, never trusted.
enum ResponseRow {
    /// The columns read, in the order `decode` expects them.
    static let selection = "key, status, headers, body, file_path, source, stored_at, valid_until, method, url"

    /// The `INSERT` for one entry, with `arguments(for:)`.
    static let insert = """
        INSERT INTO responses (key, status, headers, body, file_path, source, stored_at, valid_until, method, url)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values of `entry` for `insert`.
    static func arguments(for entry: StoredResponse) throws -> StatementArguments {
        let pairs = entry.headers.map { [$0.name.rawName, $0.value] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let headers = String(decoding: try encoder.encode(pairs), as: UTF8.self)
        let values: [(any DatabaseValueConvertible)?] = [
            entry.key, entry.status, headers, entry.body, entry.fileURL?.path, entry.source.rawValue,
            entry.storedAt.timeIntervalSince1970, entry.validUntil.timeIntervalSince1970, entry.method, entry.url,
        ]
        return StatementArguments(values)
    }

    /// The entry in `row` (selected with `selection`).
    static func decode(_ row: Row) throws -> StoredResponse {
        let key = try row.decode(String.self, atIndex: 0)
        let sourceName = try row.decode(String.self, atIndex: 5)
        guard let source = ResponseSource(rawValue: sourceName) else {
            throw TernError(.storage, "the cache entry '\(key)' has an unknown source '\(sourceName)'")
        }
        let filePath = try row.decode(String?.self, atIndex: 4)
        return StoredResponse(
            key: key,
            status: try row.decode(Int.self, atIndex: 1),
            headers: try headers(from: row.decode(String.self, atIndex: 2), key: key),
            body: try row.decode(Data.self, atIndex: 3),
            fileURL: filePath.map { URL(fileURLWithPath: $0, isDirectory: false) },
            source: source,
            storedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 6)),
            validUntil: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 7)),
            method: try row.decode(String.self, atIndex: 8),
            url: try row.decode(String.self, atIndex: 9)
        )
    }

    /// Header fields from a JSON array of `[name, value]` pairs, order and repeats kept.
    static func headers(from json: String, key: String) throws -> HTTPFields {
        let pairs: [[String]]
        do {
            pairs = try JSONDecoder().decode([[String]].self, from: Data(json.utf8))
        } catch {
            throw TernError(.storage, "the headers of cache entry '\(key)' are not readable JSON", underlying: error)
        }
        var fields = HTTPFields()
        for pair in pairs {
            guard pair.count == 2, let name = HTTPField.Name(pair[0]) else {
                throw TernError(.storage, "the headers of cache entry '\(key)' hold an invalid field \(pair)")
            }
            fields.append(HTTPField(name: name, value: pair[1]))
        }
        return fields
    }
}
