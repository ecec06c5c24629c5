import Foundation
import Tern

#if canImport(Glibc)
    import CoreFoundation
    import CDispatch
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

    /// What reading a state file found.
    enum Contents: Equatable {
        /// No file: start empty.
        case absent
        /// The file's bytes.
        case data(Data)
        /// A file that is there but was not read (too large, not a regular file, unreadable): why.
        /// It must not be replaced, or what it holds would be lost.
        case unusable(String)
    }

    /// The bytes of `file`, at most `limit` of them.
    static func contents(of file: URL, limit: Int) -> Contents {
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return errno == ENOENT ? .absent : .unusable(reason(errno)) }
        do {
            return .data(try RegularFile.contents(of: file, limit: limit))
        } catch {
            return .unusable(error.reason)
        }
    }

    /// The failure of a write to `folder/name` that was not read because of `reason`.
    static func kept(_ name: String, in folder: URL, because reason: String) -> FileFailure {
        FileFailure(
            folder.appendingPathComponent(name).path,
            "it was not read (\(reason)), so Tern does not replace it: move it aside to start afresh")
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Writes `data` to `folder/name` atomically; a new file is owner-only (0600) and a replaced one keeps
    /// its mode. Anything but a regular file there is left alone (an error), and so is everything when
    /// `data` is over `limit` bytes (the file would not be read back).
    static func write(_ data: Data, named name: String, in folder: URL, limit: Int) throws(FileFailure) {
        let path = folder.appendingPathComponent(name).path
        guard data.count <= limit else {
            throw FileFailure(
                path,
                "it would be \(data.count) bytes, over the limit of \(limit) that Tern reads back; it was left as it "
                    + "was")
        }
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

}
