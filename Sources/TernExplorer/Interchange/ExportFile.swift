package import Foundation
package import TernInterchange

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exported documents on disk (HAR for `cache export|import` and `export har`, Postman collections
/// for `export postman`): the formats are TernInterchange's (`HARDocument`, `HARCodec`, `PostmanExport`);
/// this reads and writes the files and speaks `ExplorerError`.
package enum ExportFile {
    /// Reads and parses the HAR file at `url`.
    package static func readHAR(_ url: URL) throws(ExplorerError) -> HARDocument {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        guard let size else { throw ExplorerError(.workspace, "cannot read '\(url.path)': no such file") }
        guard size <= Int64(HARCodec.maximumFileBytes) else {
            let limit = HARCodec.maximumFileBytes
            throw ExplorerError(.workspace, "'\(url.path)' is \(size) bytes; HAR files over \(limit) bytes are refused")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ExplorerError(.workspace, "cannot read '\(url.path)': \(error.localizedDescription)")
        }
        do throws(ImportError) {
            let document = try HARCodec.decode(data, name: url.path)
            // The cache takes a recording whole or not at all (`import har` skips a broken entry instead).
            if let broken = document.log.unreadable.first { throw broken }
            return document
        } catch {
            throw ExplorerError(.workspace, "'\(url.path)' is not a valid HAR file: \(error.description)")
        }
    }

    /// The HAR document as pretty-printed JSON with sorted keys.
    package static func encode(_ document: HARDocument) throws(ExplorerError) -> Data {
        do {
            return try HARCodec.encode(document)
        } catch {
            throw ExplorerError(.storage, error.message)
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
}
