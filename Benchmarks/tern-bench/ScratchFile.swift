import Foundation
import TernMock

/// A file a scenario writes or reads, removed afterwards when the scenario made it up.
struct ScratchFile: Sendable {
    /// Where the file is.
    let url: URL
    /// Whether `remove()` deletes it even though the caller named it (downloads always clean up).
    private let owned: Bool

    /// `given`, or a new name in the temporary directory.
    init(_ given: URL?, prefix: String, alwaysRemove: Bool) {
        url =
            given
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-bench-\(prefix)-\(getpid())-\(UUID().uuidString)")
        owned = alwaysRemove || given == nil
    }

    /// The size on disk, `-1` when the file is missing.
    var size: Int64 { fileSize(url) }

    /// Deletes the file when it is ours to delete.
    func remove() {
        if owned { try? FileManager.default.removeItem(at: url) }
    }
}

/// The size of the file at `url`, `-1` when it is missing.
func fileSize(_ url: URL) -> Int64 {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
        let size = attributes[.size] as? NSNumber
    else { return -1 }
    return size.int64Value
}

/// Writes the first `bytes` bytes of the `/bytes` pattern to `url`, 1 MiB at a time.
func writePatternFile(_ url: URL, bytes: Int64) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw BenchError.scenario("cannot create '\(url.path)'")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let blockSize = 1 << 20  // a multiple of the pattern's 256-byte period, so every block is the same
    let block = MockServer.expectedBytes(count: blockSize)
    var written: Int64 = 0
    while written < bytes {
        let size = Int(min(Int64(blockSize), bytes - written))
        try handle.write(contentsOf: size == blockSize ? block : block.prefix(size))
        written += Int64(size)
    }
}
