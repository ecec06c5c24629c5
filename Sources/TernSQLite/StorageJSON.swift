import Tern
import TernJSONPath

/// The JSON the cache writes for every answer and history row (headers, the request record), written
/// directly: `JSONEncoder` was a tenth of what a run cost per request. `JSONDecoder` reads it back;
/// `StorageJSONTests` checks both agree with `JSONEncoder`'s output.
enum StorageJSON {
    /// `[["name","value"],…]`, order and repeats kept.
    static func pairs(_ pairs: [(String, String)]) -> String {
        var out = "["
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += "," }
            out += "["
            string(pair.0, into: &out)
            out += ","
            string(pair.1, into: &out)
            out += "]"
        }
        return out + "]"
    }

    /// The record as an object with sorted keys, absent values left out (as `JSONEncoder` with
    /// `.sortedKeys` writes it).
    static func record(_ record: RequestRecord) -> String {
        var out = "{"
        if let bytes = record.bodyBytes { out += "\"bodyBytes\":\(bytes)," }
        if let text = record.bodyText {
            out += "\"bodyText\":"
            string(text, into: &out)
            out += ","
        }
        out += "\"fingerprints\":{"
        for (index, name) in record.fingerprints.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            string(name, into: &out)
            out += ":"
            string(record.fingerprints[name] ?? "", into: &out)
        }
        out += "},\"headers\":["
        for (index, field) in record.headers.enumerated() {
            if index > 0 { out += "," }
            out += "{\"name\":"
            string(field.name, into: &out)
            out += ",\"value\":"
            string(field.value, into: &out)
            out += "}"
        }
        out += "],\"method\":"
        string(record.method, into: &out)
        if let name = record.name {
            out += ",\"name\":"
            string(name, into: &out)
        }
        if let partition = record.partition {
            out += ",\"partition\":"
            string(partition, into: &out)
        }
        out += ",\"url\":"
        string(record.url, into: &out)
        return out + "}"
    }

    /// `{"dnsMs":…,…,"totalMs":…,"reusedConnection":…}` (a phase not measured is `null`), as
    /// `TransferPhases`' `Codable` writes it.
    static func phases(_ phases: TransferPhases) -> String {
        var out = "{"
        for (index, phase) in phases.milliseconds.enumerated() {
            if index > 0 { out += "," }
            string(phase.key, into: &out)
            out += ":"
            if let value = phase.value, value.isFinite { out += "\(value)" } else { out += "null" }
        }
        if let reused = phases.reusedConnection { out += ",\"reusedConnection\":\(reused)" }
        return out + "}"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    static func string(_ text: String, into out: inout String) {
        JSONPathValue.appendQuoted(text, to: &out)
    }
}
