import Tern
import TernJSONPath

/// The JSON the cache writes for every answer and history row (headers, the request record), written
/// directly as UTF-8 bytes: `JSONEncoder` was a tenth of what a run cost per request, and building it by
/// appending small strings most of what was left. `JSONDecoder` reads it back; `StorageJSONTests` checks
/// both agree with `JSONEncoder`'s output.
enum StorageJSON {
    /// `[["name","value"],…]`, order and repeats kept.
    static func pairs(_ pairs: [(String, String)]) -> String {
        var out = Writer(capacity: pairs.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 8 })
        out.raw("[")
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("[")
            out.string(pair.0)
            out.raw(",")
            out.string(pair.1)
            out.raw("]")
        }
        out.raw("]")
        return out.text
    }

    /// The record as an object with sorted keys, absent values left out (as `JSONEncoder` with
    /// `.sortedKeys` writes it).
    static func record(_ record: RequestRecord) -> String {
        var out = Writer(capacity: 256 + (record.bodyText?.utf8.count ?? 0) + record.url.utf8.count)
        out.raw("{")
        if let bytes = record.bodyBytes {
            out.raw("\"bodyBytes\":")
            out.raw(String(bytes))
            out.raw(",")
        }
        if let text = record.bodyText {
            out.raw("\"bodyText\":")
            out.string(text)
            out.raw(",")
        }
        out.raw("\"fingerprints\":{")
        for (index, name) in record.fingerprints.keys.sorted().enumerated() {
            if index > 0 { out.raw(",") }
            out.string(name)
            out.raw(":")
            out.string(record.fingerprints[name] ?? "")
        }
        out.raw("},\"headers\":[")
        for (index, field) in record.headers.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{\"name\":")
            out.string(field.name)
            out.raw(",\"value\":")
            out.string(field.value)
            out.raw("}")
        }
        out.raw("],\"method\":")
        out.string(record.method)
        if let name = record.name {
            out.raw(",\"name\":")
            out.string(name)
        }
        if let partition = record.partition {
            out.raw(",\"partition\":")
            out.string(partition)
        }
        out.raw(",\"url\":")
        out.string(record.url)
        out.raw("}")
        return out.text
    }

    /// `{"dnsMs":…,…,"totalMs":…,"reusedConnection":…}` (a phase not measured is `null`), as
    /// `TransferPhases`' `Codable` writes it.
    static func phases(_ phases: TransferPhases) -> String {
        var out = Writer(capacity: 160)
        out.raw("{")
        for (index, phase) in phases.milliseconds.enumerated() {
            if index > 0 { out.raw(",") }
            out.string(phase.key)
            out.raw(":")
            if let value = phase.value, value.isFinite { out.raw("\(value)") } else { out.raw("null") }
        }
        if let reused = phases.reusedConnection {
            out.raw(reused ? ",\"reusedConnection\":true" : ",\"reusedConnection\":false")
        }
        out.raw("}")
        return out.text
    }

    /// JSON as UTF-8 bytes, made into one string at the end.
    private struct Writer {
        private var bytes: [UInt8] = []

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        /// JSON punctuation or a number, as it is.
        mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

        /// A JSON string literal.
        mutating func string(_ text: String) { JSONPathValue.appendQuoted(text, to: &bytes) }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }
}
