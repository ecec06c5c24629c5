package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes HAR documents: limits, a UTF-8 BOM, dates, and files written atomically.
package enum HARCodec {
    /// The largest HAR file read (512 MB).
    package static let maximumFileBytes = 512 * 1024 * 1024
    /// The largest body exported or imported (50 MB); bigger ones are skipped with a warning.
    package static let maximumBodyBytes: Int64 = 50 * 1024 * 1024
    /// The version `log.creator` names.
    package static let ternVersion = "0.1.0"

    /// Parses `data` (a leading UTF-8 BOM is skipped); a malformed document is an error saying where.
    package static func decode(_ data: Data) throws(ExplorerError) -> HARDocument {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        do {
            return try JSONDecoder().decode(HARDocument.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, context) {
            throw malformed("'\(key.stringValue)' is missing at \(path(context))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw malformed("\(path(context)) has the wrong type: \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw malformed("\(path(context)) is null")
        } catch {
            throw malformed("it is not JSON (\(error.localizedDescription))")
        }
    }

    /// Reads and parses the HAR file at `url`.
    package static func read(_ url: URL) throws(ExplorerError) -> HARDocument {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        guard let size else { throw ExplorerError(.workspace, "cannot read '\(url.path)': no such file") }
        guard size <= Int64(maximumFileBytes) else {
            throw ExplorerError(
                .workspace, "'\(url.path)' is \(size) bytes; HAR files over \(maximumFileBytes) bytes are refused"
            )
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ExplorerError(.workspace, "cannot read '\(url.path)': \(error.localizedDescription)")
        }
        do {
            return try decode(data)
        } catch {
            throw ExplorerError(.workspace, "'\(url.path)' is not a valid HAR file: \(error.message)")
        }
    }

    /// The document as pretty-printed JSON with sorted keys.
    package static func encode(_ document: HARDocument) throws(ExplorerError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            throw ExplorerError(.storage, "the HAR document could not be encoded: \(error)")
        }
    }

    /// Writes `data` to `url` atomically (a temporary file beside it, then a link or rename); an
    /// existing file is only replaced when `replacing`, else it is an error and nothing changes.
    package static func write(_ data: Data, to url: URL, replacing: Bool) throws(ExplorerError) {
        let folder = url.deletingLastPathComponent()
        if !replacing, FileManager.default.fileExists(atPath: url.path) {
            throw ExplorerError(.usage, "'\(url.path)' exists; pass --force to replace it")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        do {
            try data.write(to: temporary)
        } catch {
            throw ExplorerError(.storage, "cannot write '\(url.path)': \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        // link(2) fails when the name exists, so a file made meanwhile is never replaced.
        let result = replacing ? rename(temporary.path, url.path) : link(temporary.path, url.path)
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            if errno == EEXIST { throw ExplorerError(.usage, "'\(url.path)' exists; pass --force to replace it") }
            throw ExplorerError(.storage, "cannot write '\(url.path)': \(reason)")
        }
    }

    /// `date` in ISO 8601 with milliseconds.
    package static func string(from date: Date) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format.string(from: date)
    }

    /// An ISO 8601 date, with or without fractional seconds; `nil` when it is not one.
    package static func date(from text: String) -> Date? {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = format.date(from: text) { return date }
        format.formatOptions = [.withInternetDateTime]
        return format.date(from: text)
    }

    private static func malformed(_ reason: String) -> ExplorerError {
        ExplorerError(.workspace, reason)
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
    }
}
