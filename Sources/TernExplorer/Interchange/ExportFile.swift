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
    /// A folder that does not exist is created first; `ownerOnly` makes the file readable by its owner alone.
    package static func write(_ data: Data, to url: URL, replacing: Bool, ownerOnly: Bool = false)
        throws(ExplorerError)
    {
        let folder = url.deletingLastPathComponent()
        if !replacing, FileManager.default.fileExists(atPath: url.path) {
            throw ExplorerError(.usage, "'\(url.path)' exists; pass --force to replace it")
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ExplorerError(
                    .storage, "cannot write '\(url.path)': its folder \(folder.path) does not exist and cannot be made")
            }
        } else if !isFolder.boolValue {
            throw ExplorerError(.usage, "cannot write '\(url.path)': \(folder.path) is a file, not a folder")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        let attributes: [FileAttributeKey: Any] = ownerOnly ? [.posixPermissions: 0o600] : [:]
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: attributes) else {
            let reason =
                FileManager.default.isWritableFile(atPath: folder.path)
                ? "the file could not be written" : "the folder \(folder.path) is not writable"
            throw ExplorerError(.storage, "cannot write '\(url.path)': \(reason)")
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
