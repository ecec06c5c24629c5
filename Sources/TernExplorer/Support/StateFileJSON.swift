import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the explorer's own files in `.tern/` (captured values, cookies, OAuth 2.0 tokens) are written: JSON with sorted
/// keys, pretty-printed so a diff reads, dates in ISO 8601.
enum StateFileJSON {
    /// The decoder for those files.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Timestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date and time")
            }
            return date
        }
        return decoder
    }

    /// The encoder for those files.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            guard let text = ISO8601Timestamp.string(from: date) else {
                throw EncodingError.invalidValue(
                    date, .init(codingPath: encoder.codingPath, debugDescription: "outside the years 0–9999"))
            }
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    /// Writes `data` to `folder/name` atomically; a new file is owner-only (0600) and a replaced one keeps
    /// its mode. Anything but a regular file there is left alone (an error).
    static func write(_ data: Data, named name: String, in folder: URL) throws(FileFailure) {
        let path = folder.appendingPathComponent(name).path
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }  // a new file starts owner-only; replacing keeps the mode
        var existing = stat()
        guard lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG else {
            throw FileFailure(path, "it is not a regular file, so Tern does not replace it")
        }
        let replacement = try ReplacementFile(replacing: path, existing: existing)
        let written = data.withUnsafeBytes { bytes in Result { () throws(FileFailure) in try replacement.write(bytes) }
        }
        try written.get()
        try replacement.commit()
    }

    /// The bytes of `file` when it is there and at most `limit` bytes long.
    static func read(_ file: URL, limit: Int) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, size <= limit
        else { return nil }
        return try? Data(contentsOf: file)
    }
}
