import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file atomically: the new bytes go to `.<name>.tmp-<uuid>` in the same folder,
/// which is then renamed over the old file. Readers see the old file or the new one, never a
/// half-written one; a failure leaves the old file intact and no temporary file behind.
enum AtomicFile {
    /// A `rename(2)`-shaped function: 0 on success, else -1 with `errno` set.
    typealias Rename = (_ from: String, _ to: String) -> Int32

    /// Writes `data` to `file`, creating its folder when needed.
    static func write(_ data: Data, to file: URL, rename: Rename = { systemRename($0, $1) }) throws(WorkspaceError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WorkspaceError(.io, "cannot create the folder \(folder.path): \(reason(error))", file: file, underlying: error)
        }
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).tmp-\(UUID().uuidString)")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WorkspaceError(.io, "cannot write the file: \(reason(error))", file: file, underlying: error)
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let permissions = attributes[.posixPermissions]
        {
            try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
        }
        guard rename(temporary.path, file.path) == 0 else {
            let message = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WorkspaceError(.io, "cannot replace the file: \(message)", file: file)
        }
    }

    private static func systemRename(_ from: String, _ to: String) -> Int32 {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return Foundation.rename(from, to)
        #else
        return -1
        #endif
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
