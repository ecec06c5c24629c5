import Foundation
import GRDB
import HTTPTypes
import Tern

/// How a `StoredResponse` maps to a row of the `responses` table; every read is checked, never trusted.
enum ResponseRow {
    /// The columns read, in the order `decode` expects them.
    static let selection = columns(request: "request")

    /// `selection` with the recorded request left out (NULL), for replays.
    static let replaySelection = columns(request: "NULL")

    /// The columns, `request` read as `request`. Joined, not edited with `replacingOccurrences`: that goes
    /// through `NSString`, and its first use in a process costs 2 M instructions of conformance scans.
    private static func columns(request: String) -> String {
        "key, status, headers, body, file_path, source, stored_at, valid_until, method, url, \(request), vary, "
            + "body_bytes, revalidated_at, verified_at, drifted, secrets"
    }

    /// The `INSERT` for one entry, with `arguments(for:)`.
    static let insert = """
        INSERT INTO responses (key, status, headers, body, file_path, source, stored_at, valid_until, method, url,
            request, vary, body_bytes, revalidated_at, verified_at, drifted, name, last_used, secrets)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values of `entry` for `insert`.
    static func arguments(for entry: StoredResponse) throws -> StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            entry.key, entry.status, try encodeHeaders(entry.headers), entry.body, entry.fileURL?.path,
            entry.source.rawValue, entry.storedAt.timeIntervalSince1970, entry.validUntil.timeIntervalSince1970,
            entry.method, entry.url, try entry.request.map(encodeRecord), entry.varyDigest, entry.byteCount,
            entry.revalidatedAt?.timeIntervalSince1970, entry.verification?.date.timeIntervalSince1970,
            entry.verification.map { $0.drifted ? 1 : 0 }, entry.request?.name, entry.storedAt.timeIntervalSince1970,
            try encodeMarks(entry.secretMarks),
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
        let verifiedAt = try row.decode(Double?.self, atIndex: 14)
        let drifted = try row.decode(Int?.self, atIndex: 15)
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
            url: try row.decode(String.self, atIndex: 9),
            request: try row.decode(String?.self, atIndex: 10).flatMap { try record(from: $0, key: key) },
            varyDigest: try row.decode(String?.self, atIndex: 11),
            revalidatedAt: try row.decode(Double?.self, atIndex: 13).map(Date.init(timeIntervalSince1970:)),
            verification: verifiedAt.map {
                StoredResponse.Verification(date: Date(timeIntervalSince1970: $0), drifted: drifted == 1)
            },
            byteCount: try row.decode(Int64.self, atIndex: 12),
            secretMarks: try row.decode(String?.self, atIndex: 16).flatMap { try marks(from: $0, key: key) }
        )
    }

    static func encodeMarks(_ marks: SecretMarks?) throws -> String? {
        guard let marks, !marks.isEmpty else { return nil }
        return String(decoding: try JSONEncoder().encode(marks), as: UTF8.self)
    }

    static func marks(from json: String, key: String) throws -> SecretMarks {
        do {
            return try JSONDecoder().decode(SecretMarks.self, from: Data(json.utf8))
        } catch {
            throw TernError(
                .storage, "the secret marks of cache entry '\(key)' are not readable JSON", underlying: error)
        }
    }

    static func encodeHeaders(_ fields: HTTPFields) throws -> String {
        StorageJSON.pairs(fields.map { ($0.name.rawName, $0.value) })
    }

    static func encodeRecord(_ record: RequestRecord) throws -> String {
        StorageJSON.record(record)
    }

    static func record(from json: String, key: String) throws -> RequestRecord {
        do {
            return try JSONDecoder().decode(RequestRecord.self, from: Data(json.utf8))
        } catch {
            throw TernError(.storage, "the request of cache entry '\(key)' is not readable JSON", underlying: error)
        }
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
